/* Tenbo picker: small progressive enhancements; htmx does the real work.
 * 1. Clicks that land while a request is in flight are queued and replayed on the fresh
 *    form, so fast clicking never loses a tile (htmx keeps only one pending submitter).
 * 2. The share link copies the URL to the clipboard.
 * 3. "/" jumps to the notation box.
 * 4. Keyboard focus is not lost when the focused tile leaves the hand.
 * 5. Undo / Redo (buttons, Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y): every state the picker went
 *    through is a canonical URL; undo goes back to the previous one. The stack lives in
 *    sessionStorage (per tab), so a reload keeps it; the share link stays the canonical URL.
 * 6. On a phone, a sticky strip with the hand while the hand row is scrolled away.
 * 7. "+ add" an indicator brings the palette to the learner, and back once it is picked. */
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
      // The same control when the swap drew it again (the kita button), else a tile.
      var same = document.getElementById(focusedId);
      if (same && !same.disabled) { same.focus(); setTimeout(next, 0); return; }
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

  // ---------------------------------------------------------------- 5. undo / redo
  var KEY = "tenbo-picker-undo";
  var here = function () { return location.pathname + location.search; };
  var past = [], future = [], current = here(), travelling = false;
  try {
    var saved = JSON.parse(sessionStorage.getItem(KEY) || "null");
    if (saved && saved.current === current) { past = saved.past; future = saved.future; }
  } catch (err) { /* no storage: the stack lives as long as the page */ }
  function save() {
    try {
      sessionStorage.setItem(KEY, JSON.stringify({ past: past.slice(-200), future: future, current: current }));
    } catch (err) { /* ignore */ }
  }
  function showButtons() {
    var undo = document.getElementById("undo"), redo = document.getElementById("redo");
    if (undo) { undo.hidden = false; undo.disabled = !past.length; }
    if (redo) { redo.hidden = false; redo.disabled = !future.length; }
  }
  function go(url) {
    travelling = true;
    // No source element: the form's fields must not ride along (they hold the state left).
    window.htmx.ajax("GET", url, { target: "#hand-row", swap: "outerHTML" });
  }
  function undo() {
    if (busy || !past.length) return;
    future.push(current);
    current = past.pop();
    save();
    go(current);
  }
  function redo() {
    if (busy || !future.length) return;
    past.push(current);
    current = future.pop();
    save();
    go(current);
  }
  // The page sets htmx's historyEnabled off and hx-history="false": htmx would otherwise copy
  // and serialise the whole page and call history.replaceState twice on every click (a third
  // of a click's time on a slow phone). The address bar is replaced here, once.
  document.body.addEventListener("htmx:replacedInHistory", function (e) {
    var path = e.detail && e.detail.path;
    if (path && path !== here()) history.replaceState(null, "", path);
    var now = here();
    if (travelling) { travelling = false; current = now; }
    else if (now !== current) { past.push(current); future = []; current = now; }
    save();
  });
  document.addEventListener("htmx:afterSettle", showButtons);
  document.addEventListener("click", function (e) {
    var target = e.target.closest && e.target.closest("#undo, #redo");
    if (!target) return;
    e.preventDefault();
    if (target.id === "undo") undo(); else redo();
  });
  document.addEventListener("keydown", function (e) {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    var key = e.key.toLowerCase();
    if (key !== "z" && key !== "y") return;
    var t = e.target;
    // In a text box Ctrl+Z undoes typing, as everywhere.
    if (t && (t.tagName === "INPUT" && t.type !== "checkbox" && t.type !== "radio" || t.tagName === "TEXTAREA")) return;
    if (!form()) return;
    e.preventDefault();
    if (key === "y" || e.shiftKey) redo(); else undo();
  });
  showButtons();

  // ---------------------------------------------------------------- 6. phone: hand strip
  // While the hand row is scrolled out of view, the strip at the top of the palette shows the
  // hand, its count and score (CSS shows it on narrow screens only, sticky within the palette).
  // Drawn here, only while shown: a click on a desktop never pays for it.
  var stripQueued = false, stripDrawn = "";
  function span(cls, text) {
    var el = document.createElement("span");
    el.className = cls;
    if (text) el.textContent = text;
    return el;
  }
  function drawStrip(box, row, head) {
    var key = row.innerHTML.length + "|" + head.dataset.stripCount + "|" + row.textContent;
    if (key === stripDrawn) return;
    stripDrawn = key;
    var tiles = span("strip-tiles");
    row.querySelectorAll(".hand-tile:not(.is-win) > .tile").forEach(function (t) {
      tiles.appendChild(t.cloneNode(true));
    });
    var win = row.querySelector(".hand-tile.is-win > .tile");
    if (win) { var w = span("strip-win"); w.appendChild(win.cloneNode(true)); tiles.appendChild(w); }
    row.querySelectorAll(".meld").forEach(function (m) {
      var group = span("strip-meld");
      m.querySelectorAll(".tile").forEach(function (t) { group.appendChild(t.cloneNode(true)); });
      tiles.appendChild(group);
    });
    var sum = span("strip-sum");
    sum.appendChild(span("strip-count", head.dataset.stripCount));
    if (head.dataset.stripScore) sum.appendChild(span("strip-score", head.dataset.stripScore));
    box.replaceChildren(tiles, sum);
  }
  var narrow = window.matchMedia ? window.matchMedia("(max-width: 900px)") : null;
  function strip() {
    stripQueued = false;
    var f = form(), row = document.getElementById("hand-row");
    if (narrow && !narrow.matches) { if (f) f.classList.remove("strip-on"); return; }
    var box = document.getElementById("hand-strip"), head = document.getElementById("hand-head");
    if (!f || !row || !box || !head) return;
    var on = row.getBoundingClientRect().bottom < 0;
    f.classList.toggle("strip-on", on);
    if (on && box.offsetParent !== null) drawStrip(box, row, head);
  }
  function queueStrip() {
    if (!stripQueued) { stripQueued = true; requestAnimationFrame(strip); }
  }
  window.addEventListener("scroll", queueStrip, { passive: true });
  document.addEventListener("htmx:afterSettle", queueStrip);

  // ---------------------------------------------------------------- 7. "+ add" an indicator
  // The palette comes to the learner (with its "pick the dora indicator" banner); once the
  // indicator is picked, back to the indicators.
  var backTo = "", brought = false;
  document.addEventListener("click", function (e) {
    var add = e.target.closest && e.target.closest("#add-dora, #add-ura");
    if (add) { backTo = add.id; brought = false; }
  }, true);
  document.addEventListener("htmx:afterSettle", function () {
    var banner = document.getElementById("pick-banner");
    if (banner && backTo) {
      if (!brought) {
        banner.scrollIntoView({ block: "start", behavior: "auto" });
        // The hand strip now sticks to the top: the banner goes just below it.
        strip();
        var box = document.getElementById("hand-strip");
        if (box && box.offsetParent !== null) window.scrollBy(0, -box.offsetHeight - 8);
      }
      brought = true;
    } else if (backTo) {
      var row = document.getElementById(backTo);
      backTo = "";
      if (row) row.scrollIntoView({ block: "center", behavior: "auto" });
    }
  });
})();
