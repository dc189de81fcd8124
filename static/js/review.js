// Review a game: a pasted record travels as a form field, which the server caps (the
// textarea's data-max-bytes; a longer body is refused whole); a file is not capped by it. So a
// paste longer than that is sent as a file instead, and the learner's long paste imports
// like an upload (up to the file limit) instead of ending on a "too large" page.
(function () {
  "use strict";
  var form = document.querySelector("form.review-import");
  if (!form) { return; }
  var area = form.querySelector("#record");
  var file = form.querySelector("#file");
  if (!area || !file || typeof TextEncoder === "undefined") { return; }
  form.addEventListener("submit", function () {
    area.name = "record";  // a field again (after an earlier send, or back from the page cache)
    var max = Number(area.getAttribute("data-max-bytes") || 0);
    var text = area.value.trim();
    if (!max || !text || (file.files && file.files.length)) { return; }
    var bytes = new TextEncoder().encode(text);
    if (bytes.length <= max) { return; }
    try {
      var transfer = new DataTransfer();
      var name = text.charAt(0) === "{" ? "pasted.json" : "pasted.mjlog";
      transfer.items.add(new File([bytes], name, { type: "application/octet-stream" }));
      file.files = transfer.files;
      area.name = "";  // the text goes as the file; a field without a name is not sent
    } catch (e) {
      // No DataTransfer (an old browser): the form goes as it is, and the server says why.
    }
  });
})();

// The hand as it was played: arrow keys step (Home / End: first / last step), and on a phone a
// swipe left or right steps. The step links are htmx links, so clicking them swaps the board
// and the address keeps the step (?step=N).
(function () {
  "use strict";
  function nav(name) {
    var link = document.querySelector('#board [data-nav="' + name + '"]');
    if (link) { link.click(); return true; }
    return false;
  }
  document.addEventListener("keydown", function (event) {
    if (!document.getElementById("board")) { return; }
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
    var done = false;
    switch (event.key) {
      case "ArrowRight": case "PageDown": done = nav("next"); break;
      case "ArrowLeft": case "PageUp": done = nav("prev"); break;
      case "Home": done = nav("first"); break;
      case "End": done = nav("last"); break;
    }
    if (done) { event.preventDefault(); }
  });
  var start = null;
  document.addEventListener("touchstart", function (event) {
    var board = event.target.closest && event.target.closest("#board");
    start = board && event.touches.length === 1 ?
      { x: event.touches[0].clientX, y: event.touches[0].clientY } : null;
  }, { passive: true });
  document.addEventListener("touchend", function (event) {
    if (!start || !event.changedTouches.length) { return; }
    var dx = event.changedTouches[0].clientX - start.x;
    var dy = event.changedTouches[0].clientY - start.y;
    start = null;
    // A clear sideways swipe (not a scroll): left goes on, right goes back.
    if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(dy)) { nav(dx < 0 ? "next" : "prev"); }
  }, { passive: true });
})();
