// Tutor walkthrough keys: arrows / space step, Home / End jump, Esc leaves presentation mode,
// F toggles full screen. The step links are htmx links, so clicking them swaps the step region.
(function () {
  "use strict";
  function nav(name) {
    var link = document.querySelector('[data-nav="' + name + '"]');
    if (link) { link.click(); return true; }
    return false;
  }
  function presenting() { return document.body.classList.contains("presenting"); }
  function toggleFullscreen() {
    var root = document.documentElement;
    try {
      if (document.fullscreenElement) { document.exitFullscreen(); }
      else if (root.requestFullscreen) { root.requestFullscreen().catch(function () {}); }
    } catch (e) { /* not allowed here: the page still fills the window */ }
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
    if (!document.getElementById("step-region")) { return; }
    // Space and Enter on a control (the near-miss list's summary, a link) work that control.
    if ((event.key === " " || event.key === "Enter") && target && target.closest &&
        target.closest("summary, button, a")) { return; }
    var done = false;
    switch (event.key) {
      case "ArrowRight": case "PageDown": done = nav("next"); break;
      case "ArrowLeft": case "PageUp": done = nav("prev"); break;
      case " ": done = presenting() && nav(event.shiftKey ? "prev" : "next"); break;
      case "Home": done = nav("first"); break;
      case "End": done = nav("last"); break;
      case "Escape": done = presenting() && nav("exit"); break;
      case "f": case "F": if (presenting()) { toggleFullscreen(); done = true; } break;
    }
    if (done) { event.preventDefault(); }
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-fullscreen]");
    if (button) { toggleFullscreen(); }
  });
})();
