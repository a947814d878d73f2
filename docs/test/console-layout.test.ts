// The Try-it console as a payments developer expects it, in Chromium: at the top of each operation, a "Send anyway"
// that shows the server's documented 422 with the console's warning beside it, the mock it was served with as its
// base URL, and every code sample's first line clear of the copy button. Screenshots in docs/dist. One page, loaded
// once, for every test (how parameters are labelled is console-shapes.test.ts's, on the grown fixture's site).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type MockServer, startMock } from "@merchant-payments/mock";
import { loadDocument, operations } from "@merchant-payments/spec";
import { sharedChromium } from "@merchant-payments/test-support/browser";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSiteServer } from "../src/site-server.mjs";
import { openOperation, sidebar, tryItPanel } from "./support/redoc.js";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const VIEWPORT = { width: 1400, height: 900 };
const TOKEN = "console-layout-token";

let browser: Browser;
let mock: MockServer;
let site: Awaited<ReturnType<typeof startSiteServer>>;
/** The served site, loaded once: every test opens its operation there. */
let page: Page;

beforeAll(async () => {
  mock = await startMock();
  site = await startSiteServer({ root: dist, mockUrl: mock.baseUrl });
  browser = await sharedChromium();
  page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(site.url);
  await sidebar(page).waitFor({ state: "visible", timeout: 30_000 });
}, 300_000);

afterAll(async () => {
  await page?.context().close();
  await site?.close();
  await mock?.close();
});

const productDocument = loadDocument(join(dist, "openapi.json"));

/** Opens the operation `operationId` of the served site; resolves its element and its console. */
async function open(operationId: string): Promise<{ element: Locator; panel: Locator }> {
  const op = operations(productDocument).find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  const { element } = await openOperation(page, op.tags[0] ?? "", op.summary);
  const panel = await tryItPanel(element, operationId);
  await panel.waitFor({ state: "attached", timeout: 15_000 });
  return { element, panel };
}

describe("the Try-it console", () => {
  test("sits at the top of the operation, under its heading and above its request and responses", async () => {
    const { element, panel } = await open("calculateFees");
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(dist, "try-it-top.png") });
    const panelTop = (await panel.boundingBox())?.y ?? Number.NaN;
    const headingBottom = await element
      .locator("h2")
      .first()
      .evaluate((h) => h.getBoundingClientRect().bottom);
    const responsesTop = await element
      .getByText("Responses", { exact: true })
      .first()
      .evaluate((e) => e.getBoundingClientRect().top);
    expect(panelTop).toBeGreaterThanOrEqual(headingBottom);
    expect(panelTop).toBeLessThan(responsesTop);
    // The panel spans both columns, not the narrow middle one.
    expect((await panel.boundingBox())?.width ?? 0).toBeGreaterThan(VIEWPORT.width / 2);
  }, 120_000);

  test("starts with the mock it was served with as its base URL", async () => {
    const { panel } = await open("calculateFees");
    expect(await panel.locator('[name="baseUrl"]').inputValue()).toBe(mock.baseUrl);
  }, 120_000);

  test("a request it finds invalid can be sent anyway: the server's documented 422, the warning beside it", async () => {
    const { panel } = await open("calculateFees");
    await panel.getByLabel("Token", { exact: true }).fill(TOKEN);
    const body = panel.locator('[name="body"]');
    const valid = JSON.parse(await body.inputValue()) as Record<string, unknown>;
    await body.fill(JSON.stringify({ ...valid, merchantAccountNumber: 1 }, null, 2));
    const anyway = panel.getByRole("button", { name: "Send anyway" });
    expect(await anyway.isHidden()).toBe(true);
    await panel.getByRole("button", { name: "Send", exact: true }).click();
    await expect(panel.locator(".mp-problems").first().textContent()).resolves.toContain(
      "/merchantAccountNumber",
    );
    expect(await panel.locator(".mp-result").isHidden()).toBe(true);
    await anyway.click();
    await panel.locator(".mp-result:not([hidden])").waitFor({ timeout: 20_000 });
    await panel.locator(".mp-result").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(dist, "try-it-send-anyway.png") });
    expect(((await panel.locator(".mp-status").textContent()) ?? "").trim()).toMatch(/^422\b/);
    expect(((await panel.locator(".mp-badge").textContent()) ?? "").trim()).toBe(
      "error 422, as documented",
    );
    const warning = panel.locator(".mp-result .mp-sent-anyway");
    expect(await warning.isVisible()).toBe(true);
    expect(await warning.textContent()).toContain("/merchantAccountNumber");
    expect(await panel.locator(".mp-curl").textContent()).toContain('"merchantAccountNumber":1');
  }, 120_000);

  test("every operation's TypeScript sample starts below its copy button: no line hidden under it", async () => {
    const { element } = await open("calculateFees");
    const block = element
      .locator('.panel-request-samples [data-component-name="CodeBlock/CodeBlock"]')
      .first();
    await block.scrollIntoViewIfNeeded();
    await block.screenshot({ path: join(dist, "try-it-sample.png") });
    const boxes = await block.evaluate((el) => {
      const button = el.querySelector('[data-component-name="Buttons/CopyButton"]');
      const code = el.querySelector("code");
      if (!button || !code) return undefined;
      const b = button.getBoundingClientRect();
      const c = code.getBoundingClientRect();
      return {
        button: [b.left, b.top, b.right, b.bottom],
        code: [c.left, c.top, c.right, c.bottom],
      };
    });
    expect(boxes).toBeDefined();
    const [bl, bt, br, bb] = boxes?.button ?? [];
    const [cl, ct, cr, cb] = boxes?.code ?? [];
    const overlaps =
      (bl as number) < (cr as number) &&
      (br as number) > (cl as number) &&
      (bt as number) < (cb as number) &&
      (bb as number) > (ct as number);
    expect(overlaps, JSON.stringify(boxes)).toBe(false);
  }, 120_000);
});
