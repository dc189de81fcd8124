/* Classroom: the live countdown, an answer sent while offline, the browser's time zone.
 *
 * - A [data-closes] countdown (milliseconds since the epoch) counts down its .secs each
 *   second; at zero the page reloads, so the server shows "time is up" (and reveals the answer
 *   if the teacher chose auto-reveal).
 * - A live answer htmx could not send (no connection) says so under the form and is sent
 *   again every 3 s until it goes through (the server keeps only the first answer).
 * - The browser's time zone goes into a cookie: a class created here shows its times in it.
 * - A refused answer (400) stays inside the phone's page (see below).
 */
(function () {
  "use strict";

  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) document.cookie = "tenbo_tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; SameSite=Lax";
  } catch (err) { /* no Intl: the class keeps UTC, labelled */ }

  var reloading = false;
  function tick() {
    var clocks = document.querySelectorAll("[data-closes]");
    for (var i = 0; i < clocks.length; i++) {
      var closes = parseInt(clocks[i].getAttribute("data-closes"), 10);
      var left = Math.max(0, Math.ceil((closes - Date.now()) / 1000));
      var secs = clocks[i].querySelector(".secs");
      if (secs) secs.textContent = String(left);
      if (left <= 0 && !reloading && secs) {
        reloading = true;
        window.setTimeout(function () { window.location.reload(); }, 600);
      }
    }
  }
  window.setInterval(tick, 1000);

  // A refused answer (400: the phone's own region with its message) is swapped in like any
  // answer, and the phone keeps polling. Under DEBUG, django-htmx's error overlay listens on
  // the document for 400s and would put the bare fragment in place of the whole page (no
  // styles, no header, no poll): stopped here, before it, for the phone's region only.
  document.addEventListener("htmx:beforeOnLoad", function (event) {
    var xhr = event.detail && event.detail.xhr;
    var elt = event.target;
    if (xhr && xhr.status === 400 && elt && elt.closest && elt.closest("#play")) {
      event.stopPropagation();
    }
  }, true);

  document.addEventListener("htmx:sendError", function (event) {
    var form = event.target;
    if (!form || !form.classList || !form.classList.contains("live-answer")) return;
    var note = form.querySelector(".offline");
    if (note) {
      note.textContent = form.getAttribute("data-offline") || "";
      note.hidden = false;
    }
    window.setTimeout(function () {
      if (document.body.contains(form)) form.requestSubmit();
    }, 3000);
  });
})();
