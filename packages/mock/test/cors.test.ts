import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { hasChromium, launchChromium } from "@merchant-payments/test-support/browser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type MockServer, startMock } from "../src/index.js";

describe("CORS", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(async () => {
    await mock?.close();
  });

  test("answers a preflight from another origin with every header the spec uses allowed", async () => {
    const response = await fetch(`${mock.baseUrl}/merchants/webhooks/delete`, {
      method: "OPTIONS",
      headers: {
        origin: "null",
        "access-control-request-method": "POST",
        "access-control-request-headers":
          "authorization, content-type, merchantaccountnumber, accept-language, prefer",
      },
      signal: AbortSignal.timeout(5000),
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    const allowed = (response.headers.get("access-control-allow-headers") ?? "")
      .toLowerCase()
      .split(/,\s*/);
    for (const name of [
      "authorization",
      "content-type",
      "merchantaccountnumber",
      "accept-language",
      "prefer",
    ])
      expect(allowed).toContain(name);
  });

  test("lets a page read the request id and Retry-After of an answer", async () => {
    const response = await fetch(`${mock.baseUrl}/collections/getTransaction`, {
      method: "POST",
      body: JSON.stringify({
        merchantAccountNumber: 12345678,
        transactionReferenceNumber: "TXN-20240115-000123",
      }),
      headers: {
        origin: "http://localhost:8080",
        authorization: "Bearer t",
        "content-type": "application/json",
        prefer: "code=429",
      },
      signal: AbortSignal.timeout(5000),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = (response.headers.get("access-control-expose-headers") ?? "").toLowerCase();
    expect(exposed).toContain("x-request-id");
    expect(exposed).toContain("retry-after");
    expect(response.headers.get("x-request-id")).toMatch(/\S+/);
  });

  test.skipIf(!hasChromium())(
    "lets a page opened from file:// call the mock with the spec's headers, in Chromium",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "mock-cors-"));
      const page = join(dir, "page.html");
      writeFileSync(page, "<!doctype html><title>console</title><p>page</p>");
      const browser = await launchChromium();
      try {
        const tab = await browser.newPage();
        await tab.goto(pathToFileURL(page).href);
        const result = await tab.evaluate(async (baseUrl: string) => {
          const response = await fetch(`${baseUrl}/merchants/webhooks/delete`, {
            method: "POST",
            headers: {
              authorization: "Bearer page-token",
              "content-type": "application/json",
              merchantaccountnumber: "12345678",
              "accept-language": "en",
              prefer: "code=200",
            },
            body: JSON.stringify({
              eventCode: "payment.success",
              merchantAccountNumber: 12345678,
              deletedBy: "integrations@cornergrocers.example",
            }),
          });
          return {
            status: response.status,
            requestId: response.headers.get("x-request-id"),
            body: await response.json(),
          };
        }, mock.baseUrl);
        expect(result.status).toBe(200);
        expect(result.requestId).toMatch(/\S+/);
        expect(result.body).toBeDefined();
      } finally {
        await browser.close();
      }
    },
  );
});
