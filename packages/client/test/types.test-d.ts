import { describe, expectTypeOf, test } from "vitest";
import type { operations } from "../src/generated/operation-table.js";
import {
  type ChannelType,
  type ConnectorSummaryCount,
  type ConnectorSummarySum,
  type components,
  createMerchantPaymentsClient,
  type DisbursementBatchResult,
  type DisbursementMetrics,
  type FeeCalculation,
  type FeeType,
  type MerchantUser,
  type Problem,
  type paths,
  type RequestOptions,
  type SummaryType,
  type Transaction,
  type WebhookDeletion,
} from "../src/index.js";
import { createRawClient, type RawClient } from "../src/raw.js";

const client = createMerchantPaymentsClient({ baseUrl: "http://127.0.0.1:1", token: "test-token" });
const m = 12345678;
const period = {
  merchantAccountNumber: m,
  summaryType: "D",
  fromDate: "2024-01-01",
  toDate: new Date(),
} as const;

describe("method types", () => {
  test("getTransaction resolves a Transaction whose beneficiaryAccountNumber is a string", () => {
    expectTypeOf(
      client.getTransaction({ merchantAccountNumber: m, transactionReferenceNumber: "T" }),
    ).resolves.toEqualTypeOf<Transaction>();
    expectTypeOf<Transaction["beneficiaryAccountNumber"]>().toEqualTypeOf<string>();
    expectTypeOf<Transaction["amountSent"]>().toEqualTypeOf<number>();
    // @ts-expect-error transactionReferenceNumber is required
    client.getTransaction({ merchantAccountNumber: m });
    // @ts-expect-error merchantAccountNumber is a number
    client.getTransaction({ merchantAccountNumber: "12345678", transactionReferenceNumber: "T" });
  });

  test("the analytics methods resolve their arrays and object, and take string or Date dates", () => {
    expectTypeOf(client.getConnectorSummaryCountMetrics(period)).resolves.toEqualTypeOf<
      ConnectorSummaryCount[]
    >();
    expectTypeOf(client.getConnectorSummarySumMetrics(period)).resolves.toEqualTypeOf<
      ConnectorSummarySum[]
    >();
    expectTypeOf(
      client.getDisbursementMetrics(period),
    ).resolves.toEqualTypeOf<DisbursementMetrics>();
    expectTypeOf<ConnectorSummaryCount["totalTransactions"]>().toEqualTypeOf<number>();
    // @ts-expect-error a date is a string or a Date, not a number
    client.getDisbursementMetrics({ ...period, fromDate: 20240101 });
    // @ts-expect-error summaryType is required
    client.getConnectorSummarySumMetrics({
      merchantAccountNumber: m,
      fromDate: "2024-01-01",
      toDate: "2024-01-02",
    });
  });

  test("submitDisbursementBatch takes header and transactions and resolves the batch number", () => {
    const p = client.submitDisbursementBatch({
      header: {
        merchantAccountNumber: m,
        isBatchScheduled: true,
        scheduledDate: new Date(),
        capturedBy: "a@b.c",
      },
      transactions: [
        {
          beneficiaryName: "B",
          connectorId: 3,
          transactionAmount: 1,
          beneficiaryAccountNumber: "07",
        },
      ],
    });
    expectTypeOf(p).resolves.toEqualTypeOf<DisbursementBatchResult>();
    expectTypeOf<DisbursementBatchResult>().toEqualTypeOf<{
      merchantAccountNumber: number;
      batchNumber: number;
    }>();
    // @ts-expect-error transactions is required
    client.submitDisbursementBatch({ header: {} });
    // @ts-expect-error a batch item's beneficiaryAccountNumber is a string
    client.submitDisbursementBatch({ header: {}, transactions: [{ beneficiaryAccountNumber: 7 }] });
  });

  test("getMerchantUser takes a string or number userId", () => {
    expectTypeOf(
      client.getMerchantUser({ merchantAccountNumber: m, userId: 1024 }),
    ).resolves.toEqualTypeOf<MerchantUser>();
    expectTypeOf(
      client.getMerchantUser({ merchantAccountNumber: m, userId: "1024" }),
    ).resolves.toEqualTypeOf<MerchantUser>();
    expectTypeOf<MerchantUser["dateModified"]>().toEqualTypeOf<string | null>();
    expectTypeOf<MerchantUser["statusCode"]>().toEqualTypeOf<"A" | "I" | "C">();
    // @ts-expect-error userId is a string or a number
    client.getMerchantUser({ merchantAccountNumber: m, userId: true });
  });

  test("calculateFees offers the known fee and channel types and accepts others", () => {
    const p = client.calculateFees({
      merchantAccountNumber: m,
      feeType: "D",
      channelType: "MW",
      transactionAmount: 1,
    });
    expectTypeOf(p).resolves.toEqualTypeOf<FeeCalculation>();
    client.calculateFees({
      merchantAccountNumber: m,
      feeType: "Z",
      channelType: "CARD",
      transactionAmount: 1,
    });
    expectTypeOf<"D">().toExtend<FeeType>();
    expectTypeOf<FeeType>().toEqualTypeOf<"D" | "C" | (string & {})>();
    expectTypeOf<ChannelType>().toEqualTypeOf<"BA" | "MW" | (string & {})>();
    expectTypeOf<SummaryType>().toEqualTypeOf<"D" | "C" | (string & {})>();
    const badAmount = {
      merchantAccountNumber: m,
      feeType: "D",
      channelType: "MW",
      transactionAmount: "1",
    };
    // @ts-expect-error transactionAmount is a number
    client.calculateFees(badAmount);
  });

  test("deleteWebhookSubscription resolves { message: string }", () => {
    const p = client.deleteWebhookSubscription({
      merchantAccountNumber: m,
      eventCode: "payment.success",
      deletedBy: "a@b.c",
    });
    expectTypeOf(p).resolves.toEqualTypeOf<WebhookDeletion>();
    expectTypeOf<WebhookDeletion>().toEqualTypeOf<{ message: string }>();
    // @ts-expect-error deletedBy is required
    client.deleteWebhookSubscription({ merchantAccountNumber: m, eventCode: "payment.success" });
  });

  test("every method takes the per-call options", () => {
    expectTypeOf(client.getTransaction).parameter(1).toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(client.submitDisbursementBatch)
      .parameter(1)
      .toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf<RequestOptions>().toEqualTypeOf<{
      signal?: AbortSignal;
      timeoutMs?: number;
      acceptLanguage?: string;
      maxRetries?: number;
      headers?: Record<string, string>;
    }>();
    const lk = { merchantAccountNumber: m, transactionReferenceNumber: "T" };
    // @ts-expect-error unknown per-call option
    client.getTransaction(lk, { retries: 1 });
  });
});

describe("client options and generated types", () => {
  test("the token is a string or a function returning one, sync or async", () => {
    createMerchantPaymentsClient({ baseUrl: "x", token: () => "test-token" });
    createMerchantPaymentsClient({ baseUrl: "x", token: async () => "test-token" });
    // @ts-expect-error the token is required
    createMerchantPaymentsClient({ baseUrl: "x" });
    // @ts-expect-error a token is not a number
    createMerchantPaymentsClient({ baseUrl: "x", token: 1 });
  });

  test("raw is the openapi-fetch client typed with the generated paths", async () => {
    const raw = createRawClient({ baseUrl: "http://127.0.0.1:1", token: "test-token" });
    expectTypeOf(raw).toEqualTypeOf<RawClient>();
    const r = await raw.POST("/collections/getTransaction", {
      body: { merchantAccountNumber: m, transactionReferenceNumber: "T" },
    });
    expectTypeOf(r.data).toEqualTypeOf<components["schemas"]["Transaction"] | undefined>();
    expectTypeOf(r.response).toEqualTypeOf<Response>();
    // @ts-expect-error not a path of the spec
    raw.POST("/collections/nope", { body: {} });
    raw.POST("/merchants/webhooks/delete", {
      params: { header: { MerchantAccountNumber: m } },
      body: { merchantAccountNumber: m, eventCode: "e", deletedBy: "a@b.c" },
    });
  });

  test("paths, components and Problem come from the spec", () => {
    // The openapi-typescript paths are exactly the paths of the generated operation table (no hand-kept list).
    expectTypeOf<keyof paths>().toEqualTypeOf<
      (typeof operations)[keyof typeof operations]["path"]
    >();
    expectTypeOf<Problem>().toEqualTypeOf<components["schemas"]["Problem"]>();
    expectTypeOf<Problem["status"]>().toEqualTypeOf<number>();
  });
});
