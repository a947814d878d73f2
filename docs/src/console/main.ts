// The Try-it console's entry, loaded by the page's Try-it script (loader.ts) on the first "Try it": reads the spec
// Redoc renders, builds the project's validators, and adds a panel to every operation Redoc shows in place of its
// "Try it" button (again whenever Redoc re-renders one).

import { byPointer, bySchemaText } from "virtual:spec-validators";
import { operations, sideEffectOf } from "@merchant-payments/spec/model";
import { type ConsoleContext, createPanel } from "./panel.js";
import { afterEachRender } from "./rerender.js";
import { standaloneSpecAjv } from "./standalone-ajv.js";
import { CONSOLE_CSS } from "./styles.js";

/** The global the build sets to a copy of the document Redoc renders (defined by the build). */
declare const SPEC_GLOBAL: string;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Puts the panel at the top of the operation, across both columns: right after the row holding the operation's
 * heading (where a reader lands from the menu), before its parameters, samples and responses. Without a heading
 * found, first in the operation.
 */
function placePanel(item: HTMLElement, panel: HTMLElement): void {
  let row: Element | null = item.querySelector("h2");
  while (row && row.parentElement !== item) row = row.parentElement;
  if (row) row.after(panel);
  else item.prepend(panel);
}

/** The file through which a served site names its mock (written by the site server; `{}` in the build). */
const CONFIG_FILE = "config.json";

/**
 * The mock the site was served with (`pnpm start`, `pnpm docs:serve`): `mockUrl` of the site's config.json. None
 * from file:// (where a page may fetch nothing) or when the file names none.
 */
async function servedMockUrlOf(): Promise<string | undefined> {
  if (location.protocol !== "http:" && location.protocol !== "https:") return undefined;
  try {
    const answer = await fetch(CONFIG_FILE, { cache: "no-cache" });
    if (!answer.ok) return undefined;
    const config = (await answer.json()) as { mockUrl?: unknown };
    return typeof config.mockUrl === "string" && config.mockUrl.trim()
      ? config.mockUrl.trim()
      : undefined;
  } catch {
    return undefined;
  }
}

let started: Promise<Map<string, HTMLElement>> | undefined;

/**
 * Starts the console (once): a panel in every operation in place of its "Try it" button; then moves the keyboard
 * focus to the first control of the panel of `requested` (an operation key: its operationId, lower case).
 */
export async function start(requested: string): Promise<void> {
  started ??= begin();
  const panel = (await started).get(requested);
  panel?.querySelector<HTMLElement>("input, select, textarea, button")?.focus();
}

async function begin(): Promise<Map<string, HTMLElement>> {
  const document_ = (globalThis as Record<string, unknown>)[SPEC_GLOBAL];
  if (!document_) throw new Error(`Try-it console: the page defines no ${SPEC_GLOBAL}`);
  const servedMockUrl = await servedMockUrlOf();
  const context: ConsoleContext = {
    specAjv: standaloneSpecAjv(document_, { byPointer, bySchemaText }),
    document: document_,
    storage: storage(),
    panels: new Set(),
    ...(servedMockUrl ? { servedMockUrl } : {}),
  };
  // An x-side-effect value the console does not know stops it here, loudly, rather than sending unasked.
  for (const op of operations(document_)) sideEffectOf(op);
  const byId = new Map(operations(document_).map((op) => [op.operationId.toLowerCase(), op]));
  const panels = new Map<string, HTMLElement>();
  document.head.append(
    Object.assign(document.createElement("style"), { textContent: CONSOLE_CSS }),
  );

  const attach = () => {
    for (const item of document.querySelectorAll<HTMLElement>('[data-item-kind="httpItem"]')) {
      const key = (item.dataset.sectionId ?? item.id).split("/").pop()?.toLowerCase() ?? "";
      const op = byId.get(key);
      if (!op) continue;
      let panel = panels.get(key);
      if (panel && item.contains(panel)) continue;
      if (!panel) {
        panel = createPanel(op, context);
        panels.set(key, panel);
      }
      item.querySelector(".mp-try-it-open")?.remove();
      placePanel(item, panel);
    }
  };
  afterEachRender(attach);
  return panels;
}
