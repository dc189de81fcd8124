// The calculator (scorer/templates/scorer/calc.html): htmx swaps only the answer and each field's
// message, never the fields (what the learner types meanwhile stays). Each field is marked
// invalid while its message shows.
document.addEventListener("htmx:afterSettle", () => {
  for (const field of document.querySelectorAll("#calc [aria-describedby^='err-']")) {
    const message = document.getElementById(field.getAttribute("aria-describedby"));
    if (message && !message.hidden && message.textContent.trim()) {
      field.setAttribute("aria-invalid", "true");
    } else {
      field.removeAttribute("aria-invalid");
    }
  }
});
