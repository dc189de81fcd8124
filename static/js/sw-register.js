// Registers the service worker (tutor/path/pwa.py), which keeps the static files on the device
// and shows the offline page when the network is down. Pages are never cached by it.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator)) return;
  var url = script.getAttribute("data-sw");
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url, { scope: "/" }).catch(function () {
      /* not installable here (plain HTTP, private mode): the site works the same */
    });
  });
})();
