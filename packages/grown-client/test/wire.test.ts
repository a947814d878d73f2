// The grown client (every operation shape of spec/fixtures/grown) on the wire, against a real loopback server: exact
// URLs, headers and bodies sent, and what each kind of answer resolves to. Runs on both transports (vitest.config.ts).
import type { ServerResponse } from "node:http";
import { type LoopbackServer, startLoopbackServer } from "@merchant-payments/test-support";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  createMerchantPaymentsClient,
  RequestValidationError,
  ResponseValidationError,
  UnexpectedResponseError,
} from "../src/index.js";

const TOKEN = "grown-client-access-token";
let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());
beforeEach(() => server.handle((_req, res) => json(res, 200, {})));

/** Answers JSON. */
function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

const client = (options: Record<string, unknown> = {}) =>
  createMerchantPaymentsClient({ baseUrl: `${server.baseUrl}/v1`, token: TOKEN, ...options });

const transaction = {
  transactionReferenceNumber: "TXN-1",
  transactionDate: "2024-01-15",
  beneficiaryAccountNumber: 254712345678,
};

describe("path parameters", () => {
  test("each value is percent-encoded within its segment: reserved characters, unicode and `/`", async () => {
    server.handle((_req, res) => json(res, 200, transaction));
    await client().readTransaction({ transactionReference: "A/B é?#%&+" });
    const [req] = server.received;
    expect(req?.method).toBe("GET");
    expect(req?.url).toBe("/v1/transactions/A%2FB%20%C3%A9%3F%23%25%26%2B");
  });

  test("a GET sends no body and no Content-Type, with the bearer token and Accept-Language", async () => {
    server.handle((_req, res) => json(res, 200, transaction));
    await client().readTransaction({ transactionReference: "TXN-1" });
    const [req] = server.received;
    expect(req?.body).toBe("");
    expect(req?.headers["content-type"]).toBeUndefined();
    expect(req?.headers["content-length"] ?? "0").toBe("0");
    expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req?.headers["accept-language"]).toBe("en");
  });

  test("a parameter that breaks its schema is a RequestValidationError naming it; nothing is sent", async () => {
    const err = await client()
      .readTransaction({ transactionReference: "" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestValidationError);
    expect((err as RequestValidationError).issues).toEqual([
      { path: "/transactionReference", message: "must have at least 1 characters" },
    ]);
    const missing = await client()
      .readTransaction({} as never)
      .catch((e: unknown) => e);
    expect((missing as RequestValidationError).issues).toEqual([
      { path: "/transactionReference", message: "is required" },
    ]);
    expect(server.received).toHaveLength(0);
  });
});

describe("query parameters, in every style", () => {
  test("form exploded arrays repeat the name; form not exploded joins with commas", async () => {
    server.handle((_req, res) => json(res, 200, { transactions: [], nextCursor: null }));
    await client().listTransactions({
      merchantAccountNumber: 12345678,
      limit: 50,
      status: ["S", "P"],
      connectors: ["M-Wallet", "Bank Transfer"],
      minAmount: 100.5,
    });
    expect(server.received[0]?.url).toBe(
      "/v1/transactions?merchantAccountNumber=12345678&limit=50&status=S&status=P&connectors=M-Wallet,Bank%20Transfer&minAmount=100.5",
    );
  });

  test("spaceDelimited and pipeDelimited arrays, an API key in a header, a text/csv answer as a string", async () => {
    const csv = "transactionReferenceNumber,amountReceived\nTXN-1,100.10\n";
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "text/csv" });
      res.end(csv);
    });
    const result = await client({
      apiKeys: { ApiKeyHeader: "reporting-api-key-1" },
    }).downloadSettlementReport({
      settlementDate: new Date(Date.UTC(2024, 0, 15)),
      columns: ["transactionReferenceNumber", "amountReceived"],
      currencies: ["KES", "UGX"],
    });
    expect(result).toBe(csv);
    const [req] = server.received;
    expect(req?.url).toBe(
      "/v1/settlements/2024-01-15/report?columns=transactionReferenceNumber%20amountReceived&currencies=KES|UGX",
    );
    expect(req?.headers["x-api-key"]).toBe("reporting-api-key-1");
    expect(req?.headers.authorization).toBeUndefined();
  });

  test("deepObject, and an API key in the query (`apiKey` serves every API-key scheme)", async () => {
    server.handle((_req, res) =>
      json(res, 200, {
        merchantAccountNumber: 12345678,
        period: { from: "2024-01-01", to: "2024-01-31" },
        totals: { KES: 10 },
        changeFromPreviousPeriod: null,
      }),
    );
    await client({ apiKey: "analytics-key-1" }).getVolumeSummary({
      merchantAccountNumber: 12345678,
      period: { from: "2024-01-01", to: "2024-01-31" },
    });
    const [req] = server.received;
    expect(req?.url).toBe(
      "/v1/analytics/volumes?merchantAccountNumber=12345678&period[from]=2024-01-01&period[to]=2024-01-31&api_key=analytics-key-1",
    );
    expect(req?.headers.authorization).toBeUndefined();
  });

  test("a query parameter of the wrong type is refused before anything is sent", async () => {
    const err = await client()
      .listTransactions({ merchantAccountNumber: "abc" as never, status: ["X" as never] })
      .catch((e: unknown) => e);
    expect((err as RequestValidationError).issues.map((i) => i.path)).toEqual([
      "/merchantAccountNumber",
      "/status/0",
    ]);
    expect(server.received).toHaveLength(0);
  });

  test("an operation secured by an API key the client lacks is a TypeError; nothing is sent", async () => {
    const err = await client()
      .getVolumeSummary({
        merchantAccountNumber: 12345678,
        period: { from: "2024-01-01", to: "2024-01-31" },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect(String(err)).toMatch(/apiKeys\.ApiKeyQuery/);
    expect(server.received).toHaveLength(0);
  });
});

describe("header parameters and answers without a body", () => {
  test("a header parameter is sent; a PUT without a body sends no Content-Type; 204 resolves undefined", async () => {
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const result = await client().placeTransactionHold({
      transactionReference: "TXN-1",
      "X-Hold-Reason": "Suspected duplicate charge",
    });
    expect(result).toBeUndefined();
    const [req] = server.received;
    expect(req?.method).toBe("PUT");
    expect(req?.headers["x-hold-reason"]).toBe("Suspected duplicate charge");
    expect(req?.headers["content-type"]).toBeUndefined();
    expect(req?.body).toBe("");
  });

  test("a DELETE without a body sends none and resolves undefined", async () => {
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(
      client().removeWebhookSubscription({ eventCode: "payment.success" }),
    ).resolves.toBeUndefined();
    const [req] = server.received;
    expect(req?.method).toBe("DELETE");
    expect(req?.url).toBe("/v1/webhooks/subscriptions/payment.success");
    expect(req?.headers["content-type"]).toBeUndefined();
    expect(req?.body).toBe("");
  });

  test("an optional JSON body: none sent when none of its properties is given; 205 resolves undefined", async () => {
    server.handle((_req, res) => {
      res.writeHead(205);
      res.end();
    });
    await expect(client().cancelPaymentLink({ linkId: "PL-7Hq2Lm9X" })).resolves.toBeUndefined();
    await client().cancelPaymentLink({ linkId: "PL-7Hq2Lm9X", reason: "duplicate" });
    const [bare, withReason] = server.received;
    expect(bare?.method).toBe("DELETE");
    expect(bare?.body).toBe("");
    expect(bare?.headers["content-type"]).toBeUndefined();
    expect(withReason?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(withReason?.body ?? "")).toEqual({ reason: "duplicate" });
  });

  test("HEAD resolves undefined; its declared ETag is read through withResponse()", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { etag: '"b6f1c0a2"' });
      res.end();
    });
    const { data, response } = await client()
      .checkTransaction({ transactionReference: "TXN-1" })
      .withResponse();
    expect(data).toBeUndefined();
    expect(response.headers.get("etag")).toBe('"b6f1c0a2"');
    expect(server.received[0]?.method).toBe("HEAD");
  });
});

describe("JSON bodies beside parameters, several 2xx answers", () => {
  const refund = {
    refundId: "RFD-000981",
    refundType: "full",
    transactionReference: "TXN-1",
    status: "completed",
  };

  test("201 with Location through withResponse(); the body's properties beside the header parameter", async () => {
    server.handle((_req, res) => json(res, 201, refund, { location: "/v1/refunds/RFD-000981" }));
    const { data, response } = await client()
      .createRefund({
        "Idempotency-Key": "0b7d2f6e-3c1a-4e8b-9f5d-6a2c8e1b4d70",
        refundType: "full",
        transactionReference: "TXN-1",
      })
      .withResponse();
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe("/v1/refunds/RFD-000981");
    expect(data).toEqual(refund);
    const [req] = server.received;
    expect(req?.headers["idempotency-key"]).toBe("0b7d2f6e-3c1a-4e8b-9f5d-6a2c8e1b4d70");
    expect(req?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(req?.body ?? "")).toEqual({
      refundType: "full",
      transactionReference: "TXN-1",
    });
  });

  test("a body the discriminator maps to a branch is checked against that branch's fields", async () => {
    const err = await client()
      .createRefund({
        "Idempotency-Key": "0b7d2f6e-3c1a-4e8b-9f5d-6a2c8e1b4d70",
        refundType: "partial",
        transactionReference: "TXN-1",
      } as never)
      .catch((e: unknown) => e);
    expect((err as RequestValidationError).issues).toEqual([
      { path: "/amount", message: "is required" },
    ]);
    const unknown = await client()
      .createRefund({
        "Idempotency-Key": "0b7d2f6e-3c1a-4e8b-9f5d-6a2c8e1b4d70",
        refundType: "store-credit",
        transactionReference: "TXN-1",
      } as never)
      .catch((e: unknown) => e);
    expect((unknown as RequestValidationError).issues).toEqual([
      { path: "/refundType", message: 'must be one of "full", "partial"' },
    ]);
    expect(server.received).toHaveLength(0);
  });

  test("each 2xx status resolves its own body (200 replaced, 201 created)", async () => {
    const subscription = {
      eventCode: "payment.success",
      url: "https://shop.example.org/hooks",
      active: true,
    };
    server.handle((_req, res, n) => json(res, n === 0 ? 200 : 201, subscription));
    const args = { eventCode: "payment.success", url: "https://shop.example.org/hooks" };
    const first = await client().putWebhookSubscription(args).withResponse();
    const second = await client().putWebhookSubscription(args).withResponse();
    expect([first.response.status, second.response.status]).toEqual([200, 201]);
    expect(second.data).toEqual(subscription);
    expect(JSON.parse(server.received[0]?.body ?? "")).toEqual({
      url: "https://shop.example.org/hooks",
    });
  });
});

describe("non-JSON request bodies", () => {
  test("multipart/form-data: fields, files as Uint8Array/Blob with their declared content types, a JSON part", async () => {
    server.handle((_req, res) =>
      json(
        res,
        201,
        { evidenceId: "EV-1", disputeId: "DSP-000451", category: "receipt", files: 2 },
        {
          location: "/v1/disputes/DSP-000451/evidence/EV-1",
        },
      ),
    );
    await client().uploadDisputeEvidence({
      disputeId: "DSP-000451",
      category: "receipt",
      file: new File([new TextEncoder().encode("%PDF-1.7 main")], "receipt.pdf", {
        type: "application/pdf",
      }),
      supportingFiles: [new Blob(["%PDF-1.7 extra"]), new TextEncoder().encode("%PDF-1.7 more")],
      metadata: { submittedBy: "ops@example.com" },
    });
    const [req] = server.received;
    expect(req?.url).toBe("/v1/disputes/DSP-000451/evidence");
    const contentType = String(req?.headers["content-type"]);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const body = req?.body ?? "";
    expect(body).toContain('Content-Disposition: form-data; name="category"\r\n\r\nreceipt\r\n');
    expect(body).toMatch(
      /name="file"; filename="receipt.pdf"\r\nContent-Type: application\/pdf\r\n\r\n%PDF-1.7 main\r\n/,
    );
    const supporting = body.match(
      /name="supportingFiles"[^\r]*\r\nContent-Type: ([^\r]+)\r\n\r\n([^\r]+)/g,
    );
    expect(supporting).toHaveLength(2);
    expect(supporting?.every((p) => p.includes("Content-Type: application/pdf"))).toBe(true);
    expect(body).toMatch(
      /name="metadata"[^\r]*\r\nContent-Type: application\/json\r\n\r\n\{"submittedBy":"ops@example.com"\}\r\n/,
    );
  });

  test("a multipart file that is not a Blob, File or Uint8Array is refused before sending", async () => {
    const err = await client()
      .uploadDisputeEvidence({ disputeId: "DSP-000451", category: "receipt", file: 42 as never })
      .catch((e: unknown) => e);
    expect((err as RequestValidationError).issues).toEqual([
      { path: "/file", message: "must be a Blob, a File, a Uint8Array or a string" },
    ]);
    expect(server.received).toHaveLength(0);
  });

  test("application/x-www-form-urlencoded, sent without credentials (`security: []`)", async () => {
    server.handle((_req, res) =>
      json(res, 200, { access_token: "eyJ.a.b", token_type: "Bearer", expires_in: 3600 }),
    );
    await client().issueAccessToken({
      grant_type: "client_credentials",
      client_id: "merchant 1",
      client_secret: "s3cr&t=",
    });
    const [req] = server.received;
    expect(req?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(req?.headers.authorization).toBeUndefined();
    expect(req?.body).toBe(
      "grant_type=client_credentials&client_id=merchant+1&client_secret=s3cr%26t%3D",
    );
  });

  test("application/octet-stream: the bytes as given, under `body`", async () => {
    server.handle((_req, res) =>
      json(res, 200, { disputeId: "DSP-000451", fileName: "invoice 1.pdf", size: 5 }),
    );
    await client().uploadDisputeAttachment({
      disputeId: "DSP-000451",
      fileName: "invoice 1.pdf",
      body: new Uint8Array([104, 101, 108, 108, 111]),
    });
    const [req] = server.received;
    expect(req?.url).toBe("/v1/disputes/DSP-000451/attachments/invoice%201.pdf");
    expect(req?.headers["content-type"]).toBe("application/octet-stream");
    expect(req?.body).toBe("hello");
  });

  test("text/plain under `body`; a 204 answer resolves undefined", async () => {
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(
      client().addDisputeNote({ disputeId: "DSP-000451", body: "Customer confirmed delivery." }),
    ).resolves.toBeUndefined();
    const [req] = server.received;
    expect(req?.headers["content-type"]).toBe("text/plain");
    expect(req?.body).toBe("Customer confirmed delivery.");
  });
});

describe("answers", () => {
  test("a binary answer is a Blob with its bytes and type", async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x80]);
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/pdf" });
      res.end(Buffer.from(bytes));
    });
    const receipt = await client().downloadTransactionReceipt({ transactionReference: "TXN-1" });
    expect(receipt).toBeInstanceOf(Blob);
    expect(receipt.type).toBe("application/pdf");
    expect(new Uint8Array(await receipt.arrayBuffer())).toEqual(bytes);
  });

  test("202 with its declared Location", async () => {
    server.handle((_req, res) =>
      json(
        res,
        202,
        { payoutId: "PO-2024-000311", status: "cancelling" },
        {
          location: "/v1/payouts/PO-2024-000311",
        },
      ),
    );
    const { data, response } = await client()
      .cancelPayout({ payoutId: "PO-2024-000311" })
      .withResponse();
    expect(response.status).toBe(202);
    expect(response.headers.get("location")).toBe("/v1/payouts/PO-2024-000311");
    expect(data).toEqual({ payoutId: "PO-2024-000311", status: "cancelling" });
    expect(server.received[0]?.body).toBe("");
  });

  test("a recursive answer is validated at every depth", async () => {
    const leaf = { merchantAccountNumber: 12345680, children: [] };
    server.handle((_req, res) =>
      json(res, 200, {
        merchantAccountNumber: 12345678,
        name: "Corner Grocers Ltd",
        children: [{ merchantAccountNumber: 12345679, name: "Westlands", children: [leaf] }],
      }),
    );
    const err = await client({ validateResponses: true })
      .getMerchantHierarchy({ merchantAccountNumber: 12345678 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect((err as ResponseValidationError).issues).toEqual([
      { path: "/children/0/children/0/name", message: "is required" },
    ]);
  });
});

describe("pagination", () => {
  test("awaiting gives one page; iterating reads every item of 3 pages and stops at a null cursor", async () => {
    server.handle((req, res) => {
      const cursor = new URL(req.url, "http://x").searchParams.get("cursor");
      const next = { "": "c1", c1: "c2", c2: null }[cursor ?? ""];
      json(res, 200, {
        transactions: [{ ...transaction, transactionReferenceNumber: `TX-${cursor ?? "first"}` }],
        nextCursor: next,
      });
    });
    const page = await client().listTransactions({ merchantAccountNumber: 12345678, limit: 1 });
    expect(page.nextCursor).toBe("c1");
    expect(server.received).toHaveLength(1);
    const refs: string[] = [];
    for await (const tx of client().listTransactions({
      merchantAccountNumber: 12345678,
      limit: 1,
    })) {
      refs.push(tx.transactionReferenceNumber);
    }
    expect(refs).toEqual(["TX-first", "TX-c1", "TX-c2"]);
    expect(server.received.slice(1).map((r) => r.url)).toEqual([
      "/v1/transactions?merchantAccountNumber=12345678&limit=1",
      // In the spec's order of the parameters (cursor is declared before limit).
      "/v1/transactions?merchantAccountNumber=12345678&cursor=c1&limit=1",
      "/v1/transactions?merchantAccountNumber=12345678&cursor=c2&limit=1",
    ]);
  });

  test("a server that repeats a cursor ends the iteration with an UnexpectedResponseError", async () => {
    server.handle((_req, res) =>
      json(res, 200, { transactions: [transaction], nextCursor: "same" }),
    );
    const seen: unknown[] = [];
    const err = await (async () => {
      for await (const tx of client().listTransactions({ merchantAccountNumber: 12345678 }))
        seen.push(tx);
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect(seen).toHaveLength(2);
    expect(server.received).toHaveLength(2);
  });
});

describe("today's operations are unchanged", () => {
  test("getTransaction still posts its JSON body with the bearer token", async () => {
    server.handle((_req, res) => json(res, 200, transaction));
    await client().getTransaction({
      merchantAccountNumber: 12345678,
      transactionReferenceNumber: "TXN-1",
    });
    const [req] = server.received;
    expect(req?.method).toBe("POST");
    expect(req?.url).toBe("/v1/collections/getTransaction");
    expect(req?.headers["content-type"]).toBe("application/json");
    expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe("format: uri (issue 31)", () => {
  const link = {
    linkId: "PL-7Hq2Lm9X",
    url: "https://pay.merchant-payments.example/l/PL-7Hq2Lm9X",
    status: "active",
    expiresAt: "2024-01-22T09:30:12Z",
  };
  const request = {
    merchantAccountNumber: 12345678,
    currencyCode: "KES",
    description: "Order 4471",
    amount: 2500,
  };

  test("an answer's uri field that is no absolute URI is a ResponseValidationError, as Ajv says", async () => {
    server.handle((_req, res) => json(res, 201, { ...link, url: "pay here" }));
    const error = await client({ validateResponses: true })
      .createPaymentLink(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toEqual([
      { path: "/url", message: "must be an absolute URI" },
    ]);
  });

  test("an absolute URI passes", async () => {
    server.handle((_req, res) => json(res, 201, link));
    await expect(client({ validateResponses: true }).createPaymentLink(request)).resolves.toEqual(
      link,
    );
  });
});

describe("exact numbers at any depth (issue 31)", () => {
  /** Answers `text` as JSON, as written (numbers with more digits than a double holds). */
  const raw = (text: string) =>
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(text);
    });
  const period = { from: "2024-01-01", to: "2024-01-31" };

  test('decimals in a map are strings with every digit under decimals: "string", numbers otherwise', async () => {
    const text = `{"period":{"from":"2024-01-01","to":"2024-01-31"},"totals":{"KES":12345678901234567.89,"USD":0.10},"changeFromPreviousPeriod":null}`;
    raw(text);
    const exact = await client({ apiKey: "analytics-key-1", decimals: "string" }).getVolumeSummary({
      merchantAccountNumber: 12345678,
      period,
    });
    expect(exact.totals).toEqual({ KES: "12345678901234567.89", USD: "0.10" });
    raw(text);
    const plain = await client({ apiKey: "analytics-key-1" }).getVolumeSummary({
      merchantAccountNumber: 12345678,
      period,
    });
    expect(plain.totals).toEqual({ KES: 12345678901234568, USD: 0.1 }); // the double nearest 12345678901234567.89
  });

  test("integer-or-string fields inside a page's items keep every digit past 2^53", async () => {
    raw(
      `{"transactions":[{"transactionReferenceNumber":"TX-1","transactionDate":"2024-01-15","beneficiaryAccountNumber":254712345678901234567,"amountSent":100.10}],"nextCursor":null}`,
    );
    const page = await client({ decimals: "string" }).listTransactions({
      merchantAccountNumber: 12345678,
    });
    expect(page.transactions[0]).toMatchObject({
      beneficiaryAccountNumber: "254712345678901234567",
      amountSent: "100.10",
    });
  });

  test("items of a top-level array: digits and decimals kept, strings left alone", async () => {
    raw(
      `[{"transactionReferenceNumber":"TX-\\"1","transactionDate":"2024-01-15","beneficiaryAccountNumber":9007199254740993,"amountSent":1e3},{"transactionReferenceNumber":"TX-2","transactionDate":"2024-01-15","beneficiaryAccountNumber":"0042"}]`,
    );
    const found = await client({ decimals: "string" }).lookupTransactions({ body: ["TX-1"] });
    expect(found).toMatchObject([
      {
        transactionReferenceNumber: 'TX-"1',
        beneficiaryAccountNumber: "9007199254740993",
        amountSent: "1e3",
      },
      { transactionReferenceNumber: "TX-2", beneficiaryAccountNumber: "0042" },
    ]);
  });
});
