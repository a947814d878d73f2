// The site for readers of assistive technology and keyboard users, in Chromium with axe-core (WCAG 2.2 A/AA and
// best practices): no serious or critical violation on the page as loaded, nor with a console opened and answered;
// the console works by keyboard alone (Tab order, a visible focus, Enter sends, the answer announced by a live
// region); every code block can be focused, so scrolled, by keyboard.
import { fileURLToPath } from "node:url";
import { type MockServer, startMock } from "@merchant-payments/mock";
import { loadDocument, operations } from "@merchant-payments/spec";
import { sharedChromium } from "@merchant-payments/test-support/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSiteServer } from "../src/site-server.mjs";
import { axeViolations, seriousOrCritical } from "./support/axe.js";
import { openOperation, sidebar } from "./support/redoc.js";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const TOKEN = "accessibility-token";

let browser: Browser;
let mock: MockServer;
let site: Awaited<ReturnType<typeof startSiteServer>>;
let page: Page;

beforeAll(async () => {
  mock = await startMock();
  site = await startSiteServer({ root: dist, mockUrl: mock.baseUrl });
  browser = await sharedChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(site.url);
  await sidebar(page).waitFor({ state: "visible", timeout: 60_000 });
}, 300_000);

afterAll(async () => {
  await page?.context().close();
  await site?.close();
  await mock?.close();
});

const calculateFees = operations(loadDocument(`${dist}openapi.json`)).find(
  (op) => op.operationId === "calculateFees",
);

/** The element focused now: its tag, name, class and whether it shows a focus ring. */
const focused = () =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const style = element ? getComputedStyle(element) : undefined;
    return {
      tag: element?.tagName.toLowerCase() ?? "",
      name: element?.getAttribute("name") ?? "",
      className: element?.className ?? "",
      outline: style ? Number.parseFloat(style.outlineWidth) : 0,
      outlineStyle: style?.outlineStyle ?? "none",
    };
  });

describe("the page for every reader", () => {
  test("has no serious or critical axe violation as loaded", async () => {
    // The page's script has run: the operations' "Try it" buttons and the focusable code blocks are there.
    await page.locator("#redoc main").waitFor({ state: "attached", timeout: 30_000 });
    const violations = await axeViolations(page);
    expect(seriousOrCritical(violations), JSON.stringify(violations, null, 1)).toEqual([]);
  }, 120_000);

  test("every code block can be focused by keyboard, as a named region", async () => {
    if (!calculateFees) throw new Error("no calculateFees in the spec");
    const { element } = await openOperation(
      page,
      calculateFees.tags[0] ?? "",
      calculateFees.summary,
    );
    const pre = element.locator(".panel-request-samples pre").first();
    await pre.waitFor({ state: "attached", timeout: 15_000 });
    await page.waitForFunction(
      (el) => el?.getAttribute("tabindex") === "0",
      await pre.elementHandle(),
      {
        timeout: 15_000,
      },
    );
    expect(await pre.getAttribute("role")).toBe("region");
    expect(await pre.getAttribute("aria-label")).toMatch(/^Request sample 1 of /);
    await pre.focus();
    expect((await focused()).tag).toBe("pre");
    // A block taller than its box scrolls by keyboard once focused.
    const scrolled = await pre.evaluate(async (el) => {
      el.style.maxHeight = "40px";
      el.style.overflow = "auto";
      return el.scrollHeight > el.clientHeight;
    });
    expect(scrolled).toBe(true);
    await page.keyboard.press("PageDown");
    await expect
      .poll(() => pre.evaluate((el) => el.scrollTop), { timeout: 5_000 })
      .toBeGreaterThan(0);
    await pre.evaluate((el) => {
      el.style.maxHeight = "";
      el.style.overflow = "";
    });
  }, 120_000);
});

describe("the Try-it console by keyboard alone", () => {
  test("opens with Enter on Try it, moves in Tab order with a visible focus, sends with Enter, announces the answer; then no serious or critical axe violation", async () => {
    if (!calculateFees) throw new Error("no calculateFees in the spec");
    const { element } = await openOperation(
      page,
      calculateFees.tags[0] ?? "",
      calculateFees.summary,
    );
    const open = element.locator("[data-try-it-open]");
    await open.waitFor({ state: "attached", timeout: 30_000 });
    await open.focus();
    expect((await focused()).outline).toBeGreaterThan(0);
    await page.keyboard.press("Enter");
    const panel = element.locator('[data-try-it="calculateFees"]');
    await panel.waitFor({ state: "attached", timeout: 30_000 });
    // The focus lands in the panel, on its first field: the base URL, which names the served mock.
    await expect.poll(async () => (await focused()).name, { timeout: 10_000 }).toBe("baseUrl");
    expect(await panel.locator('[name="baseUrl"]').inputValue()).toBe(mock.baseUrl);
    const first = await focused();
    expect(first.outline, "a visible focus ring").toBeGreaterThan(0);
    expect(first.outlineStyle).not.toBe("none");
    // Tab goes to the token next, in the order the form shows its fields.
    await page.keyboard.press("Tab");
    expect((await focused()).name).toBe("token");
    await page.keyboard.type(TOKEN);
    await page.keyboard.press("Enter");
    const announce = panel.locator('[role="status"][aria-live="polite"].mp-announce');
    await expect
      .poll(async () => (await announce.textContent()) ?? "", { timeout: 30_000 })
      .toMatch(/^Answer: 200\b.*conforms/);
    const violations = await axeViolations(page);
    expect(seriousOrCritical(violations), JSON.stringify(violations, null, 1)).toEqual([]);
  }, 180_000);
});
