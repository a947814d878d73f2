// The page's "Try it" buttons: one at the top of every operation Redoc shows. The console itself (its code and the
// spec's validators) loads on the first press, as a classic script (a page opened from file:// may load no module),
// and then replaces every button with its panel.

/** The console's file, hashed (defined by the build). */
declare const CONSOLE_FILE: string;
/** The global the console's script sets to its exports (defined by the build). */
declare const CONSOLE_GLOBAL: string;

/** What the console's script exports. */
interface ConsoleModule {
  start(requested: string): Promise<void>;
}

/** The class of the buttons this script adds; the console removes them as it adds its panels. */
const OPEN_CLASS = "mp-try-it-open";
let loading: Promise<ConsoleModule> | undefined;

/** Loads the console's script once; resolves its exports. */
function loadConsole(): Promise<ConsoleModule> {
  loading ??= new Promise<ConsoleModule>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = CONSOLE_FILE;
    script.onload = () => {
      const loaded = (globalThis as unknown as Record<string, ConsoleModule | undefined>)[
        CONSOLE_GLOBAL
      ];
      if (loaded) resolve(loaded);
      else reject(new Error(`Try-it console: ${CONSOLE_FILE} set no ${CONSOLE_GLOBAL}`));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error(`Try-it console: ${CONSOLE_FILE} did not load`));
    };
    document.head.append(script);
  });
  return loading;
}

/** The operation key of a Redoc operation element (the last part of its section id, lower case). */
function keyOf(item: HTMLElement): string {
  return (item.dataset.sectionId ?? item.id).split("/").pop()?.toLowerCase() ?? "";
}

/** Puts `element` right after the row holding the operation's heading (else first in the operation). */
function placeAtTop(item: HTMLElement, element: HTMLElement): void {
  let row: Element | null = item.querySelector("h2");
  while (row && row.parentElement !== item) row = row.parentElement;
  if (row) row.after(element);
  else item.prepend(element);
}

function openButton(key: string, title: string): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = OPEN_CLASS;
  button.dataset.tryItOpen = key;
  button.textContent = "Try it";
  button.setAttribute("aria-label", `Try it: ${title}`);
  button.addEventListener("click", () => {
    button.disabled = true;
    button.textContent = "Loading the console…";
    loadConsole()
      .then((console_) => console_.start(key))
      .catch((error: unknown) => {
        button.disabled = false;
        button.textContent = "Try it (the console did not load: press to retry)";
        throw error;
      });
  });
  return button;
}

/** The buttons' look (a visible focus ring; text contrast above 7:1 on white). */
export const TRY_IT_STYLE = `.${OPEN_CLASS}{margin:0 40px 24px;font:inherit;font-weight:600;padding:6px 18px;border-radius:4px;border:1px solid #1565c0;background:#fff;color:#0d47a1;cursor:pointer}.${OPEN_CLASS}:focus,.${OPEN_CLASS}:focus-visible{outline:3px solid #0d47a1;outline-offset:2px}`;

/** Whether the console has loaded (it then owns every operation's panel). */
const consoleLoaded = (): boolean =>
  Boolean((globalThis as Record<string, unknown>)[CONSOLE_GLOBAL]);

/** Adds a "Try it" button to every operation on the page that has neither one nor the console's panel. */
export function addTryItButtons(): void {
  if (consoleLoaded()) return;
  for (const item of document.querySelectorAll<HTMLElement>('[data-item-kind="httpItem"]')) {
    if (item.querySelector(`.${OPEN_CLASS}, .mp-try-it`)) continue;
    const title = item.querySelector("h2")?.textContent?.trim() ?? keyOf(item);
    placeAtTop(item, openButton(keyOf(item), title));
  }
}
