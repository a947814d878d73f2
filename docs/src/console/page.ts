// The page's one deferred script (Redoc hydrates on the reader's first interaction, hydration.ts; the console loads
// on the first "Try it"): keyboard-focusable code blocks and the sidebar as a landmark at load, and once Redoc has
// rendered the operations, a "Try it" button in every one, again after each re-render.
import { focusableScrollBoxes, sidebarLandmark } from "./accessibility.js";
import { hydrateOnIntent } from "./hydration.js";
import { addTryItButtons, TRY_IT_STYLE } from "./loader.js";
import { afterEachRender } from "./rerender.js";

function enhance(): void {
  addTryItButtons();
  focusableScrollBoxes();
  sidebarLandmark();
}

function watch(): void {
  document.head.append(
    Object.assign(document.createElement("style"), { textContent: TRY_IT_STYLE }),
  );
  afterEachRender(enhance);
}

hydrateOnIntent();
if (document.readyState === "complete") setTimeout(watch, 0);
else window.addEventListener("load", () => setTimeout(watch, 0), { once: true });
