import type { ServerResponse } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hasChromium, launchChromium } from "@merchant-payments/test-support/browser";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { example } from "./helpers/fixtures.js";
import { json, type Received, useTestServer } from "./helpers/server.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const hasBrowser = hasChromium();
const inCI = process.env.CI === "true";

const server = useTestServer();
let browser: Browser | undefined;
let bundle: string;

beforeAll(async () => {
  const out = await build({
    entryPoints: [join(root, "dist", "index.js")],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });
  bundle = out.outputFiles[0]?.text ?? "";
  if (!hasBrowser) return;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * Opens the test page in a new browser tab, evaluates `script` there and closes the tab. The script is a string, so
 * the test runner's transform does not rewrite its dynamic import of the bundle.
 */
async function runInPage(script: string): Promise<unknown> {
  const page = await (browser as Browser).newPage();
  try {
    await page.goto(`${server.baseUrl}/`);
    return await page.evaluate(script);
  } finally {
    await page.close();
  }
}

/** Answers the test page (GET /) and the client bundle (/client.js); false for any other request. */
function servesPage(req: Received, res: ServerResponse): boolean {
  if (req.method === "GET" && req.url === "/") {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>client</title>");
  } else if (req.url === "/client.js") {
    res.writeHead(200, { "content-type": "text/javascript" });
    res.end(bundle);
  } else return false;
  return true;
}

// Skipped only where no Chromium is installed outside CI; in CI a missing browser fails the run.
describe.skipIf(!hasBrowser && !inCI)("in a real browser (Chromium)", () => {
  test("the ESM build runs: calls, normalizes, retries and throws typed errors", async () => {
    expect(browser, "no Chromium installed (see findChromium)").toBeDefined();
    let posts = 0;
    server.handle((req, res) => {
      if (servesPage(req, res)) return;
      if (req.url === "/collections/getTransaction") {
        posts++;
        if (posts === 1) json(res, 503, example("ProblemServerError"));
        else {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(
            JSON.stringify(example("TransactionIntegerBeneficiary")).replace(
              /"beneficiaryAccountNumber":\d+/,
              '"beneficiaryAccountNumber":12345678901234567891',
            ),
          );
        }
      } else if (req.url === "/merchants/webhooks/delete") {
        json(res, 200, example("WebhookDeletedBareString"));
      } else json(res, 404, example("ProblemNotFound"));
    });
    const result = await runInPage(`(async () => {
        const m = await import(location.origin + "/client.js");
        const client = m.createMerchantPaymentsClient({
          baseUrl: location.origin,
          token: () => "browser-token",
          backoff: { baseDelayMs: 1 },
        });
        const tx = await client.getTransaction({
          merchantAccountNumber: 12345678,
          transactionReferenceNumber: "T",
        });
        const del = await client.deleteWebhookSubscription({
          merchantAccountNumber: 12345678,
          eventCode: "payment.success",
          deletedBy: "a@b.example",
        });
        let validation = "";
        try {
          await client.getTransaction({
            merchantAccountNumber: 1,
            transactionReferenceNumber: "T",
          });
        } catch (e) {
          validation = e instanceof m.RequestValidationError ? e.issues[0].path : String(e);
        }
        let notFound = 0;
        try {
          await client.getMerchantUser({ merchantAccountNumber: 12345678, userId: 7 });
        } catch (e) {
          notFound = e instanceof m.NotFoundError ? e.status : -1;
        }
        return { ben: tx.beneficiaryAccountNumber, del, validation, notFound };
      })()`);
    expect(result).toEqual({
      ben: "12345678901234567891",
      del: { message: "Merchant webhook deleted successfully." },
      validation: "/merchantAccountNumber",
      notFound: 404,
    });
    expect(posts).toBe(2);
    const tx = server.received.find((r) => r.url === "/collections/getTransaction");
    expect(tx?.headers.authorization).toBe("Bearer browser-token");
    const del = server.received.find((r) => r.url === "/merchants/webhooks/delete");
    expect(del?.headers.merchantaccountnumber).toBe("12345678");
  }, 60_000);

  test("a redirect is never followed: the browser's opaque-redirect response is a RedirectError, the batch sent once", async () => {
    expect(browser, "no Chromium installed (see findChromium)").toBeDefined();
    server.handle((req, res) => {
      if (servesPage(req, res)) return;
      if (req.method === "POST" && req.url !== "/login") {
        res.writeHead(307, { location: "/login" });
        res.end();
      } else json(res, 200, { merchantAccountNumber: 12345678, batchNumber: 1 });
    });
    const batch = example("DisbursementBatchScheduled");
    const result = await runInPage(`(async () => {
        const m = await import(location.origin + "/client.js");
        const client = m.createMerchantPaymentsClient({
          baseUrl: location.origin,
          token: "browser-access-token",
          maxRetries: 5,
          backoff: { baseDelayMs: 1 },
        });
        const path = m.operations.submitDisbursementBatch.path;
        try {
          await client.submitDisbursementBatch(${JSON.stringify(batch)});
          return { path, outcome: "resolved" };
        } catch (e) {
          return {
            path,
            name: e.name,
            isRedirect: e instanceof m.RedirectError,
            status: e.status,
            location: e.location,
            mayHaveBeenProcessed: e.mayHaveBeenProcessed,
          };
        }
      })()`);
    const { path, ...outcome } = result as { path: string };
    expect(outcome).toEqual({
      name: "RedirectError",
      isRedirect: true,
      status: 0,
      location: undefined,
      mayHaveBeenProcessed: true,
    });
    expect(server.received.filter((r) => r.url === path)).toHaveLength(1);
    expect(server.received.filter((r) => r.url === "/login")).toHaveLength(0);
  }, 60_000);
});
