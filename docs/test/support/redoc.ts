import type { Locator, Page } from "playwright-core";

// How the rendered Redoc page is found and driven; the one place that knows Redoc's DOM.

/**
 * How long a step waits for what the reader's first interaction starts: Redoc's code loads and hydrates the page
 * (about a second idle; many seconds for a large spec on a busy machine, e.g. CI's grown run). Bounds a hang only.
 */
const HYDRATION_BOUND_MS = 60_000;

/** Redoc's sidebar. */
export const sidebar = (page: Page): Locator =>
  page.locator('[data-component-name="Menu/Menu"]').first();

/**
 * Opens an operation the way a reader does: expands its tag in the sidebar if it is collapsed, then clicks
 * the operation. Resolves the operation's element and its anchor (the URL hash, e.g. "#/fees/calculatefees").
 */
export async function openOperation(
  page: Page,
  tag: string,
  summary: string,
): Promise<{ element: Locator; anchor: string }> {
  const menu = sidebar(page);
  const link = menu.locator("a", { hasText: summary });
  // The tag is the last entry of that name: a section of the description may share it (e.g. "Authentication").
  if (!(await link.isVisible())) await menu.getByText(tag, { exact: true }).last().click();
  await link.waitFor({ state: "visible", timeout: HYDRATION_BOUND_MS });
  const anchor = (await link.getAttribute("href")) ?? "";
  await link.click();
  const element = page.locator(`[id="${anchor.replace(/^#\/?/, "")}"]`);
  await element.waitFor({ state: "attached", timeout: HYDRATION_BOUND_MS });
  return { element, anchor };
}

/** Picks a language (or "Payload", the request example) in an operation's request samples panel. */
export async function showRequestSample(
  page: Page,
  operation: Locator,
  language: string,
): Promise<string> {
  const panel = operation.locator(".panel-request-samples");
  const languages = ["TypeScript", "curl", "Payload"];
  const dropdowns = panel.locator('[data-component-name="Dropdown/Dropdown"]');
  const count = await dropdowns.count();
  for (let i = 0; i < count; i++) {
    const dropdown = dropdowns.nth(i);
    const current = ((await dropdown.textContent()) ?? "").trim();
    if (!languages.includes(current)) continue;
    if (current !== language) {
      await dropdown.click();
      await page
        .locator('[data-component-name="Dropdown/DropdownMenuItem"]:visible')
        .filter({ hasText: new RegExp(`^\\s*${language}\\s*$`) })
        .first()
        // A DOM click: near the end of the page the open menu may reach below the viewport.
        .dispatchEvent("click");
      await page.waitForFunction(
        ([el, lang]) => (el as HTMLElement).textContent?.trim() === lang,
        [await dropdown.elementHandle(), language] as const,
        { timeout: 5_000 },
      );
    }
    return (
      (await panel.locator('[data-component-name="CodeBlock/CodeBlock"]').first().textContent()) ??
      ""
    );
  }
  throw new Error(
    `no language picker in the request samples panel of ${await operation.getAttribute("id")}`,
  );
}

/**
 * Text of the response example shown for an operation (the first example of the first response), fully expanded:
 * Redoc collapses what nests deeper than `jsonSamplesExpandLevel` (a recursive answer) to `{ … }` until the reader
 * presses the viewer's "Expand all".
 */
export async function responseExample(operation: Locator): Promise<string> {
  const viewer = operation
    .locator('.panel-response-samples [data-component-name="JsonViewer/JsonViewer"]')
    .first();
  const expandAll = viewer.locator('[data-testid="expand-all"]');
  if ((await expandAll.count()) > 0) {
    await expandAll.first().click();
    // The viewer re-renders after the click: wait until every node's toggle says it is expanded.
    await viewer
      .page()
      .waitForFunction(
        (el) =>
          [...(el?.querySelectorAll('button[aria-label="collapse"]') ?? [])].every((button) =>
            button.classList.contains("expanded"),
          ),
        await viewer.elementHandle(),
        { timeout: 5_000 },
      );
  }
  return (await viewer.textContent()) ?? "";
}

/** Widths of the code block shown in an operation's request samples panel: content and visible box, in px. */
export async function requestSampleWidths(
  operation: Locator,
): Promise<{ scrollWidth: number; clientWidth: number; fontSize: number }> {
  const pre = operation
    .locator('.panel-request-samples [data-component-name="CodeBlock/CodeBlock"] pre')
    .first();
  return pre.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    fontSize: Number.parseFloat(getComputedStyle(el).fontSize),
  }));
}

/** A horizontal extent on the page, in px from the viewport's left edge. */
export interface Extent {
  left: number;
  right: number;
  width: number;
}

/**
 * Where an operation's request section sits: the text column of the middle panel beside the request samples
 * (its box less its padding) and the request samples panel. In Redoc's three-panel layout the samples are right of
 * the text; in the stacked layout they are below it, as wide as the text.
 */
export async function requestSectionLayout(
  operation: Locator,
): Promise<{ middleText: Extent; samples: Extent }> {
  const samples = operation.locator(".panel-request-samples").first();
  return samples.evaluate((panel) => {
    const extent = (left: number, right: number) => ({ left, right, width: right - left });
    const rightPanel = panel.closest('[data-testid="right-panel"]');
    const middle = rightPanel?.parentElement?.querySelector(
      ':scope > [data-testid="middle-panel"]',
    );
    if (!middle) throw new Error("the request samples have no middle panel beside them");
    const box = middle.getBoundingClientRect();
    const style = getComputedStyle(middle);
    const own = panel.getBoundingClientRect();
    return {
      middleText: extent(
        box.left + Number.parseFloat(style.paddingLeft),
        box.right - Number.parseFloat(style.paddingRight),
      ),
      samples: extent(own.left, own.right),
    };
  });
}

/**
 * The Try-it panel of `operationId` in the operation `element`: presses the operation's "Try it" (the console's code
 * loads on the first press, then every operation has its panel) when the panel is not there yet.
 */
export async function tryItPanel(element: Locator, operationId: string): Promise<Locator> {
  const panel = element.locator(`[data-try-it="${operationId}"]`);
  const open = element.locator("[data-try-it-open]");
  // Either is there once the page's script has run: the button, or the panel when the console is already loaded.
  await panel.or(open).first().waitFor({ state: "attached", timeout: HYDRATION_BOUND_MS });
  if ((await panel.count()) === 0) await open.first().click({ timeout: HYDRATION_BOUND_MS });
  await panel.waitFor({ state: "attached", timeout: HYDRATION_BOUND_MS });
  return panel;
}
