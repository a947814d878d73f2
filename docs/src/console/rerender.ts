// What the page's Try-it script (page.ts) and the console (main.ts) share: redoing their part of the page after each
// re-render of Redoc's.

/** Runs `update` now and again after the page's DOM changes (Redoc re-rendering), at most once per animation frame. */
export function afterEachRender(update: () => void): void {
  let scheduled = false;
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      update();
    });
  }).observe(document.body, { childList: true, subtree: true });
  update();
}
