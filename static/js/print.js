// Print buttons ([data-print]): a listener here, not an onclick attribute, so the page's
// Content-Security-Policy (scripts from our own files only) needs no 'unsafe-inline'.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) { window.print(); }
  });
})();
