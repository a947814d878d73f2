// The Try-it console's entry in the built page: reads the spec Redoc renders, builds the project's validators,
// and adds a panel to every operation Redoc shows (again whenever Redoc re-renders one).

import { byPointer, bySchemaText } from "virtual:spec-validators";
import { operations, sideEffectOf } from "@merchant-payments/spec/model";
import { type ConsoleContext, createPanel } from "./panel.js";
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

function start(): void {
  const document_ = (globalThis as Record<string, unknown>)[SPEC_GLOBAL];
  if (!document_) throw new Error(`Try-it console: the page defines no ${SPEC_GLOBAL}`);
  // A page served by `pnpm start` or `pnpm docs:serve` names the mock it was served with.
  const servedMockUrl = document
    .querySelector<HTMLMetaElement>('meta[name="merchant-payments-mock-url"]')
    ?.content.trim();
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
      placePanel(item, panel);
    }
  };
  let scheduled = false;
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      attach();
    });
  }).observe(document.body, { childList: true, subtree: true });
  attach();
}

if (document.readyState === "complete") setTimeout(start, 0);
else window.addEventListener("load", () => setTimeout(start, 0), { once: true });
