import { operation } from "@merchant-payments/spec";
import { describe, expect, test } from "vitest";
import { createMerchantPaymentsClient } from "../src/index.js";
import { testClient } from "./helpers/client.js";
import { example } from "./helpers/fixtures.js";
import { json, useTestServer } from "./helpers/server.js";

const server = useTestServer();

const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "TXN-1" };
const raw = (status: number, text: string, type = "application/json") =>
  server.handle((_req, res) => {
    res.writeHead(status, { "content-type": type });
    res.end(text);
  });
const client = (extra: Record<string, unknown> = {}) =>
  testClient(server, { backoff: undefined, ...extra });
const sentBody = (i = 0) => JSON.parse(server.received[i]?.body ?? "null");

describe("Transaction.beneficiaryAccountNumber", () => {
  test("keeps a string beneficiary account number as sent, leading zeros included", async () => {
    const tx = example("TransactionSuccess");
    server.handle((_req, res) => json(res, 200, tx));
    const t = await client().getTransaction(lookup);
    expect(t.beneficiaryAccountNumber).toBe("0712345678");
    expect(t).toEqual(tx);
  });

  test("turns an integer beneficiary account number into a string", async () => {
    const tx = example("TransactionIntegerBeneficiary");
    server.handle((_req, res) => json(res, 200, tx));
    const t = await client().getTransaction(lookup);
    expect(t.beneficiaryAccountNumber).toBe(String(tx.beneficiaryAccountNumber));
    expect(typeof t.beneficiaryAccountNumber).toBe("string");
  });

  test("keeps every digit of a 20-digit integer beneficiary account number", async () => {
    raw(
      200,
      `{"transactionReferenceNumber":"TXN-1","beneficiaryAccountNumber" : 12345678901234567891,"amountSent":1}`,
    );
    const t = await client().getTransaction(lookup);
    expect(t.beneficiaryAccountNumber).toBe("12345678901234567891");
    expect(t.amountSent).toBe(1);
  });

  test("is not fooled by the field name inside another string value", async () => {
    raw(
      200,
      `{"transactionDescription":"x \\"beneficiaryAccountNumber\\": 1, y","beneficiaryAccountNumber":98765432109876543210}`,
    );
    const t = await client().getTransaction(lookup);
    expect(t.beneficiaryAccountNumber).toBe("98765432109876543210");
    expect(t.transactionDescription).toBe('x "beneficiaryAccountNumber": 1, y');
  });

  test("takes the digits of the top-level member, not of a nested member with the same name", async () => {
    raw(
      200,
      `{"meta":{"beneficiaryAccountNumber":98765432109876543211},"list":[{"beneficiaryAccountNumber":7}],"beneficiaryAccountNumber" :\n98765432109876543210}`,
    );
    const t = (await client().getTransaction(lookup)) as unknown as Record<string, unknown>;
    expect(t.beneficiaryAccountNumber).toBe("98765432109876543210");
    expect(t.meta).toEqual({ beneficiaryAccountNumber: Number("98765432109876543211") });
  });
});

describe("deleteWebhookSubscription", () => {
  const body = example<{ eventCode: string; merchantAccountNumber: number; deletedBy: string }>(
    "DeleteWebhookRequest",
  );

  test("resolves { message } from the declared object shape", async () => {
    server.handle((_req, res) => json(res, 200, example("WebhookDeletedMessage")));
    await expect(client().deleteWebhookSubscription(body)).resolves.toEqual({
      message: "Merchant webhook deleted successfully.",
    });
  });

  test("resolves { message } from a bare JSON string", async () => {
    server.handle((_req, res) => json(res, 200, example("WebhookDeletedBareString")));
    await expect(client().deleteWebhookSubscription(body)).resolves.toEqual({
      message: "Merchant webhook deleted successfully.",
    });
  });

  test("a plain-text or HTML 200 is an UnexpectedResponseError, never a { message } of the page", async () => {
    raw(200, "<html><body>Login</body></html>", "text/html");
    await expect(client().deleteWebhookSubscription(body)).rejects.toMatchObject({
      name: "UnexpectedResponseError",
      status: 200,
      mayHaveBeenProcessed: true,
    });
  });

  test("derives the MerchantAccountNumber header from the body", async () => {
    server.handle((_req, res) => json(res, 200, { message: "ok" }));
    await client().deleteWebhookSubscription({ ...body, merchantAccountNumber: 87654321 });
    expect(server.received[0]?.headers.merchantaccountnumber).toBe("87654321");
    expect(sentBody().merchantAccountNumber).toBe(87654321);
  });
});

describe("request dates", () => {
  test("sends a Date as its UTC calendar date", async () => {
    server.handle((_req, res) => json(res, 200, []));
    await client().getConnectorSummaryCountMetrics({
      merchantAccountNumber: 12345678,
      summaryType: "D",
      fromDate: new Date("2024-01-31T23:30:00-05:00"), // 2024-02-01 04:30 UTC
      toDate: new Date(Date.UTC(2024, 1, 29)),
    });
    expect(sentBody()).toEqual({
      merchantAccountNumber: 12345678,
      summaryType: "D",
      fromDate: "2024-02-01",
      toDate: "2024-02-29",
    });
  });

  test("sends a Date as its UTC calendar date whatever the machine's time zone", async () => {
    server.handle((_req, res) => json(res, 200, []));
    const saved = process.env.TZ;
    // 23:30 UTC on Jan 31: already Feb 1 in Kiritimati (UTC+14); 00:30 UTC on Mar 1: still Feb 29 in Los Angeles.
    const lateJan31 = new Date(Date.UTC(2024, 0, 31, 23, 30));
    const earlyMar1 = new Date(Date.UTC(2024, 2, 1, 0, 30));
    try {
      for (const tz of ["Pacific/Kiritimati", "America/Los_Angeles"]) {
        process.env.TZ = tz;
        expect(lateJan31.getDate() === 31 && earlyMar1.getDate() === 1).toBe(false); // the zone is in effect
        await client().getDisbursementMetrics({
          merchantAccountNumber: 12345678,
          summaryType: "D",
          fromDate: lateJan31,
          toDate: earlyMar1,
        });
        expect(sentBody()).toMatchObject({ fromDate: "2024-01-31", toDate: "2024-03-01" });
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  test("sends a YYYY-MM-DD string unchanged", async () => {
    server.handle((_req, res) => json(res, 200, []));
    await client().getConnectorSummarySumMetrics(example("MetricsRequestDisbursements"));
    expect(sentBody()).toEqual(example("MetricsRequestDisbursements"));
  });

  test("sends a Date scheduledDate of a batch header as its UTC calendar date", async () => {
    server.handle((_req, res) => json(res, 200, example("DisbursementBatchAccepted")));
    const batch = example<{ header: Record<string, unknown>; transactions: [] }>(
      "DisbursementBatchScheduled",
    );
    const result = await client().submitDisbursementBatch({
      ...batch,
      header: { ...batch.header, scheduledDate: new Date(Date.UTC(2024, 2, 1, 23, 59)) },
    });
    expect(sentBody().header.scheduledDate).toBe("2024-03-01");
    expect(sentBody().transactions).toEqual(batch.transactions);
    expect(result).toEqual(example("DisbursementBatchAccepted"));
  });
});

describe("other normalizations", () => {
  test("sends a numeric userId as a string", async () => {
    server.handle((_req, res) => json(res, 200, example("MerchantUserActive")));
    const user = await client().getMerchantUser({ merchantAccountNumber: 12345678, userId: 1024 });
    expect(sentBody()).toEqual({ merchantAccountNumber: 12345678, userId: "1024" });
    expect(user).toEqual(example("MerchantUserActive"));
  });

  test("keeps unknown extra response fields", async () => {
    server.handle((_req, res) =>
      json(res, 200, {
        ...example<Record<string, unknown>>("FeeCalculationMobileWallet"),
        extra: 1,
      }),
    );
    const fees = await client().calculateFees(example("CalculateFeesRequest"));
    expect(fees).toMatchObject({ netFeeAmount: 22.04, extra: 1 });
  });

  test("resolves the connector arrays and the metrics object as sent", async () => {
    server.handle((_req, res, n) =>
      json(
        res,
        200,
        example(
          ["ConnectorSummaryCounts", "ConnectorSummarySums", "DisbursementMetricsJanuary"][n] ?? "",
        ),
      ),
    );
    const c = client();
    const m = example("MetricsRequestDisbursements") as never;
    expect(await c.getConnectorSummaryCountMetrics(m)).toEqual(example("ConnectorSummaryCounts"));
    expect(await c.getConnectorSummarySumMetrics(m)).toEqual(example("ConnectorSummarySums"));
    expect(await c.getDisbursementMetrics(m)).toEqual(example("DisbursementMetricsJanuary"));
    expect(server.received.map((r) => r.url)).toEqual([
      "/core/MerchantAnalytics/GetConnectorSummaryCountMetrics",
      "/core/MerchantAnalytics/GetConnectorSummarySumMetrics",
      "/core/MerchantAnalytics/GetDisbursementMetrics",
    ]);
  });

  test("sends Accept-Language en by default, the client's value, and a per-call override", async () => {
    server.handle((_req, res) => json(res, 200, example("TransactionSuccess")));
    await client().getTransaction(lookup);
    await client({ acceptLanguage: "fr" }).getTransaction(lookup);
    await client({ acceptLanguage: "fr" }).getTransaction(lookup, { acceptLanguage: "sw" });
    expect(server.received.map((r) => r.headers["accept-language"])).toEqual(["en", "fr", "sw"]);
  });

  test("sends JSON with content-type and accept headers to the spec's path under the base URL", async () => {
    server.handle((_req, res) => json(res, 200, example("TransactionSuccess")));
    await createMerchantPaymentsClient({
      baseUrl: `${server.baseUrl}/sandbox/v1/`,
      token: "test-token",
    }).getTransaction(lookup);
    const r = server.received[0];
    expect(r?.method).toBe("POST");
    expect(r?.url).toBe("/sandbox/v1/collections/getTransaction");
    expect(r?.headers["content-type"]).toBe("application/json");
    expect(r?.headers.accept).toBe("application/json, application/problem+json");
  });

  test("accepts every media type the spec's responses declare, problem+json included, on every operation", async () => {
    server.handle((_req, res) => json(res, 200, example("DisbursementBatchAccepted")));
    await client().submitDisbursementBatch(example("DisbursementBatchImmediate"));
    const acceptParam = operation("submitDisbursementBatch").headers.find(
      (h) => h.name.toLowerCase() === "accept",
    );
    const expected = Array.isArray(acceptParam?.schema?.enum)
      ? acceptParam.schema.enum.join(", ")
      : "application/json, application/problem+json";
    expect(server.received[0]?.headers.accept).toBe(expected);
  });

  test("calls a token function for every request", async () => {
    server.handle((_req, res) => json(res, 200, example("TransactionSuccess")));
    let n = 0;
    const c = client({ token: async () => `access-token-${++n}` });
    await c.getTransaction(lookup);
    await c.getTransaction(lookup);
    expect(server.received.map((r) => r.headers.authorization)).toEqual([
      "Bearer access-token-1",
      "Bearer access-token-2",
    ]);
  });
});

describe("Date conversion is copy-on-write", () => {
  test("leaves the caller's objects untouched and never copies the transactions", async () => {
    const { withWireDates } = await import("../src/dates.js");
    const { operations } = await import("../src/generated/operation-table.js");
    const transactions = [{ transactionAmount: 1 }];
    const when = new Date(Date.UTC(2024, 5, 30, 22));
    const body = { header: { scheduledDate: when, capturedBy: "a@b.example" }, transactions };
    const wire = withWireDates(body, operations.submitDisbursementBatch.dateFields);
    expect(wire).toEqual({
      header: { scheduledDate: "2024-06-30", capturedBy: "a@b.example" },
      transactions,
    });
    expect(wire.transactions).toBe(transactions);
    expect(body.header.scheduledDate).toBe(when);
    const strings = { header: { scheduledDate: "2024-06-30" }, transactions };
    expect(withWireDates(strings, operations.submitDisbursementBatch.dateFields)).toBe(strings);
  });

  test("the date fields come from the spec's format: date", async () => {
    const { operations } = await import("../src/generated/operation-table.js");
    expect(operations.getDisbursementMetrics.dateFields).toEqual([["fromDate"], ["toDate"]]);
    expect(operations.submitDisbursementBatch.dateFields).toEqual([["header", "scheduledDate"]]);
    expect(operations.getTransaction.dateFields).toEqual([]);
  });
});

describe("custom fetch", () => {
  test("a custom fetch that edits init.headers does not affect later calls", async () => {
    server.handle((_req, res) => json(res, 200, example("TransactionSuccess")));
    let n = 0;
    const c = client({
      fetch: (url: string, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        if (n++ === 0) headers["x-first-only"] = "1";
        return fetch(url, init);
      },
    });
    await c.getTransaction(lookup);
    await c.getTransaction(lookup);
    expect(server.received.map((r) => r.headers["x-first-only"])).toEqual(["1", undefined]);
  });
});
