import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  type PageWatch,
  sharedChromium,
  watchContext,
} from "@merchant-payments/test-support/browser";
import { HANG_BOUND_MS } from "@merchant-payments/test-support/vitest-preset";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { RELEASES_HEADING } from "../scripts/lib/release-notes.mjs";
import { listOperations, readBundle } from "../src/samples.mjs";
import { startSiteServer } from "../src/site-server.mjs";
import {
  openOperation,
  requestSampleWidths,
  requestSectionLayout,
  responseExample,
  showRequestSample,
  sidebar,
} from "./support/redoc.js";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const operations = listOperations();
const VIEWPORT = { width: 1400, height: 900 };
/** Narrowest text of the middle column beside the code samples, and smallest code font, in px. */
const MIN_TEXT_WIDTH = 420;
const MIN_CODE_FONT_SIZE = 12;
const require = createRequire(import.meta.url);
const clientManifestPath = require.resolve("@merchant-payments/client/package.json");
const clientManifest = JSON.parse(readFileSync(clientManifestPath, "utf8")) as { version: string };
const clientChangelog = join(dirname(clientManifestPath), "CHANGELOG.md");

/** Code as the reader sees it: trailing spaces and the final newline do not count. */
const normalize = (code: string) =>
  code
    .replace(/\r/g, "")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .trim();

let launched: Browser | undefined;
let launchError: unknown;
let server: Awaited<ReturnType<typeof startSiteServer>>;

/** The browser; every test fails with the launch error (e.g. how to install Chromium) when there is none. */
function browser(): Browser {
  if (!launched) throw launchError;
  return launched;
}

beforeAll(async () => {
  server = await startSiteServer({ root: dist });
  try {
    launched = await sharedChromium();
  } catch (error) {
    launchError = error;
  }
});
beforeEach(() => {
  browser();
});
afterAll(async () => {
  await server?.close();
});

describe("the site served over HTTP", () => {
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;
  const anchors = new Map<string, string>();

  beforeAll(async () => {
    if (!launched) return;
    context = await browser().newContext({ viewport: VIEWPORT });
    watch = await watchContext(context, [server.url]);
    page = await context.newPage();
    await page.goto(server.url, { waitUntil: "load" });
    await sidebar(page).waitFor({ state: "visible", timeout: 30_000 });
  });
  afterAll(async () => {
    await context?.close();
  });

  test("opens on the developer guide, every section of info.description a heading", async () => {
    expect(await page.title()).toContain("Merchant Payments API");
    const sections = [...readBundle().info.description.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections).toContain("Quick start");
    for (const section of sections) {
      await expect(
        page.getByRole("heading", { name: section }).count(),
        section,
      ).resolves.toBeGreaterThan(0);
    }
  });

  test.each(operations)(
    "shows $operationId with its TypeScript sample in the right panel, its request and response examples",
    async (op) => {
      const { element, anchor } = await openOperation(page, op.tag, op.summary);
      anchors.set(op.operationId, anchor);
      await expect(
        element.getByRole("heading", { name: op.summary }).first().isVisible(),
      ).resolves.toBe(true);
      await expect(element.getByText(op.path, { exact: true }).first().isVisible()).resolves.toBe(
        true,
      );

      const typescript = await showRequestSample(page, element, "TypeScript");
      expect(normalize(typescript)).toBe(normalize(op.typescript ?? ""));
      // Three panels: the sample sits right of the text, which stays readable, and fits without a sideways scroll.
      const layout = await requestSectionLayout(element);
      expect(layout.samples.left, "the samples are right of the text").toBeGreaterThanOrEqual(
        layout.middleText.right,
      );
      expect(layout.middleText.width, "the middle column's text width").toBeGreaterThanOrEqual(
        MIN_TEXT_WIDTH,
      );
      const widths = await requestSampleWidths(element);
      expect(widths.fontSize, "the samples' font size").toBeGreaterThanOrEqual(MIN_CODE_FONT_SIZE);
      expect(widths.clientWidth).toBeGreaterThan(0);
      expect(widths.scrollWidth, "the TypeScript sample scrolls sideways").toBeLessThanOrEqual(
        widths.clientWidth,
      );

      // The JSON request example as Redoc's Payload tab, and the 200 JSON answer's example, where the operation's
      // shape has them (a GET has no payload; a 201, a CSV or a 204 no JSON 200 example).
      if (op.requestExamples.length > 0) {
        const payload = await showRequestSample(page, element, "Payload");
        expect(JSON.parse(payload)).toEqual(op.requestExamples[0]);
      }
      if (op.responseExamples.length > 0 && op.responses[0]?.status === "200")
        expect(JSON.parse(await responseExample(element))).toEqual(op.responseExamples[0]);

      const curl = await showRequestSample(page, element, "curl");
      expect(normalize(curl)).toBe(normalize(op.curl ?? ""));
      await showRequestSample(page, element, "TypeScript");
    },
  );

  test("shows the spec version, the client version and the client's changelog", async () => {
    const section = page.getByRole("heading", { name: RELEASES_HEADING });
    await section.first().scrollIntoViewIfNeeded();
    await expect(section.first().isVisible()).resolves.toBe(true);
    // The last row naming it: the versions section comes after the Security and limits one, whose tables name the
    // client too (its limits).
    const row = (name: string) => page.locator("tr", { hasText: name }).last();
    await expect(row("info.version").textContent()).resolves.toContain(readBundle().info.version);
    await expect(row("@merchant-payments/client").textContent()).resolves.toContain(
      clientManifest.version,
    );
    await expect(
      page.getByRole("heading", { name: "Client changelog" }).first().isVisible(),
    ).resolves.toBe(true);
    if (existsSync(clientChangelog)) {
      const versions = [...readFileSync(clientChangelog, "utf8").matchAll(/^## (\S+)/gm)];
      for (const [, version] of versions.slice(0, 3))
        await expect(
          page.getByText(version ?? "", { exact: true }).count(),
        ).resolves.toBeGreaterThan(0);
    } else {
      await expect(page.getByText("No releases yet").first().isVisible()).resolves.toBe(true);
    }
  });

  test("saves a full-page screenshot to dist/screenshot.png", async () => {
    const op = operations.find((o) => o.operationId === "submitDisbursementBatch") ?? operations[0];
    if (!op) throw new Error("no operations");
    await openOperation(page, op.tag, op.summary);
    // The whole page grows with every operation: on a busy machine its capture takes longer than Playwright's 30 s.
    const shot = await page.screenshot({
      path: `${dist}screenshot.png`,
      fullPage: true,
      timeout: HANG_BOUND_MS,
    });
    expect(shot.length).toBeGreaterThan(10_000);
  });

  test("a deep link to an operation opens the page scrolled to that operation", async () => {
    // The last operation of a tag with several, so that reaching it takes a scroll.
    const tags = operations.map((o) => o.tag);
    const op = [...operations].reverse().find((o) => tags.filter((t) => t === o.tag).length > 1);
    if (!op) throw new Error("no tag with several operations");
    const anchor = anchors.get(op.operationId);
    expect(anchor).toMatch(/^#\//);

    const fresh = await context.newPage();
    try {
      await fresh.goto(`${server.url}${anchor}`, { waitUntil: "load" });
      const element = fresh.locator(`[id="${anchor?.replace(/^#\/?/, "")}"]`);
      await element.waitFor({ state: "visible", timeout: 30_000 });
      await fresh.waitForFunction(
        (el) => {
          const top = (el as HTMLElement).getBoundingClientRect().top;
          return top >= -2 && top < 200 && window.scrollY > 0;
        },
        await element.elementHandle(),
        { timeout: 10_000 },
      );
      await expect(
        element.getByRole("heading", { name: op.summary }).first().isVisible(),
      ).resolves.toBe(true);
    } finally {
      await fresh.close();
    }
  });

  test("attempted no request outside 127.0.0.1 and logged no console error", () => {
    expect(watch.outside).toEqual([]);
    expect(watch.errors).toEqual([]);
  });
});

describe("Redoc's code, run on the reader's first interaction", () => {
  let context: BrowserContext;
  let page: Page;
  const redocRan = () => page.evaluate(() => "RedocStandalone" in globalThis);

  beforeAll(async () => {
    if (!launched) return;
    context = await browser().newContext({ viewport: VIEWPORT });
    page = await context.newPage();
    await page.goto(server.url, { waitUntil: "load" });
  });
  afterAll(async () => {
    await context?.close();
  });

  test("the page as loaded is the server-rendered guide and sidebar, Redoc's code not run yet", async () => {
    await expect(redocRan()).resolves.toBe(false);
    await expect(sidebar(page).isVisible()).resolves.toBe(true);
    await expect(
      page.getByRole("heading", { name: "Quick start" }).first().isVisible(),
    ).resolves.toBe(true);
  });

  test("Redoc's code and the page's own are fetched after the page has loaded, into the cache, not run", async () => {
    // Resource timing, relative to the navigation: each file's fetch starts at or after the load event.
    const timing = await page.waitForFunction(
      () => {
        const fetched = performance
          .getEntriesByType("resource")
          .filter((entry) => /\/(redoc|site)\.[0-9a-f]{10}\.js$/.test(entry.name));
        const [navigation] = performance.getEntriesByType(
          "navigation",
        ) as PerformanceNavigationTiming[];
        return fetched.length === 2 && navigation
          ? { starts: fetched.map((entry) => entry.startTime), load: navigation.loadEventStart }
          : undefined;
      },
      undefined,
      { timeout: HANG_BOUND_MS },
    );
    const { starts, load } = (await timing.jsonValue()) as { starts: number[]; load: number };
    for (const start of starts) expect(start).toBeGreaterThanOrEqual(load);
    await expect(redocRan()).resolves.toBe(false);
  });

  test("a sidebar link pressed before Redoc runs goes to its section of the page, not to another address", async () => {
    const link = sidebar(page).locator("a", { hasText: "Retries" }).first();
    await link.click();
    await page.waitForFunction(() => {
      const top = document.getElementById("section/retries")?.getBoundingClientRect().top;
      return top !== undefined && top >= -2 && top < 200 && window.scrollY > 0;
    });
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test("a tag pressed before Redoc runs opens once it has hydrated, and an answer's example then expands", async () => {
    const op = operations.find(
      (o) => o.responseExamples.length > 0 && o.responses[0]?.status === "200",
    );
    if (!op) throw new Error("no operation with a 200 example");
    const fresh = await context.newPage();
    try {
      await fresh.goto(server.url, { waitUntil: "load" });
      await expect(fresh.evaluate(() => "RedocStandalone" in globalThis)).resolves.toBe(false);
      // The press that starts Redoc is held until its root exists, then replayed on the same element.
      await sidebar(fresh).getByText(op.tag, { exact: true }).last().click();
      await sidebar(fresh)
        .locator("a", { hasText: op.summary })
        .waitFor({ state: "visible", timeout: HANG_BOUND_MS });
      const { element } = await openOperation(fresh, op.tag, op.summary);
      expect(JSON.parse(await responseExample(element))).toEqual(op.responseExamples[0]);
    } finally {
      await fresh.close();
    }
  });
});

describe("the site opened from file://", () => {
  test("renders every operation without a server, without a request or an error", async () => {
    const context = await browser().newContext({ viewport: VIEWPORT });
    try {
      const root = pathToFileURL(dist).href;
      const watch = await watchContext(context, [root]);
      const page = await context.newPage();
      await page.goto(`${root}index.html`, { waitUntil: "load" });
      await sidebar(page).waitFor({ state: "visible", timeout: 30_000 });
      for (const op of operations) {
        const { element } = await openOperation(page, op.tag, op.summary);
        const typescript = await showRequestSample(page, element, "TypeScript");
        expect(normalize(typescript)).toBe(normalize(op.typescript ?? ""));
      }
      expect(watch.outside).toEqual([]);
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
