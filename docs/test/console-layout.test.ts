// The Try-it console as a payments developer expects it, in Chromium: at the top of each operation, parameter names
// as the spec writes them, enums as selects, optional parameters empty with their example as a placeholder, a
// "Send anyway" that shows the server's documented 422 with the console's warning beside it, the mock it was served
// with as its base URL, and every code sample's first line clear of the copy button. Screenshots in docs/dist.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type MockServer, startMock } from "@merchant-payments/mock";
import { loadDocument, operations } from "@merchant-payments/spec";
import { launchChromium } from "@merchant-payments/test-support/browser";
import type { Browser, Locator, Page } from "playwright-core";
import { x } from "tinyexec";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { initialParameterText, parameterFields } from "../src/console/parameters.js";
import { startSiteServer } from "../src/site-server.mjs";
import { openOperation } from "./support/redoc.js";

const require = createRequire(import.meta.url);
const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const grownBundle = require.resolve("@merchant-payments/spec/fixtures/grown.json");
const grownOut = mkdtempSync(join(tmpdir(), "merchant-payments-console-layout-"));
const VIEWPORT = { width: 1400, height: 900 };
const TOKEN = "console-layout-token";

let browser: Browser;
let mock: MockServer;
let site: Awaited<ReturnType<typeof startSiteServer>>;
let grownSite: Awaited<ReturnType<typeof startSiteServer>>;

beforeAll(async () => {
  const build = await x(
    process.execPath,
    [
      fileURLToPath(new URL("../scripts/build-site.mjs", import.meta.url)),
      ...["--spec", grownBundle, "--out", grownOut],
    ],
    { timeout: 240_000, nodeOptions: { env: { ...process.env, REDOCLY_TELEMETRY: "off" } } },
  );
  if (build.exitCode !== 0) throw new Error(`grown site build failed:\n${build.stderr}`);
  mock = await startMock();
  site = await startSiteServer({ root: dist, mockUrl: mock.baseUrl });
  grownSite = await startSiteServer({ root: grownOut, mockUrl: mock.baseUrl });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await grownSite?.close();
  await mock?.close();
  rmSync(grownOut, { recursive: true, force: true });
});

/** Opens `url` and the operation `operationId` of `document`; resolves its element and its console. */
async function open(
  page: Page,
  url: string,
  document: unknown,
  operationId: string,
): Promise<{ element: Locator; panel: Locator }> {
  const op = operations(document).find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  await page.goto(url);
  const { element } = await openOperation(page, op.tags[0] ?? "", op.summary);
  const panel = element.locator(`[data-try-it="${operationId}"]`);
  await panel.waitFor({ state: "attached", timeout: 15_000 });
  return { element, panel };
}

const productDocument = loadDocument(join(dist, "openapi.json"));
const grownDocument = loadDocument(grownBundle);

describe("the Try-it console", () => {
  test("sits at the top of the operation, under its heading and above its request and responses", async () => {
    const page = await browser.newPage({ viewport: VIEWPORT });
    try {
      const { element, panel } = await open(page, site.url, productDocument, "calculateFees");
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
    } finally {
      await page.close();
    }
  }, 120_000);

  test("starts with the mock it was served with as its base URL", async () => {
    const page = await browser.newPage({ viewport: VIEWPORT });
    try {
      const { panel } = await open(page, site.url, productDocument, "calculateFees");
      expect(await panel.locator('[name="baseUrl"]').inputValue()).toBe(mock.baseUrl);
    } finally {
      await page.close();
    }
  }, 120_000);

  test("labels parameters with the spec's names, enums as selects, optional ones empty with the example as placeholder", async () => {
    const page = await browser.newPage({ viewport: VIEWPORT });
    try {
      const { panel } = await open(page, grownSite.url, grownDocument, "listTransactions");
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(dist, "try-it-parameters.png") });
      const op = operations(grownDocument).find((o) => o.operationId === "listTransactions");
      const params = parameterFields(op as NonNullable<typeof op>);
      expect(params.length).toBeGreaterThan(3);
      for (const param of params) {
        const selector = `[name="param-${param.in}-${param.name}"]`;
        const control = panel.locator(selector);
        const label = panel.locator("label.mp-field", { has: page.locator(selector) });
        expect(await label.locator(".mp-name").textContent()).toBe(param.name);
        expect(
          await label.locator(".mp-name").evaluate((e) => getComputedStyle(e).textTransform),
        ).toBe("none");
        const schema = (param.schema.type === "array" ? param.schema.items : param.schema) as {
          enum?: unknown[];
        };
        const tag = await control.evaluate((e) => e.tagName.toLowerCase());
        if (schema.enum) {
          expect(tag, param.name).toBe("select");
          const options = await control
            .locator("option")
            .evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
          expect(options).toEqual(schema.enum.map(String));
        } else {
          expect(tag, param.name).not.toBe("select");
        }
        if (param.required) continue;
        // Optional: nothing chosen or typed; the example is only a placeholder.
        if (tag === "select") {
          expect(
            await control.evaluate((e) => [...(e as HTMLSelectElement).selectedOptions].length),
          ).toBeLessThanOrEqual(1);
          expect(await control.evaluate((e) => (e as HTMLSelectElement).value)).toBe("");
        } else {
          expect(await control.inputValue(), param.name).toBe("");
          expect(await control.getAttribute("placeholder"), param.name).toBe(
            initialParameterText(param) || null,
          );
        }
      }
      // The optional cursor is not sent: the first Send asks for the first page.
      const cursor = params.find((p) => p.name === "cursor");
      expect(cursor?.example).toBeDefined();
    } finally {
      await page.close();
    }
  }, 120_000);

  test("a request it finds invalid can be sent anyway: the server's documented 422, the warning beside it", async () => {
    const page = await browser.newPage({ viewport: VIEWPORT });
    try {
      const { panel } = await open(page, site.url, productDocument, "calculateFees");
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
    } finally {
      await page.close();
    }
  }, 120_000);

  test("every operation's TypeScript sample starts below its copy button: no line hidden under it", async () => {
    const page = await browser.newPage({ viewport: VIEWPORT });
    try {
      const { element } = await open(page, site.url, productDocument, "calculateFees");
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
    } finally {
      await page.close();
    }
  }, 120_000);
});
