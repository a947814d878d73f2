// The mock on the grown fixture: one operation of every OpenAPI shape (parameters of every style, every body media
// type, several 2xx, 201/202 with Location, 204/205, text and binary answers, per-operation security).
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type MockServer, startMock } from "../src/index.js";

const grownSpec = createRequire(import.meta.url).resolve(
  "@merchant-payments/spec/fixtures/grown.json",
);

const BEARER = { authorization: "Bearer test-token" };
const ACCEPT = { accept: "application/json, application/problem+json, text/csv, application/pdf" };
const IDEMPOTENCY = { "idempotency-key": "0b7d2f6e-3c1a-4e8b-9f5d-6a2c8e1b4d70" };

interface Answer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text: string;
  problem: { status: number; detail: string; errors?: { pointer: string; detail: string }[] };
}

let mock: MockServer;

async function call(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: BodyInit; auth?: boolean } = {},
): Promise<Answer> {
  const response = await fetch(`${mock.baseUrl}${path}`, {
    method,
    headers: { ...(init.auth === false ? {} : BEARER), ...ACCEPT, ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
    signal: AbortSignal.timeout(5000),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    text,
    get problem() {
      return JSON.parse(text);
    },
  };
}

const json = (value: unknown, headers: Record<string, string> = {}) => ({
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(value),
});

/** The `errors` pointers of a problem answer. */
const pointers = (answer: Answer) => (answer.problem.errors ?? []).map((e) => e.pointer);

beforeAll(async () => {
  mock = await startMock({ spec: grownSpec, errors: true });
});
afterAll(async () => {
  await mock?.close();
});

describe("parameters", () => {
  test("a query parameter of the wrong type, missing or out of bounds is a 422 naming it", async () => {
    const wrongType = await call("GET", "/transactions?merchantAccountNumber=abc");
    expect(wrongType.status).toBe(422);
    expect(wrongType.problem.detail).toContain("query merchantAccountNumber must be integer");
    expect(pointers(wrongType)).toEqual(["query merchantAccountNumber"]);
    const missing = await call("GET", "/transactions");
    expect(missing.status).toBe(422);
    expect(missing.problem.errors).toEqual([
      { pointer: "query merchantAccountNumber", detail: "is required" },
    ]);
    const outOfBounds = await call("GET", "/transactions?merchantAccountNumber=12345678&limit=101");
    expect(outOfBounds.status).toBe(422);
    expect(outOfBounds.problem.errors).toEqual([
      { pointer: "query limit", detail: "must be <= 100" },
    ]);
    expect(
      (await call("GET", "/transactions?merchantAccountNumber=12345678&limit=100")).status,
    ).toBe(200);
  });

  test("query arrays are read in every style the spec declares, each item checked", async () => {
    const base = "/transactions?merchantAccountNumber=12345678";
    // form, exploded: status=S&status=P; form, not exploded: connectors=a,b (an encoded comma stays data).
    expect(
      (await call("GET", `${base}&status=S&status=P&connectors=M-Wallet,Bank%2CTransfer`)).status,
    ).toBe(200);
    const badItem = await call("GET", `${base}&status=S&status=X`);
    expect(badItem.status).toBe(422);
    expect(pointers(badItem)).toEqual(["query status/1"]);
    const tooMany = await call(
      "GET",
      `${base}&connectors=${Array.from({ length: 21 }, (_, i) => `c${i}`).join(",")}`,
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.problem.errors?.[0]?.detail).toBe("must NOT have more than 20 items");
    // spaceDelimited and pipeDelimited (the report; an API key in a header).
    const report = "/settlements/2024-01-15/report";
    const key = { "x-api-key": "test-key" };
    const good = await call(
      "GET",
      `${report}?columns=transactionDate%20amountSent&currencies=KES|UGX`,
      {
        headers: key,
      },
    );
    expect(good.status).toBe(200);
    const bad = await call("GET", `${report}?columns=transactionDate%20colour&currencies=KES|ugx`, {
      headers: key,
    });
    expect(bad.status).toBe(400); // the report documents no 422: its 400, with the validation problem
    expect(pointers(bad)).toEqual(["query columns/1", "query currencies/1"]);
    expect(bad.problem.detail).not.toContain("JSON");
  });

  test("a deepObject query parameter is read as an object and checked", async () => {
    const base = "/analytics/volumes?merchantAccountNumber=12345678&api_key=k";
    const good = await call("GET", `${base}&period[from]=2024-01-01&period[to]=2024-01-31`, {
      auth: false,
    });
    expect(good.status).toBe(200);
    const bad = await call("GET", `${base}&period%5Bfrom%5D=2024-13-01`, { auth: false });
    expect(bad.status).toBe(422);
    expect(pointers(bad).sort()).toEqual(["query period", "query period/from"]);
  });

  test("path parameters are percent-decoded within their segment and checked", async () => {
    expect((await call("GET", "/transactions/TXN%2F2024%20A")).status).toBe(200);
    const broken = await call("GET", "/transactions/%E0%A4%A");
    expect(broken.status).toBe(400);
    expect(broken.problem.errors).toEqual([
      { pointer: "path transactionReference", detail: "is not validly percent-encoded" },
    ]);
    const pattern = await call("POST", "/payouts/PO-1/cancel");
    expect(pattern.status).toBe(400);
    expect(pointers(pattern)).toEqual(["path payoutId"]);
    const typed = await call("GET", "/merchants/abc/hierarchy");
    expect(typed.problem.errors).toEqual([
      { pointer: "path merchantAccountNumber", detail: "must be integer" },
    ]);
  });

  test("header parameters are checked, a required one missing named", async () => {
    const long = await call("PUT", "/transactions/TXN-1/hold", {
      headers: { "x-hold-reason": "x".repeat(201) },
    });
    expect(long.status).toBe(400);
    expect(pointers(long)).toEqual(["header X-Hold-Reason"]);
    const refund = { refundType: "full", transactionReference: "TXN-1" };
    const missing = await call("POST", "/refunds", json(refund));
    expect(missing.status).toBe(422);
    expect(pointers(missing)).toEqual(["header Idempotency-Key"]);
  });
});

describe("request bodies", () => {
  test("JSON: a top-level array is checked, item by item", async () => {
    expect((await call("POST", "/transaction-lookups", json(["TXN-1", "TXN-2"]))).status).toBe(200);
    const duplicate = await call("POST", "/transaction-lookups", json(["TXN-1", "TXN-1", ""]));
    expect(duplicate.status).toBe(422);
    expect(pointers(duplicate)).toContain("/2");
  });

  test("JSON matching no oneOf branch is a 422 naming the fields of the branch the discriminator picks", async () => {
    const partial = await call(
      "POST",
      "/refunds",
      json({ refundType: "partial", transactionReference: "TXN-1", reason: 7 }, IDEMPOTENCY),
    );
    expect(partial.status).toBe(422);
    expect(partial.problem.detail).not.toMatch(/malformed|not valid JSON/i);
    // Only the partial branch's fields: no complaint that refundType is not "full".
    expect(partial.problem.errors).toEqual([
      { pointer: "", detail: "must have required property 'amount'" },
      { pointer: "/reason", detail: "must be string" },
    ]);
    const unknown = await call(
      "POST",
      "/refunds",
      json({ refundType: "store-credit", transactionReference: "TXN-1" }, IDEMPOTENCY),
    );
    expect(unknown.problem.errors).toEqual([
      { pointer: "/refundType", detail: 'must be one of "full", "partial"' },
    ]);
    const nested = await call(
      "POST",
      "/refunds",
      json(
        { refundType: "full", transactionReference: "T", destination: { msisdn: "0712" } },
        IDEMPOTENCY,
      ),
    );
    expect(nested.status).toBe(422);
    expect(pointers(nested).every((p) => p.startsWith("/destination"))).toBe(true);
  });

  test("JSON: allOf with an anyOf is checked as a whole", async () => {
    const link = { merchantAccountNumber: 12345678, currencyCode: "KES", description: "Invoice 7" };
    expect((await call("POST", "/payment-links", json({ ...link, amount: 10 }))).status).toBe(201);
    const neither = await call("POST", "/payment-links", json(link));
    expect(neither.status).toBe(422);
    expect(neither.problem.detail).toContain("must have required property 'amount'");
  });

  test("multipart/form-data: fields and files are checked, file parts against encoding.contentType", async () => {
    const form = () => {
      const data = new FormData();
      data.append("category", "receipt");
      data.append(
        "metadata",
        new Blob([JSON.stringify({ submittedBy: "a@example.com" })], { type: "application/json" }),
      );
      return data;
    };
    const good = form();
    good.append("file", new Blob(["%PDF-1.7"], { type: "application/pdf" }), "receipt.pdf");
    good.append("supportingFiles", new Blob(["%PDF"], { type: "application/pdf" }), "a.pdf");
    const created = await call("POST", "/disputes/DSP-000451/evidence", { body: good });
    expect(created.status).toBe(201);
    // Each answer's Location points at the resource it creates (here the evidence, not a refund).
    expect(created.headers.get("location")).toMatch(/^\/v1\/disputes\/DSP-000451\/evidence\//);
    const bad = form();
    bad.set("category", "gossip");
    bad.append("file", new Blob(["<html>"], { type: "text/html" }), "page.html");
    bad.append("supportingFiles", new Blob(["x"], { type: "image/png" }), "b.png");
    const refused = await call("POST", "/disputes/DSP-000451/evidence", { body: bad });
    expect(refused.status).toBe(422);
    expect(pointers(refused).sort()).toEqual(["/category", "/file", "/supportingFiles/0"]);
    expect(refused.problem.detail).toContain(
      "/file is text/html; the spec allows application/pdf, image/png, image/jpeg",
    );
    const deep = form();
    deep.set("metadata", `${"[".repeat(100)}${"]".repeat(100)}`);
    deep.append("file", new Blob(["%PDF"], { type: "application/pdf" }), "r.pdf");
    const tooDeep = await call("POST", "/disputes/DSP-000451/evidence", { body: deep });
    expect(tooDeep.status).toBe(422);
    expect(tooDeep.problem.errors).toEqual([
      { pointer: "/metadata", detail: "nests arrays and objects deeper than 64 levels" },
    ]);
    const missingFile = form();
    const noFile = await call("POST", "/disputes/DSP-000451/evidence", { body: missingFile });
    expect(noFile.problem.errors).toEqual([
      { pointer: "", detail: "must have required property 'file'" },
    ]);
  });

  test("multipart/form-data that does not parse is a 400 saying so, not a JSON complaint", async () => {
    const broken = await call("POST", "/disputes/DSP-000451/evidence", {
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: "--nope\r\nnot a form",
    });
    expect(broken.status).toBe(400);
    expect(broken.problem.detail).toContain("not valid multipart/form-data");
  });

  test("application/x-www-form-urlencoded is read as an object and checked, with no credentials (security: [])", async () => {
    const form = (body: string) => ({
      auth: false,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    const issued = await call(
      "POST",
      "/auth/token",
      form("grant_type=client_credentials&client_id=a&client_secret=b"),
    );
    expect(issued.status).toBe(200);
    const wrong = await call("POST", "/auth/token", form("grant_type=password&client_id=a"));
    expect(wrong.status).toBe(422);
    expect(pointers(wrong).sort()).toEqual(["", "/grant_type"]);
  });

  test("text/plain is checked against its string schema; the 204 is empty", async () => {
    const note = { headers: { "content-type": "text/plain; charset=utf-8" } };
    const added = await call("POST", "/disputes/DSP-000451/notes", {
      ...note,
      body: "Receipt attached.",
    });
    expect(added.status).toBe(204);
    expect(added.bytes.byteLength).toBe(0);
    expect(added.headers.get("content-type")).toBeNull();
    const tooLong = await call("POST", "/disputes/DSP-000451/notes", {
      ...note,
      body: "x".repeat(2001),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.problem.errors).toEqual([
      { pointer: "", detail: "must NOT have more than 2000 characters" },
    ]);
  });

  test("application/octet-stream is taken as bytes; a media type the operation does not declare is a 415 naming the one it does", async () => {
    const path = "/disputes/DSP-000451/attachments/invoice-4471.pdf";
    const stored = await call("PUT", path, {
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array([0, 255, 1, 254]),
    });
    expect(stored.status).toBe(200);
    const wrong = await call("PUT", path, json({ bytes: [1] }));
    expect(wrong.status).toBe(415);
    expect(wrong.problem.detail).toContain("application/octet-stream");
  });
});

describe("answers", () => {
  test("several 2xx: the first by default, another by Prefer code=, each with its declared Location", async () => {
    const refund = json({ refundType: "full", transactionReference: "TXN-1" }, IDEMPOTENCY);
    const paid = await call("POST", "/refunds", refund);
    expect(paid.status).toBe(201);
    expect(paid.headers.get("location")).toMatch(/^\/v1\/refunds\//);
    const queued = await call("POST", "/refunds", {
      ...refund,
      headers: { ...refund.headers, prefer: "code=202" },
    });
    expect(queued.status).toBe(202);
    expect(queued.headers.get("location")).toMatch(/^\/v1\/refunds\//);
    const cancelling = await call("POST", "/payouts/PO-2024-000311/cancel");
    expect(cancelling.status).toBe(202);
    expect(cancelling.headers.get("location")).toBe("/v1/payouts/PO-2024-000311");
  });

  test("204 and 205 are served with no body and no content type; HEAD with none", async () => {
    for (const [method, path] of [
      ["DELETE", "/webhooks/subscriptions/payment.success"],
      ["PUT", "/transactions/TXN-1/hold"],
      ["DELETE", "/payment-links/PL-7Hq2Lm9X"],
    ] as const) {
      const answer = await call(method, path);
      expect([204, 205]).toContain(answer.status);
      expect(answer.bytes.byteLength).toBe(0);
      expect(answer.headers.get("content-type")).toBeNull();
    }
    const head = await call("HEAD", "/transactions/TXN-1");
    expect(head.status).toBe(200);
    expect(head.bytes.byteLength).toBe(0);
  });

  test("a text/csv example is served as text, a binary answer as bytes of its media type", async () => {
    const report = await call("GET", "/settlements/2024-01-15/report", {
      headers: { "x-api-key": "k" },
    });
    expect(report.status).toBe(200);
    expect(report.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(report.text.split("\n")[0]).toContain("transactionReferenceNumber,");
    const receipt = await call("GET", "/transactions/TXN-1/receipt");
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get("content-type")).toBe("application/pdf");
    // No example of the receipt: a minimal PDF, its Content-Length its size (not the placeholder text "string").
    expect(receipt.text.startsWith("%PDF-1.")).toBe(true);
    expect(receipt.text.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(Number(receipt.headers.get("content-length"))).toBe(receipt.bytes.byteLength);
  });
});

describe("security per operation", () => {
  test("an API key in a header, an API key in the query, Bearer, or nothing, as each operation says", async () => {
    const report = "/settlements/2024-01-15/report";
    const noKey = await call("GET", report, { auth: false });
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get("content-type")).toContain("application/problem+json");
    expect(noKey.problem.detail).toBe(
      "The request has none of the credentials the spec's security requires for this operation: the X-Api-Key header.",
    );
    expect((await call("GET", report, { auth: false, headers: { "x-api-key": "k" } })).status).toBe(
      200,
    );
    const volumes =
      "/analytics/volumes?merchantAccountNumber=12345678&period[from]=2024-01-01&period[to]=2024-01-02";
    expect((await call("GET", volumes, { auth: false })).status).toBe(401);
    expect((await call("GET", `${volumes}&api_key=k`, { auth: false })).status).toBe(200);
    expect((await call("GET", "/transactions/TXN-1", { auth: false })).status).toBe(401);
    expect(
      (
        await call("GET", "/transactions/TXN-1", {
          auth: false,
          headers: { authorization: "Basic dTpw" },
        })
      ).status,
    ).toBe(401);
  });

  test("a CORS preflight allows the API-key header a page sends", async () => {
    const preflight = await fetch(`${mock.baseUrl}/settlements/2024-01-15/report`, {
      method: "OPTIONS",
      headers: {
        origin: "null",
        "access-control-request-method": "GET",
        "access-control-request-headers": "x-api-key",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("X-Api-Key");
  });
});
