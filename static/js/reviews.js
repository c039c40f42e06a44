// Game review: the left and right arrow keys step to the previous and next decision by
// clicking the links the page already has (so htmx swaps the decision, or the browser follows
// the link without htmx).
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target;
  if (target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable]")) return;
  const step = { ArrowLeft: "previous", ArrowRight: "next" }[event.key];
  if (!step) return;
  const link = document.querySelector(`#review-decision [data-review-step="${step}"]`);
  if (link) {
    event.preventDefault();
    link.click();
  }
});
