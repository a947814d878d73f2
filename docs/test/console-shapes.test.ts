// The Try-it console on every operation shape, in Chromium: the site built from the grown fixture
// (`build-site.mjs --spec`), opened from file://, sends to a loopback server that records exactly what arrives:
// a path parameter percent-encoded in its segment, query arrays per style, an API key header, a multipart upload
// with its parts' types, an urlencoded body without credentials, a 204, text and binary answers; parameters labelled
// with the spec's names, enums as selects, optional ones empty with their example as placeholder. One browser launch.
import { mkdtempSync, rmSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type MockServer, startMock } from "@merchant-payments/mock";
import { loadDocument, type OperationSpec, operations } from "@merchant-payments/spec";
import {
  type LoopbackServer,
  type ReceivedRequest,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import {
  type PageWatch,
  sharedChromium,
  watchContext,
} from "@merchant-payments/test-support/browser";
import type { Browser, Locator, Page } from "playwright-core";
import { x } from "tinyexec";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { initialParameterText, parameterFields } from "../src/console/parameters.js";
import { openOperation, sidebar, tryItPanel } from "./support/redoc.js";

const require = createRequire(import.meta.url);
const grownBundle = require.resolve("@merchant-payments/spec/fixtures/grown.json");
const document = loadDocument(grownBundle);
const ops = operations(document);
const out = mkdtempSync(join(tmpdir(), "merchant-payments-grown-site-"));
/** The product site's folder, where screenshots go. */
const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const API_KEY = "report-key-123";
const TOKEN = "grown-token";

/** The answer the loopback server gives next: status, headers, body. */
let answer: { status: number; headers?: Record<string, string>; body?: string | Buffer } = {
  status: 500,
};
let server: LoopbackServer;
/** The mock serving the grown fixture, for the pages of a paginated operation. */
let mock: MockServer;
let browser: Browser;
let page: Page;
let watch: PageWatch;

/** Answers CORS preflights for any page (file:// is origin "null"), and everything else with `answer`. */
function respond(request: ReceivedRequest, response: ServerResponse): void {
  const cors = {
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "Location, ETag, Retry-After",
  };
  if (request.method === "OPTIONS") {
    response.writeHead(204, {
      ...cors,
      "access-control-allow-methods": "GET, HEAD, POST, PUT, PATCH, DELETE",
      "access-control-allow-headers": String(
        request.headers["access-control-request-headers"] ?? "",
      ),
    });
    response.end();
    return;
  }
  response.writeHead(answer.status, { ...cors, ...answer.headers });
  response.end(answer.body);
}

function op(operationId: string): OperationSpec {
  const found = ops.find((o) => o.operationId === operationId);
  if (!found) throw new Error(`no ${operationId} in the grown fixture`);
  return found;
}

/** The first example of the operation's answer with `status`, as JSON text. */
function exampleAnswer(operationId: string, status: string): string {
  const media = op(operationId).responses.find((r) => r.status === status)?.content[0];
  return JSON.stringify(media?.examples[0]?.value);
}

async function panelOf(operationId: string): Promise<Locator> {
  const spec = op(operationId);
  const { element } = await openOperation(page, spec.tags[0] ?? "", spec.summary);
  const panel = await tryItPanel(element, operationId);
  await panel.waitFor({ state: "attached", timeout: 10_000 });
  await panel.scrollIntoViewIfNeeded();
  await panel.locator('[name="baseUrl"]').fill(server.baseUrl);
  return panel;
}

/** Presses Send and waits for the answer; returns the one non-preflight request the server received. */
async function send(panel: Locator): Promise<ReceivedRequest> {
  server.handle(respond);
  await panel.getByRole("button", { name: "Send", exact: true }).click();
  await panel.locator(".mp-result:not([hidden])").waitFor({ timeout: 15_000 });
  const sent = server.received.filter((r) => r.method !== "OPTIONS");
  expect(sent).toHaveLength(1);
  return sent[0] as ReceivedRequest;
}

/** The value at a JSON Pointer, or undefined. */
const at = (value: unknown, pointer = ""): unknown =>
  pointer
    .split("/")
    .slice(1)
    .reduce<unknown>((here, key) => (here as Record<string, unknown> | undefined)?.[key], value);

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();

beforeAll(async () => {
  const build = await x(
    process.execPath,
    [
      fileURLToPath(new URL("../scripts/build-site.mjs", import.meta.url)),
      "--spec",
      grownBundle,
      "--out",
      out,
      "--no-compress",
    ],
    {
      timeout: 300_000,
      throwOnError: true,
      nodeOptions: { env: { ...process.env, REDOCLY_TELEMETRY: "off" } },
    },
  );
  expect(build.exitCode).toBe(0);
  server = await startLoopbackServer(respond);
  mock = await startMock({ spec: grownBundle });
  browser = await sharedChromium();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  watch = await watchContext(context, [pathToFileURL(out).href, server.baseUrl, mock.baseUrl]);
  page = await context.newPage();
  await page.goto(`${pathToFileURL(out).href}/index.html`);
  await sidebar(page).waitFor({ state: "visible", timeout: 30_000 });
  // A bound on a hang (the site's build and a browser start on a busy machine), not on speed.
}, 600_000);

afterAll(async () => {
  await page?.context().close();
  await server?.close();
  await mock?.close();
  rmSync(out, { recursive: true, force: true });
});

describe("the Try-it console of the grown fixture, from file://", () => {
  test("labels parameters with the spec's names, enums as selects, optional ones empty with the example as placeholder", async () => {
    // First in this file: no test has typed into this panel yet.
    const panel = await panelOf("listTransactions");
    await page.screenshot({ path: join(dist, "try-it-parameters.png") });
    const params = parameterFields(op("listTransactions"));
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
  });

  test("a GET with a path parameter sends the value percent-encoded within its segment, no body", async () => {
    const panel = await panelOf("readTransaction");
    await panel.locator('[name="param-path-transactionReference"]').fill("TXN 2024/01#1?x");
    await panel.getByLabel("Token", { exact: true }).fill(TOKEN);
    answer = {
      status: 200,
      headers: { "content-type": "application/json", etag: '"v1"' },
      body: exampleAnswer("readTransaction", "200"),
    };
    const received = await send(panel);
    expect(received.method).toBe("GET");
    expect(received.url).toBe("/transactions/TXN%202024%2F01%231%3Fx");
    expect(received.body).toBe("");
    expect(received.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(await text(panel.locator(".mp-badge"))).toBe("conforms");
    expect(await text(panel.locator(".mp-declared"))).toContain('ETag"v1"');
    expect(await text(panel.locator(".mp-curl"))).toContain("'http://127.0.0.1:");
    expect(await text(panel.locator(".mp-curl"))).toContain(
      "/transactions/TXN%202024%2F01%231%3Fx'",
    );
  });

  test("query arrays go out per style: exploded form repeated, unexploded form comma-joined", async () => {
    const panel = await panelOf("listTransactions");
    expect(await panel.locator('[name="param-query-cursor"]').inputValue()).toBe("");
    // Optional parameters start empty (their examples are placeholders): the reader fills what to send.
    await panel.locator('[name="param-query-limit"]').fill("50");
    await panel.locator('[name="param-query-status"]').selectOption(["S", "P"]);
    await panel.locator('[name="param-query-connectors"]').fill("M-Wallet\nBank Transfer");
    await panel.locator('[name="param-query-minAmount"]').fill("100.5");
    answer = {
      status: 200,
      headers: { "content-type": "application/json" },
      body: exampleAnswer("listTransactions", "200"),
    };
    const received = await send(panel);
    const merchant = await panel.locator('[name="param-query-merchantAccountNumber"]').inputValue();
    expect(received.url).toBe(
      `/transactions?merchantAccountNumber=${merchant}&limit=50&status=S&status=P&connectors=M-Wallet,Bank%20Transfer&minAmount=100.5`,
    );
    expect(await text(panel.locator(".mp-badge"))).toBe("conforms");

    // x-pagination: the answer's next cursor (at its `next` pointer) fills the cursor field and sends again.
    const next = (JSON.parse(answer.body as string) as { nextCursor: string }).nextCursor;
    answer = {
      status: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...JSON.parse(answer.body as string), nextCursor: null }),
    };
    server.handle(respond);
    await panel.getByRole("button", { name: "Next page" }).click();
    await panel.locator(".mp-result:not([hidden])").waitFor({ timeout: 15_000 });
    const second = server.received.filter((r) => r.method !== "OPTIONS");
    expect(second.map((r) => r.url)).toEqual([
      `/transactions?merchantAccountNumber=${merchant}&cursor=${encodeURIComponent(next)}&limit=50&status=S&status=P&connectors=M-Wallet,Bank%20Transfer&minAmount=100.5`,
    ]);
    expect(await panel.getByRole("button", { name: "Next page" }).isHidden()).toBe(true);
    await panel.locator('[name="param-query-cursor"]').fill("");
  });

  test.each(ops.filter((o) => o.pagination).map((o) => [o.operationId, o] as const))(
    "%s: Next page against the mock reads every page at the smallest page size and ends",
    async (operationId, paginated) => {
      const panel = await panelOf(operationId);
      await panel.locator('[name="baseUrl"]').fill(mock.baseUrl);
      if (paginated.security[0]?.some((s) => s.type === "http"))
        await panel.getByLabel("Token", { exact: true }).fill(TOKEN);
      // Every optional integer query parameter besides the cursor (the page size) at its schema's minimum.
      let size = 1;
      for (const p of paginated.parameters) {
        const minimum = (p.schema as { minimum?: number }).minimum;
        const integer = [p.schema.type].flat().includes("integer");
        if (p.in === "query" && !p.required && integer && minimum !== undefined) {
          await panel.locator(`[name="param-query-${p.name}"]`).fill(String(minimum));
          size = Math.max(1, minimum);
        }
      }
      const documented = paginated.responses
        .find((r) => r.status.startsWith("2"))
        ?.content[0]?.examples.flatMap((e) => [at(e.value, paginated.pagination?.items)].flat());
      const nextPage = panel.getByRole("button", { name: "Next page" });
      const cursorField = panel.locator(`[name="param-query-${paginated.pagination?.cursor}"]`);
      await panel.getByRole("button", { name: "Send" }).click();
      let pages = 1;
      for (;;) {
        await panel.locator(".mp-send:not([disabled])").waitFor({ timeout: 15_000 });
        await panel.locator(".mp-result:not([hidden])").waitFor({ timeout: 15_000 });
        expect(await text(panel.locator(".mp-status"))).toMatch(/^2\d\d/);
        expect(await text(panel.locator(".mp-badge"))).toBe("conforms");
        if (await nextPage.isHidden()) break;
        pages += 1;
        expect(pages, "the pages end").toBeLessThanOrEqual((documented?.length ?? 0) + 1);
        await nextPage.click();
        // The click fills the cursor and sends: wait for the request with that cursor to be answered.
        const cursor = await cursorField.inputValue();
        expect(cursor).not.toBe("");
        await panel.locator(".mp-curl", { hasText: cursor }).waitFor({ timeout: 15_000 });
      }
      expect(pages).toBe(Math.ceil((documented?.length ?? 0) / size));
      await cursorField.fill("");
    },
  );

  test("a query value the schema refuses is listed and nothing is sent", async () => {
    const panel = await panelOf("listTransactions");
    await panel.locator('[name="param-query-minAmount"]').fill("-1");
    server.handle(respond);
    await panel.getByRole("button", { name: "Send", exact: true }).click();
    await expect(text(panel.locator(".mp-problems"))).resolves.toContain("/query/minAmount");
    expect(server.received).toHaveLength(0);
    await panel.locator('[name="param-query-minAmount"]').fill("100.5");
  });

  test("space- and pipe-delimited arrays, an API key header masked in curl, a text/csv answer shown as text", async () => {
    const panel = await panelOf("downloadSettlementReport");
    expect(await panel.locator('[name="token"]').count()).toBe(0);
    await panel.locator('[name="apiKey-ApiKeyHeader"]').fill(API_KEY);
    await panel
      .locator('[name="param-query-columns"]')
      .selectOption(["transactionReferenceNumber", "amountReceived"]);
    await panel.locator('[name="param-query-currencies"]').fill("KES\nUGX");
    const csv = "transactionReferenceNumber,amountReceived\nTXN-1,99.5\n";
    answer = { status: 200, headers: { "content-type": "text/csv" }, body: csv };
    const received = await send(panel);
    expect(received.url).toBe(
      "/settlements/2024-01-15/report?columns=transactionReferenceNumber%20amountReceived&currencies=KES|UGX",
    );
    expect(received.headers["x-api-key"]).toBe(API_KEY);
    expect(received.headers.authorization).toBeUndefined();
    expect(await panel.locator(".mp-body").textContent()).toBe(csv);
    expect(await panel.locator(".mp-body").getAttribute("data-kind")).toBe("text");
    const curl = await text(panel.locator(".mp-curl"));
    expect(curl).not.toContain(API_KEY);
    expect(curl).toContain("$MERCHANT_PAYMENTS_API_KEY_HEADER");
  });

  test("a multipart upload sends each part with its type (file per encoding.contentType, JSON part) and shows Location", async () => {
    const panel = await panelOf("uploadDisputeEvidence");
    await panel.getByLabel("Token", { exact: true }).fill(TOKEN);
    await panel.locator('[name="form-file"]').setInputFiles({
      name: "receipt.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7 test"),
    });
    answer = {
      status: 201,
      headers: {
        "content-type": "application/json",
        location: "/disputes/DSP-000451/evidence/EV-1",
      },
      body: exampleAnswer("uploadDisputeEvidence", "201"),
    };
    const received = await send(panel);
    expect(received.method).toBe("POST");
    expect(received.url).toBe("/disputes/DSP-000451/evidence");
    const type = String(received.headers["content-type"]);
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(type)?.[1];
    expect(boundary).toBeTruthy();
    const parts = received.body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => p.replace(/^\r\n/, "").replace(/\r\n$/, ""));
    expect(parts).toEqual([
      'Content-Disposition: form-data; name="category"\r\n\r\ndelivery-proof',
      'Content-Disposition: form-data; name="description"\r\n\r\nDelivery receipt signed by the customer.',
      'Content-Disposition: form-data; name="file"; filename="receipt.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 test',
      `Content-Disposition: form-data; name="metadata"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ submittedBy: "jane.mwangi@merchant.example" })}`,
    ]);
    expect(await text(panel.locator(".mp-status"))).toMatch(/^201/);
    expect(await text(panel.locator(".mp-declared"))).toContain(
      "Location/disputes/DSP-000451/evidence/EV-1",
    );
    const curl = await text(panel.locator(".mp-curl"));
    expect(curl).toContain(`--form 'file=@"receipt.pdf";type=application/pdf'`);
    expect(curl).not.toContain("Content-Type: multipart");
  });

  test("a file of a type the encoding does not allow is refused before sending", async () => {
    const panel = await panelOf("uploadDisputeEvidence");
    await panel.locator('[name="form-file"]').setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    server.handle(respond);
    await panel.getByRole("button", { name: "Send", exact: true }).click();
    await expect(text(panel.locator(".mp-problems"))).resolves.toContain(
      "notes.txt is text/plain: must be application/pdf or image/png or image/jpeg",
    );
    expect(server.received).toHaveLength(0);
  });

  test("a DELETE answered 204 shows no content, and sends no body", async () => {
    const panel = await panelOf("removeWebhookSubscription");
    await panel.getByLabel("Token", { exact: true }).fill(TOKEN);
    answer = { status: 204 };
    const received = await send(panel);
    expect(received.method).toBe("DELETE");
    expect(received.url).toBe("/webhooks/subscriptions/payment.success");
    expect(received.body).toBe("");
    expect(received.headers["content-type"]).toBeUndefined();
    expect(await text(panel.locator(".mp-body"))).toBe("no content");
    expect(await text(panel.locator(".mp-badge"))).toBe("conforms");
  });

  test("security: [] asks for nothing and sends no credentials; an urlencoded body", async () => {
    const panel = await panelOf("issueAccessToken");
    expect(await panel.locator('[name="token"]').count()).toBe(0);
    await expect(text(panel.locator(".mp-no-credentials"))).resolves.toContain(
      "without credentials",
    );
    answer = {
      status: 200,
      headers: { "content-type": "application/json" },
      body: exampleAnswer("issueAccessToken", "200"),
    };
    const received = await send(panel);
    expect(received.headers.authorization).toBeUndefined();
    expect(received.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(received.body);
    expect(form.get("grant_type")).toBe("client_credentials");
    expect(await text(panel.locator(".mp-badge"))).toBe("conforms");
  });

  test("a binary answer is a size line with a download, not text", async () => {
    const panel = await panelOf("downloadTransactionReceipt");
    answer = {
      status: 200,
      headers: { "content-type": "application/pdf" },
      body: Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 3, 255]),
    };
    await send(panel);
    expect(await text(panel.locator(".mp-body"))).toBe("binary: 9 bytes, application/pdf");
    expect(await panel.locator(".mp-download a").getAttribute("download")).toBe(
      "downloadTransactionReceipt.pdf",
    );
    expect(watch.outside).toEqual([]);
    expect(watch.errors).toEqual([]);
  });
});
