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
  // The broker sign-in shows the part of the URL's kind only (none for an HTTP URL); a part
  // put away is disabled too, so what it holds (the sign-in of the endpoint's former kind)
  // is not sent. Without this script every part shows, and the API refuses a mismatch.
  const url = document.querySelector("input[name=url]");
  const signIn = document.querySelector("details[data-sign-in]");
  if (url && signIn) {
    const schemes = { http: "http", https: "http", amqps: "amqp" };
    const follow = () => {
      const scheme = url.value.includes(":") ? url.value.split(":")[0].toLowerCase() : "";
      const kind = schemes[scheme] || scheme;
      const parts = [...signIn.querySelectorAll("fieldset[data-kinds]")];
      const known = kind === "http" || parts.some((p) => p.dataset.kinds.split(" ").includes(kind));
      signIn.hidden = kind === "http";
      for (const part of parts) {
        part.disabled = part.hidden = known && !part.dataset.kinds.split(" ").includes(kind);
      }
    };
    url.addEventListener("input", follow);
    follow();
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
