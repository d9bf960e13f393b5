// Progressive enhancement only: every page works without it.
document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll("form[data-confirm]")) {
    form.addEventListener("submit", (event) => {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  }
  // The event types' summary follows the boxes as they are ticked, not only once saved.
  for (const fieldset of document.querySelectorAll("fieldset[data-none]")) {
    const summary = fieldset.querySelector("[data-summary]");
    fieldset.addEventListener("change", () => {
      const chosen = [...fieldset.querySelectorAll("input[type=checkbox]:checked")]
        .map((box) => box.value);
      summary.textContent = chosen.length
        ? `${fieldset.dataset.some}${chosen.join(", ")}.` : fieldset.dataset.none;
    });
  }
  for (const button of document.querySelectorAll("button[data-copy]")) {
    const target = document.getElementById(button.dataset.copy);
    if (!target || !navigator.clipboard) continue;
    button.hidden = false;
    button.addEventListener("click", async () => {
      await navigator.clipboard.writeText(target.textContent.trim());
      button.textContent = "Copied";
    });
  }
});
