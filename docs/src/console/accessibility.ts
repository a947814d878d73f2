// What the page adds for keyboard and screen-reader users where Redoc leaves it out. Redoc's scrolling boxes (code
// blocks: the samples, the request and answer examples; wide tables of the guide) become reachable by keyboard: a box
// wider or taller than its content area scrolls, and a reader without a mouse must be able to focus it to scroll it
// (WCAG 2.1.1), so each is a focusable region with a name of its own. The sidebar becomes a navigation landmark.

/** The boxes that may scroll, and what kind each is called. */
const SCROLLING = [
  ["#redoc pre", "Code"],
  ["#redoc .md-table-wrapper", "Table"],
] as const;

/** What a box is called: its kind, where it is (sample panel, operation or section) and its number there. */
function nameOf(box: HTMLElement, kind: string, counts: Map<string, number>): string {
  const panel = box.closest(".panel-request-samples")
    ? "Request sample"
    : box.closest(".panel-response-samples")
      ? "Response sample"
      : kind;
  const section = box.closest("[data-section-id]");
  const title = section?.querySelector("h1, h2")?.textContent?.trim() ?? "";
  const key = `${panel}: ${title}`;
  const n = (counts.get(key) ?? 0) + 1;
  counts.set(key, n);
  return `${panel} ${n}${title ? ` of ${title}` : ""}`;
}

/** Makes every scrolling box under `root` a focusable, uniquely named region. */
export function focusableScrollBoxes(root: ParentNode = document): void {
  const counts = new Map<string, number>();
  for (const [selector, kind] of SCROLLING)
    for (const box of root.querySelectorAll<HTMLElement>(selector)) {
      const name = nameOf(box, kind, counts);
      if (box.getAttribute("aria-label") === name) continue;
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", name);
    }
}

/**
 * Names Redoc's sidebar a navigation landmark: every part of the page then sits in a landmark (Redoc marks only its
 * `<main>`), so a screen reader's reader can jump between the sidebar and the reference.
 */
export function sidebarLandmark(root: ParentNode = document): void {
  const main = root.querySelector<HTMLElement>("#redoc main");
  const menu = root.querySelector('#redoc [data-component-name="Menu/Menu"]');
  if (!main?.parentElement || !menu) return;
  for (const part of main.parentElement.children)
    if (part !== main && part.contains(menu) && !part.hasAttribute("role")) {
      part.setAttribute("role", "navigation");
      part.setAttribute("aria-label", "Sidebar");
    }
}
