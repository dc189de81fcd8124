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
 * 7. "+ add" an indicator brings the palette to the learner, and back once it is picked.
 * 8. A tap draws at once: a palette tile tapped in hand mode is drawn into the hand row (and
 *    the count) before the server answers, a tapped hand tile leaves at once; the answer
 *    (the hand zone, morphed into the page) confirms it or corrects it, visibly. */
(function () {
  "use strict";
  var busy = false;
  var queue = [];
  var replaying = false;
  function form() { return document.getElementById("picker"); }
  function find(item) {
    var f = form();
    var selector = 'button[name="' + item[0] + '"][value="' + CSS.escape(item[1]) + '"]:not([hidden])';
    return f && f.querySelector(selector);
  }
  function next() {
    while (!busy && queue.length) {
      var item = queue.shift();
      var button = find(item);
      if (button && !button.disabled) {
        // Drawn already (when it was tapped, and again after each answer): not a second time.
        replaying = true;
        try { button.click(); } finally { replaying = false; }
        return;
      }
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
    if (!button) return;
    // Drawn in this very task, and the request goes out in it too (not a frame later: the
    // tap reaches the server at once).
    if (!replaying && !button.disabled) ahead(button, !busy);
    if (!busy) return;
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
  // After a click the stack is written once the swap is over (not inside it), and at the
  // latest when the page goes (a reload keeps it).
  var saveQueued = false;
  function saveSoon() {
    if (saveQueued) return;
    saveQueued = true;
    setTimeout(function () { saveQueued = false; save(); }, 0);
  }
  window.addEventListener("pagehide", function () { if (saveQueued) { saveQueued = false; save(); } });
  function showButtons() {
    var undo = document.getElementById("undo"), redo = document.getElementById("redo");
    if (undo) { undo.hidden = false; undo.disabled = !past.length; }
    if (redo) { redo.hidden = false; redo.disabled = !future.length; }
  }
  function go(url) {
    travelling = true;
    // No source element: the form's fields must not ride along (they hold the state left).
    // The source is the hand zone (inside the form, so its morph extension applies): a
    // GET from an element that is not a form sends none of the form's fields.
    window.htmx.ajax("GET", url, { source: "#hand-zone", target: "#hand-zone", swap: "morph" });
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
    saveSoon();
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
        // The banner sits under the tiles: the palette comes to the top, the banner below it.
        var palette = document.getElementById("palette");
        (palette || banner).scrollIntoView({ block: "start", behavior: "auto" });
        // The hand strip now sticks to the top: the palette goes just below it.
        strip();
        var box = document.getElementById("hand-strip");
        if (box && box.offsetParent !== null) window.scrollBy(0, -box.offsetHeight - 8);
        if (banner.getBoundingClientRect().bottom > window.innerHeight) {
          banner.scrollIntoView({ block: "end", behavior: "auto" });
        }
      }
      brought = true;
    } else if (backTo) {
      var row = document.getElementById(backTo);
      backTo = "";
      if (row) row.scrollIntoView({ block: "center", behavior: "auto" });
    }
  });

  // ---------------------------------------------------------------- 8. a tap draws at once
  // The server keeps the truth (the URL, the score); this only draws what a tap will surely
  // do: one more tile while the hand is not full, one tile less. Tiles drawn ahead of the
  // server count in ``ahead``; each answer redraws those of the taps still queued.
  var ORDER = "1234506789", SUITS = "mpsz";
  var drawnAhead = 0, expectHeld = null;
  var undoDrawn = [];  // how to take back each drawing, should the request fail
  function sortKey(code) {
    return SUITS.indexOf(code.charAt(1)) * 10 + ORDER.indexOf(code.charAt(0));
  }
  function handMode(f) {
    var mode = f.querySelector('input[name="mode"]:checked');
    return !mode || mode.value === "hand";
  }
  function setHeld(head, held) {
    var count = head.querySelector(".held");
    if (count) count.textContent = String(held);
  }
  function drawAdd(button, f, row, head) {
    var held = Number(head.dataset.held) + drawnAhead, needed = Number(head.dataset.needed);
    var art = button.querySelector(".tile"), left = button.querySelector(".left");
    if (!art || !(held < needed) || (left && Number(left.textContent) <= 0)) return null;
    var code = button.value;
    // The button the server will draw (numbered by kind: the second 3m is hand-3m-2), so the
    // answer's morph keeps this one instead of moving every tile after it to put its own in.
    var tile = document.createElement("button");
    tile.type = "submit";
    tile.name = "take";
    tile.value = code;
    tile.id = "hand-" + code + "-" + (row.querySelectorAll(
      ':scope > .hand-tile[value="' + code + '"]').length + 1);
    tile.className = "tbtn hand-tile is-drawn";
    tile.dataset.code = code;
    tile.tabIndex = -1;
    tile.setAttribute("aria-hidden", "true");
    tile.appendChild(art.cloneNode(true));
    var empty = row.querySelector(".hand-empty");
    if (empty) empty.hidden = true;
    var slot = row.querySelector("#win-slot-empty .tile-empty");
    if (held + 1 === needed && slot) {
      // The tile that completes the hand is its winning tile, in the winning slot.
      slot.replaceWith(tile);
      undoDrawn.push(function () { tile.replaceWith(slot); });
    } else {
      var before = null;
      var tiles = row.querySelectorAll(":scope > .hand-tile");
      for (var i = 0; i < tiles.length; i++) {
        var other = tiles[i].value || tiles[i].dataset.code || "";
        if (sortKey(other) > sortKey(code)) { before = tiles[i]; break; }
      }
      row.insertBefore(tile, before || row.querySelector(":scope > .win-slot, :scope > .meld-btn"));
      undoDrawn.push(function () { tile.remove(); if (empty) empty.hidden = false; });
    }
    // One fewer left (the button itself is disabled by the answer: disabled now, this very
    // click would not submit).
    if (left) {
      left.textContent = String(Number(left.textContent) - 1);
      undoDrawn.push(function () { left.textContent = String(Number(left.textContent) + 1); });
    }
    return held + 1;
  }
  function drawTake(button, head) {
    if (button.closest(".win-slot")) return null;  // the winning tile: the server re-sorts
    if (document.activeElement === button) {
      // The keyboard stays in the hand: on the next tile (or the one before).
      var tiles = Array.prototype.filter.call(
        document.querySelectorAll("#hand-row button.hand-tile"),
        function (t) { return t === button || !t.hidden; });
      var at = tiles.indexOf(button);
      var near = tiles[at + 1] || tiles[at - 1];
      if (near) near.focus();
    }
    button.hidden = true;
    undoDrawn.push(function () { button.hidden = false; });
    return Number(head.dataset.held) + drawnAhead - 1;
  }
  // Draw what a tap on ``button`` will do; ``sent``: the tap goes to the server now.
  function ahead(button, sent) {
    var f = form(), row = document.getElementById("hand-row"), head = document.getElementById("hand-head");
    if (!f || !row || !head || !handMode(f)) return;
    var held = null;
    if (button.name === "add" && button.closest("#palette")) held = drawAdd(button, f, row, head);
    else if (button.name === "take" && button.closest("#hand-row")) held = drawTake(button, head);
    if (held === null) return;
    drawnAhead = held - Number(head.dataset.held);
    setHeld(head, held);
    if (sent) expectHeld = held;
  }
  // The answer is in: the server's hand replaced what was drawn. A tap it refused (or drew
  // otherwise) shows as a short flash of the row; the taps still queued are drawn again.
  function flash(row) {
    row.classList.remove("is-corrected");
    void row.offsetWidth;  // restart the flash
    row.classList.add("is-corrected");
  }
  // No answer (the network, the server): what was drawn is taken back, visibly.
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail && e.detail.successful) return;
    var row = document.getElementById("hand-row"), head = document.getElementById("hand-head");
    if (!undoDrawn.length || !row || !head) return;
    while (undoDrawn.length) undoDrawn.pop()();
    queue.length = 0;
    drawnAhead = 0;
    expectHeld = null;
    setHeld(head, Number(head.dataset.held));
    flash(row);
  });
  document.addEventListener("htmx:afterSettle", function (e) {
    if (!e.target || e.target.id !== "hand-zone") return;
    var row = document.getElementById("hand-row"), head = document.getElementById("hand-head");
    drawnAhead = 0;
    undoDrawn = [];
    if (!row || !head) return;
    if (expectHeld !== null && Number(head.dataset.held) !== expectHeld) flash(row);
    expectHeld = null;
    queue.forEach(function (item) {
      var button = find(item);
      if (button && !button.disabled) ahead(button, false);
    });
  });
})();
