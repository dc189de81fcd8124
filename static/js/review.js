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
