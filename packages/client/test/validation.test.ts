import { operations } from "@merchant-payments/spec/model";
import { describe, expect, test } from "vitest";
import {
  type DisbursementBatchItem,
  MerchantPaymentsError,
  RequestValidationError,
} from "../src/index.js";
import { testClient } from "./helpers/client.js";
import { maxBatchItems, merchantBounds, spec } from "./helpers/fixtures.js";
import { isBodyCall } from "./helpers/operation-shapes.js";
import { json, useTestServer } from "./helpers/server.js";

const server = useTestServer();
let fetchCalls = 0;
const countingFetch = (input: string | URL | Request, init?: RequestInit) => {
  fetchCalls++;
  return fetch(input, init);
};

function client() {
  fetchCalls = 0;
  server.handle((_req, res) => json(res, 200, { merchantAccountNumber: 12345678, batchNumber: 1 }));
  return testClient(server, { fetch: countingFetch });
}

async function issuesOf(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RequestValidationError);
  expect(err).toBeInstanceOf(MerchantPaymentsError);
  return (err as RequestValidationError).issues;
}

const item = (i: number): DisbursementBatchItem => ({
  beneficiaryName: `B ${i}`,
  connectorId: 3,
  beneficiaryAccountNumber: "0722000111",
  transactionDescription: "commission",
  transactionAmount: 10.5,
  sourceReferenceNumber: `PAY-${i}`,
});

describe("request validation", () => {
  test("rejects a batch one item over the spec's maximum without making a request", async () => {
    const c = client();
    const transactions = Array.from({ length: maxBatchItems + 1 }, (_, i) => item(i));
    const issues = await issuesOf(
      c.submitDisbursementBatch({ header: { merchantAccountNumber: 12345678 }, transactions }),
    );
    expect(issues).toEqual([
      { path: "/transactions", message: `must have at most ${maxBatchItems} items` },
    ]);
    expect(fetchCalls).toBe(0);
    expect(server.received).toHaveLength(0);
  });

  test("sends a batch of exactly the maximum size", async () => {
    const c = client();
    const transactions = Array.from({ length: maxBatchItems }, (_, i) => item(i));
    await c.submitDisbursementBatch({ header: { merchantAccountNumber: 12345678 }, transactions });
    expect(server.received).toHaveLength(1);
    expect(JSON.parse(server.received[0]?.body ?? "").transactions).toHaveLength(maxBatchItems);
  });

  test.each([
    ["below", merchantBounds.minimum - 1, `must be at least ${merchantBounds.minimum}`],
    ["above", merchantBounds.maximum + 1, `must be at most ${merchantBounds.maximum}`],
  ])(
    "rejects a merchant account number %s the range without making a request",
    async (_w, n, message) => {
      const c = client();
      const issues = await issuesOf(
        c.getTransaction({ merchantAccountNumber: n, transactionReferenceNumber: "T" }),
      );
      expect(issues).toEqual([{ path: "/merchantAccountNumber", message }]);
      expect(fetchCalls).toBe(0);
      expect(server.received).toHaveLength(0);
    },
  );

  test("accepts the bounds of the merchant account number", async () => {
    const c = client();
    for (const n of [merchantBounds.minimum, merchantBounds.maximum]) {
      await c.getTransaction({ merchantAccountNumber: n, transactionReferenceNumber: "T" });
    }
    expect(fetchCalls).toBe(2);
  });

  test("lists every violation of a batch with its JSON path", async () => {
    const c = client();
    const transactions = [item(0), item(1), item(2), item(3)] as unknown[];
    transactions[1] = { ...item(1), connectorId: 1.5 };
    transactions[3] = { ...item(3), transactionAmount: "12", beneficiaryName: 7 };
    transactions.push(null);
    const issues = await issuesOf(
      c.submitDisbursementBatch({
        header: {
          merchantAccountNumber: 123,
          capturedBy: "not-an-email",
          scheduledDate: "2024-02-30",
          isBatchScheduled: "yes" as unknown as boolean,
        },
        transactions: transactions as DisbursementBatchItem[],
      }),
    );
    expect(issues).toEqual([
      { path: "/header/merchantAccountNumber", message: "must be at least 10000000" },
      { path: "/header/isBatchScheduled", message: "must be a boolean" },
      { path: "/header/scheduledDate", message: 'must be a calendar date "YYYY-MM-DD"' },
      { path: "/header/capturedBy", message: "must be an e-mail address" },
      { path: "/transactions/1/connectorId", message: "must be an integer" },
      { path: "/transactions/3/beneficiaryName", message: "must be a string" },
      { path: "/transactions/3/transactionAmount", message: "must be a finite number" },
      { path: "/transactions/4", message: "must be an object" },
    ]);
    expect(fetchCalls).toBe(0);
  });

  test("reports missing required fields and wrong types", async () => {
    const c = client();
    const issues = await issuesOf(
      // @ts-expect-error deliberately incomplete
      c.calculateFees({ merchantAccountNumber: "12345678", feeType: 1 }),
    );
    expect(issues).toEqual([
      { path: "/merchantAccountNumber", message: "must be an integer" },
      { path: "/feeType", message: "must be a string" },
      { path: "/channelType", message: "is required" },
      { path: "/transactionAmount", message: "is required" },
    ]);
  });

  test("rejects a non-finite amount, which JSON would turn into null", async () => {
    const c = client();
    const issues = await issuesOf(
      c.calculateFees({
        merchantAccountNumber: 12345678,
        feeType: "D",
        channelType: "MW",
        transactionAmount: Number.NaN,
      }),
    );
    expect(issues).toEqual([{ path: "/transactionAmount", message: "must be a finite number" }]);
  });

  test("rejects an invalid Date as a request date", async () => {
    const c = client();
    const issues = await issuesOf(
      c.getDisbursementMetrics({
        merchantAccountNumber: 12345678,
        summaryType: "D",
        fromDate: new Date("nope"),
        toDate: "2024-13-01",
      }),
    );
    expect(issues.map((i) => i.path)).toEqual(["/fromDate", "/toDate"]);
    expect(fetchCalls).toBe(0);
  });

  test("rejects a body that is not an object", async () => {
    const c = client();
    const issues = await issuesOf(c.getTransaction(null as never));
    expect(issues).toEqual([{ path: "", message: "must be an object" }]);
  });

  test("names the violations in the error message", async () => {
    const c = client();
    const err = (await c
      .getMerchantUser({ merchantAccountNumber: 1, userId: "1" })
      .catch((e: unknown) => e)) as Error;
    expect(err.message).toContain("/merchantAccountNumber must be at least 10000000");
  });

  test("accepts every request example of the spec", async () => {
    const c = client() as unknown as Record<string, (body: unknown) => Promise<unknown>>;
    let examples = 0;
    const bodyCalls = operations(spec).filter(isBodyCall);
    for (const op of bodyCalls) {
      for (const { value } of op.request?.examples ?? []) {
        await c[op.operationId]?.(structuredClone(value));
        examples++;
      }
    }
    expect(examples).toBeGreaterThanOrEqual(bodyCalls.length);
    expect(fetchCalls).toBe(examples);
  });

  test("accepts summary, fee and channel types beyond the known values", async () => {
    const c = client();
    await c.calculateFees({
      merchantAccountNumber: 12345678,
      feeType: "X",
      channelType: "CARD",
      transactionAmount: 1,
    });
    await c.getDisbursementMetrics({
      merchantAccountNumber: 12345678,
      summaryType: "Q",
      fromDate: "2024-01-01",
      toDate: "2024-01-31",
    });
    expect(fetchCalls).toBe(2);
  });
});
