// The page's small deferred script (everything else of the console loads on the first "Try it"): after Redoc has
// hydrated, a "Try it" button in every operation, keyboard-focusable code blocks and the sidebar as a landmark, again
// after each re-render.
import { focusableScrollBoxes, sidebarLandmark } from "./accessibility.js";
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

if (document.readyState === "complete") setTimeout(watch, 0);
else window.addEventListener("load", () => setTimeout(watch, 0), { once: true });
