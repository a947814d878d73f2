// The Try-it console in Chromium, against the real mock: from file:// and from the served site, every operation
// sends its example and gets a conforming 200; a bad body is refused before anything leaves the page; a server
// that breaks the spec is called out; consequential calls to another machine ask first; nothing goes outside.
import { fileURLToPath, pathToFileURL } from "node:url";
import { type MockServer, startMock } from "@merchant-payments/mock";
import { operations } from "@merchant-payments/spec";
import {
  type LoopbackServer,
  type ReceivedRequest,
  sendJson,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import {
  type PageWatch,
  sharedChromium,
  watchContext,
} from "@merchant-payments/test-support/browser";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { STORAGE_KEYS } from "../src/console/request.js";
import { startSiteServer } from "../src/site-server.mjs";
import { openOperation, sidebar, tryItPanel } from "./support/redoc.js";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const VIEWPORT = { width: 1400, height: 900 };
const TOKEN = "try-it-test-token";
/**
 * The operations this file sends from their JSON request example to their own path (no path or query parameter)
 * with a Bearer token, reading a JSON 200: read from each operation's shape. Every other shape is driven through
 * the console by `console-shapes.test.ts`.
 */
const ops = operations().filter(
  (op) =>
    op.request !== undefined &&
    op.pathParameters.length === 0 &&
    op.queryParameters.length === 0 &&
    op.security[0]?.[0]?.scheme === "bearer" &&
    op.responses.some(
      (r) => r.status === "200" && r.content.some((m) => /[/+]json$/.test(m.mediaType)),
    ),
);
const HOP_BY_HOP = new Set([
  "host",
  "connection",
  "content-length",
  "transfer-encoding",
  "keep-alive",
]);

let browser: Browser | undefined;
let launchError: unknown;
let mock: MockServer;
/** Forwards every request to the mock and keeps it, so a test can count what reached the mock. */
let counting: LoopbackServer;
let site: Awaited<ReturnType<typeof startSiteServer>>;

/** Forwards one request to the mock as received (preflights included) and relays the answer. */
function forwardToMock(request: ReceivedRequest, response: import("node:http").ServerResponse) {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
  ) as Record<string, string>;
  fetch(`${mock.baseUrl}${request.url}`, {
    method: request.method,
    headers,
    body: ["GET", "HEAD", "OPTIONS"].includes(request.method) ? undefined : request.body,
    signal: AbortSignal.timeout(20_000),
  })
    .then(async (answer) => {
      const body = Buffer.from(await answer.arrayBuffer());
      const relayed: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name) && name !== "content-encoding") relayed[name] = value;
      });
      response.writeHead(answer.status, relayed);
      response.end(body);
    })
    .catch((error: unknown) => {
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(String(error));
    });
}

beforeAll(async () => {
  mock = await startMock();
  counting = await startLoopbackServer(forwardToMock);
  site = await startSiteServer({ root: dist });
  try {
    browser = await sharedChromium();
  } catch (error) {
    launchError = error;
  }
});
afterAll(async () => {
  await site?.close();
  await counting?.close();
  await mock?.close();
});

/** The requests that reached the mock since the last reset (preflights included). */
const reachedMock = () => counting.received;
const resetCount = () => counting.handle(forwardToMock);

async function panelOf(page: Page, operationId: string): Promise<Locator> {
  const op = ops.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  const { element } = await openOperation(page, op.tags[0] ?? "", op.summary);
  const panel = await tryItPanel(element, operationId);
  await panel.waitFor({ state: "attached", timeout: 10_000 });
  await panel.scrollIntoViewIfNeeded();
  return panel;
}

async function send(panel: Locator, baseUrl: string): Promise<void> {
  await panel.getByLabel("Base URL").fill(baseUrl);
  await panel.getByLabel("Token", { exact: true }).fill(TOKEN);
  await panel.getByRole("button", { name: "Send", exact: true }).click();
}

async function answered(panel: Locator): Promise<{ status: string; badge: string }> {
  await panel.locator(".mp-result:not([hidden])").waitFor({ timeout: 20_000 });
  return {
    status: ((await panel.locator(".mp-status").textContent()) ?? "").trim(),
    badge: ((await panel.locator(".mp-badge").textContent()) ?? "").trim(),
  };
}

const origins = [
  {
    name: "opened from file://",
    url: () => `${pathToFileURL(dist).href}index.html`,
    allowed: () => pathToFileURL(dist).href,
  },
  { name: "served over HTTP (pnpm docs:serve)", url: () => site.url, allowed: () => site.url },
];

describe.each(origins)("the Try-it console $name", (origin) => {
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;
  let spoiler: LoopbackServer;

  beforeAll(async () => {
    spoiler = await startLoopbackServer();
    if (!browser) return;
    context = await browser.newContext({ viewport: VIEWPORT });
    watch = await watchContext(context, [
      origin.allowed(),
      counting.baseUrl,
      spoiler.baseUrl,
      mock.baseUrl,
    ]);
    page = await context.newPage();
    await page.goto(origin.url(), { waitUntil: "load" });
    await sidebar(page).waitFor({ state: "visible", timeout: 30_000 });
  });
  afterAll(async () => {
    await context?.close();
    await spoiler?.close();
  });

  test.each(ops)("sends the $operationId example and shows a conforming 200", async (op) => {
    if (!browser) throw launchError;
    const panel = await panelOf(page, op.operationId);
    const example = op.request?.examples[0]?.value;
    expect(JSON.parse(await panel.getByLabel("Request body (JSON)").inputValue())).toEqual(example);
    resetCount();
    await send(panel, counting.baseUrl);
    await expect(answered(panel)).resolves.toEqual({ status: "200 OK", badge: "conforms" });

    const sent = reachedMock().filter((r) => r.method === op.method);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.url).toBe(op.path);
    expect(request?.url).not.toContain(TOKEN);
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(request?.body ?? "null")).toEqual(example);
    for (const header of op.headers.filter((h) => h.equalsBodyProperty))
      expect(request?.headers[header.name.toLowerCase()]).toBe(
        String((example as Record<string, unknown>)[header.equalsBodyProperty ?? ""]),
      );
    const curl = (await panel.locator(".mp-curl").textContent()) ?? "";
    expect(curl).toContain(`--request ${op.method} '${counting.baseUrl}${op.path}'`);
    expect(curl).toContain('"Authorization: Bearer $MERCHANT_PAYMENTS_TOKEN"');
    expect(curl).not.toContain(TOKEN);
    expect(page.url()).not.toContain(TOKEN);
  });

  test("works against the mock itself, with no flag: the mock answers the page's CORS preflight", async () => {
    const panel = await panelOf(page, "deleteWebhookSubscription");
    await send(panel, mock.baseUrl);
    await expect(answered(panel)).resolves.toEqual({ status: "200 OK", badge: "conforms" });
    await panel.getByLabel("Base URL").fill(counting.baseUrl);
  });

  test("offers every named request example of an operation that has several", async () => {
    const op = ops.find((o) => (o.request?.examples.length ?? 0) > 1);
    if (!op?.request) throw new Error("no operation with several request examples");
    const panel = await panelOf(page, op.operationId);
    const body = panel.getByLabel("Request body (JSON)");
    for (const example of op.request.examples) {
      await panel.getByLabel("Example").selectOption(example.name);
      expect(JSON.parse(await body.inputValue()), example.name).toEqual(example.value);
    }
  });

  test("shows every problem of an invalid body at its JSON path and sends nothing", async () => {
    const panel = await panelOf(page, "calculateFees");
    await panel.getByLabel("Base URL").fill(counting.baseUrl);
    await panel.getByLabel("Token", { exact: true }).fill(TOKEN);
    const body = panel.getByLabel("Request body (JSON)");
    const valid = JSON.parse(await body.inputValue());
    await body.fill(
      JSON.stringify({ ...valid, merchantAccountNumber: 1, transactionAmount: "ten" }),
    );
    resetCount();
    await panel.getByRole("button", { name: "Send", exact: true }).click();
    const problems = panel.locator(".mp-problems li");
    await problems.first().waitFor({ timeout: 10_000 });
    const text = (await problems.allTextContents()).join("\n");
    expect(text).toContain("/merchantAccountNumber must be >= 10000000");
    expect(text).toContain("/transactionAmount");
    await expect(panel.locator(".mp-note").textContent()).resolves.toContain("Not sent");
    // A valid request afterwards is the only one the mock sees: the refused one never left the page.
    await body.fill(JSON.stringify(valid));
    await panel.getByRole("button", { name: "Send", exact: true }).click();
    await expect(answered(panel)).resolves.toEqual({ status: "200 OK", badge: "conforms" });
    expect(reachedMock().filter((r) => r.method !== "OPTIONS")).toHaveLength(1);
    await expect(problems.count()).resolves.toBe(0);
  });

  test("clears the previous answer when a send is refused, and shows a documented 401 as an error, not a success", async () => {
    const panel = await panelOf(page, "calculateFees");
    const body = panel.getByLabel("Request body (JSON)");
    const valid = await body.inputValue();
    await send(panel, counting.baseUrl);
    await expect(answered(panel)).resolves.toEqual({ status: "200 OK", badge: "conforms" });
    // A refused send leaves no earlier answer or curl line on screen.
    await body.fill(JSON.stringify({ ...JSON.parse(valid), merchantAccountNumber: 1 }));
    await panel.getByRole("button", { name: "Send", exact: true }).click();
    await expect(panel.locator(".mp-note").textContent()).resolves.toContain("Not sent");
    await expect(panel.locator(".mp-result").isHidden()).resolves.toBe(true);
    await expect(panel.locator(".mp-curl").textContent()).resolves.toBe("");
    await expect(panel.locator(".mp-status").textContent()).resolves.toBe("");
    // No token: the mock answers the documented 401, which conforms but is not a success.
    await body.fill(valid);
    await panel.getByLabel("Token", { exact: true }).fill("");
    const errorsBefore = watch.errors.length;
    // Chromium logs every 4xx answer to fetch() as a console error: this one is expected, any other is not. The
    // log reaches the test asynchronously: its event is awaited.
    const errorLogged = page.waitForEvent("console", {
      predicate: (message) => message.type() === "error",
      timeout: 30_000,
    });
    await panel.getByRole("button", { name: "Send", exact: true }).click();
    const { status, badge } = await answered(panel);
    await errorLogged;
    const logged = watch.errors.splice(errorsBefore);
    expect(
      logged.every((line) => /status of 401/.test(line)),
      logged.join("\n"),
    ).toBe(true);
    expect(status).toMatch(/^401\b/);
    expect(badge).toBe("error 401, as documented");
    const colour = await panel
      .locator(".mp-badge")
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    const success = await page.evaluate(() => {
      const probe = document.createElement("span");
      probe.className = "mp-badge mp-conforms";
      document.querySelector(".mp-try-it")?.append(probe);
      const value = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return value;
    });
    expect(colour).not.toBe(success);
    await panel.getByLabel("Token", { exact: true }).fill(TOKEN);
  });

  test("says which field of a spec-violating answer does not conform", async () => {
    const op = ops.find((o) => o.operationId === "getTransaction");
    const example = op?.responses[0]?.content[0]?.examples[0]?.value as Record<string, unknown>;
    spoiler.handle((request, response) => {
      const cors = {
        "access-control-allow-origin": "*",
        "access-control-allow-headers": "authorization, content-type, accept, accept-language",
        "access-control-allow-methods": "POST",
      };
      if (request.method === "OPTIONS") {
        response.writeHead(204, cors);
        response.end();
      } else sendJson(response, 200, { ...example, amountSent: "lots" }, cors);
    });
    const panel = await panelOf(page, "getTransaction");
    await send(panel, spoiler.baseUrl);
    const { status, badge } = await answered(panel);
    expect(status).toBe("200 OK");
    expect(badge).toBe("does not conform: /amountSent");
    await expect(panel.locator(".mp-issues").textContent()).resolves.toContain("/amountSent");
    expect(spoiler.received.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  test("asks before sending an operation that deletes or moves money to another machine", async () => {
    const op =
      ops.find((o) => o.extensions["x-side-effect"] === "deletes") ??
      ops.find((o) => o.safeToRetry !== true);
    if (!op) throw new Error("no operation that deletes or is not safe to retry");
    const panel = await panelOf(page, op.operationId);
    const questions: string[] = [];
    const onDialog = (dialog: import("playwright-core").Dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    };
    page.on("dialog", onDialog);
    try {
      await send(panel, "https://api.merchant-payments.example/sandbox/v1");
      await expect
        .poll(() => panel.locator(".mp-note").textContent(), { timeout: 10_000 })
        .toContain("cancelled");
    } finally {
      page.off("dialog", onDialog);
    }
    expect(questions).toHaveLength(1);
    expect(questions[0]).toContain(op.operationId);
    expect(watch.outside).toEqual([]);
    await panel.getByLabel("Base URL").fill(counting.baseUrl);
  });

  test("remembers the base URL, and the token only when the reader ticks remember", async () => {
    const stored = () => page.evaluate(() => ({ ...window.localStorage }));
    const panel = await panelOf(page, "getTransaction");
    await send(panel, counting.baseUrl);
    await answered(panel);
    let items = await stored();
    expect(items[STORAGE_KEYS.baseUrl]).toBe(counting.baseUrl);
    expect(Object.values(items)).not.toContain(TOKEN);
    expect(JSON.stringify(items)).not.toContain(TOKEN);

    await panel.getByLabel("remember on this device").check();
    items = await stored();
    expect(items[STORAGE_KEYS.token]).toBe(TOKEN);
    await panel.getByLabel("remember on this device").uncheck();
    items = await stored();
    expect(JSON.stringify(items)).not.toContain(TOKEN);
  });

  test("attempted no request outside the page and the test servers, and logged no error", () => {
    expect(watch.outside).toEqual([]);
    expect(watch.errors).toEqual([]);
  });

  if (origin.name.startsWith("served"))
    test("saves a screenshot of the console to dist/try-it.png", async () => {
      const panel = await panelOf(page, "deleteWebhookSubscription");
      await send(panel, counting.baseUrl);
      await answered(panel);
      // The page around the answer: the panel, at the top of its operation, can be taller than the window.
      await panel.locator(".mp-result").scrollIntoViewIfNeeded();
      const shot = await page.screenshot({ path: `${dist}try-it.png` });
      expect(shot.length).toBeGreaterThan(10_000);
    });
});
