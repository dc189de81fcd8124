// Quiz mode: the optional timer, and focus on the right element after htmx swaps.
(function () {
  "use strict";
  function startTimers(root) {
    root.querySelectorAll(".quiz-timer:not([data-started])").forEach(function (timer) {
      timer.setAttribute("data-started", "1");
      var left = parseInt(timer.getAttribute("data-seconds"), 10) || 0;
      var form = document.querySelector("form.quiz-form[data-timed]");
      var tick = setInterval(function () {
        if (!document.body.contains(timer)) { clearInterval(tick); return; }
        left -= 1;
        timer.textContent = Math.max(left, 0) + (timer.getAttribute("data-unit") || "s");
        if (left <= 5) timer.classList.add("late");
        if (left <= 0) {
          clearInterval(tick);
          if (form && document.body.contains(form)) {
            // Say that time ran out, so the feedback does not read as a wrong guess.
            var expired = document.createElement("input");
            expired.type = "hidden";
            expired.name = "expired";
            expired.value = "1";
            form.appendChild(expired);
            form.requestSubmit();
          }
        }
      }, 1000);
    });
  }
  function focusFirst(root) {
    var el = root.querySelector("[autofocus]");
    if (el && document.activeElement !== el) el.focus();
  }
  // The score table under the feedback scrolls sideways to the answer's cell, clear of the
  // sticky row labels (110 fu was off the frame at 1280 px, all but 20-40 fu on a phone).
  function showAnswerCells(root) {
    root.querySelectorAll(".table-scroll").forEach(function (frame) {
      var cell = frame.querySelector("td.hl");
      if (!cell) return;
      var label = cell.parentElement.firstElementChild;
      var box = frame.getBoundingClientRect();
      var start = box.left + (label && label !== cell ? label.getBoundingClientRect().width : 0);
      var end = box.left + frame.clientWidth;
      var rect = cell.getBoundingClientRect();
      if (rect.left >= start && rect.right <= end) return;
      frame.scrollLeft += rect.left - start - Math.max(0, (end - start - rect.width) / 2);
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    startTimers(document);
    showAnswerCells(document);
  });
  document.body && document.body.addEventListener("htmx:afterSettle", function (event) {
    startTimers(document);
    showAnswerCells(document);
    focusFirst(event.detail.elt.ownerDocument.getElementById("quiz") || document);
  });
})();
