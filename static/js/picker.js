/* Tenbo picker: small progressive enhancements; htmx does the real work.
 * 1. Clicks that land while a request is in flight are queued and replayed on the fresh
 *    form, so fast clicking never loses a tile (htmx keeps only one pending submitter).
 * 2. The share link copies the URL to the clipboard.
 * 3. "/" jumps to the notation box.
 * 4. Keyboard focus is not lost when the focused tile leaves the hand. */
(function () {
  "use strict";
  var busy = false;
  var queue = [];
  function form() { return document.getElementById("picker"); }
  function next() {
    while (!busy && queue.length) {
      var item = queue.shift();
      var f = form();
      if (!f) return;
      var selector = 'button[name="' + item[0] + '"][value="' + CSS.escape(item[1]) + '"]';
      var button = f.querySelector(selector);
      if (button && !button.disabled) { button.click(); return; }
    }
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (e.target === form()) busy = true;
  });
  var focusedId = "";
  document.addEventListener("htmx:beforeRequest", function () {
    var active = document.activeElement;
    focusedId = active && active.id ? active.id : "";
  });
  document.addEventListener("htmx:afterRequest", function () {
    busy = false;
    var active = document.activeElement;
    if (focusedId && (!active || active === document.body)) {
      var f = form();
      var fallback = f && (f.querySelector(".hand-row button") || f.querySelector(".pal-tile:not([disabled])"));
      if (fallback) fallback.focus();
    }
    setTimeout(next, 0);
  });
  document.addEventListener("click", function (e) {
    var share = e.target.closest && e.target.closest("#share");
    if (share && navigator.clipboard) {
      e.preventDefault();
      navigator.clipboard.writeText(share.dataset.share || share.href).then(function () {
        share.dataset.copied = "1";
        setTimeout(function () { delete share.dataset.copied; }, 1600);
      }, function () { window.location.href = share.href; });
      return;
    }
    var button = e.target.closest && e.target.closest("#picker button[name]");
    if (!button || !busy) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    queue.push([button.name, button.value]);
  }, true);
  document.addEventListener("keydown", function (e) {
    var t = e.target;
    if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    var box = document.getElementById("paste");
    if (box) { e.preventDefault(); box.focus(); box.select(); }
  });
})();
