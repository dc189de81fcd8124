// The path's pages: the browser's time zone for Today's days (the tenbo_tz cookie, as the
// classroom sets it), the clock of a timed full hand, and the share text's Copy button.
(function () {
  "use strict";
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) document.cookie = "tenbo_tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; SameSite=Lax";
  } catch (err) { /* no Intl: the site's time zone is used */ }

  function startClocks(root) {
    root.querySelectorAll("[data-clock]:not([data-started])").forEach(function (clock) {
      clock.setAttribute("data-started", "1");
      var start = Date.now();
      var show = function () {
        var s = Math.floor((Date.now() - start) / 1000);
        clock.textContent = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
      };
      show();
      var tick = setInterval(function () {
        if (!document.body.contains(clock)) { clearInterval(tick); return; }
        show();
      }, 1000);
    });
  }

  function wireCopy(root) {
    root.querySelectorAll("[data-copy]").forEach(function (button) {
      if (!navigator.clipboard) return;
      button.hidden = false;
      button.addEventListener("click", function () {
        var source = document.querySelector(button.getAttribute("data-copy"));
        if (!source) return;
        navigator.clipboard.writeText(source.value).then(function () {
          button.textContent = button.getAttribute("data-copied") || button.textContent;
        });
      });
    });
  }

  function wire(root) { startClocks(root); wireCopy(root); }
  document.addEventListener("DOMContentLoaded", function () { wire(document); });
  document.body && document.body.addEventListener("htmx:afterSwap", function (event) { wire(event.target); });
})();
