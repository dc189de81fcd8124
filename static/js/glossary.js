// Glossary search: filters the terms as you type. Without JavaScript the same box is a GET form
// (?q=…) that the server filters; with it, each keystroke hides the entries whose search text
// (headword, katakana reading, romaji, meaning, definition) does not hold every word typed, and
// lists first the terms named by the query (as the server does), then those whose definition
// mentions it. Hiragana typed is read as katakana (ぴんふ finds ピンフ).
(function () {
  "use strict";
  var box = document.getElementById("glossary-q");
  var list = document.querySelector("[data-testid=glossary-list]");
  if (!box || !list) { return; }
  var count = document.getElementById("glossary-count");
  var none = document.querySelector("[data-testid=glossary-none]");
  var entries = Array.prototype.slice.call(list.querySelectorAll(".term-entry"));
  function katakana(text) {
    return text.replace(/[\u3041-\u3096]/g, function (c) {
      return String.fromCharCode(c.charCodeAt(0) + 0x60);
    });
  }
  function holds(text, words) {
    return words.every(function (w) { return text.indexOf(w) !== -1; });
  }
  function filter() {
    var words = katakana(box.value.toLowerCase()).split(/\s+/).filter(Boolean);
    var named = [];
    var mentioned = [];
    var rest = [];
    entries.forEach(function (entry) {
      var ok = holds(entry.getAttribute("data-search") || "", words);
      entry.hidden = !ok;
      if (!ok) { rest.push(entry); }
      else if (!words.length || holds(entry.getAttribute("data-names") || "", words)) {
        named.push(entry);
      } else { mentioned.push(entry); }
    });
    named.concat(mentioned, rest).forEach(function (entry) { list.appendChild(entry); });
    var shown = named.length + mentioned.length;
    if (none) { none.hidden = shown > 0; }
    if (count) {
      count.textContent = words.length ? (count.getAttribute("data-shown") || "")
        .replace("{shown}", shown)
        .replace("{total}", count.getAttribute("data-total") || entries.length) : "";
    }
  }
  box.addEventListener("input", filter);
})();
