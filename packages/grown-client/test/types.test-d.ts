// The grown client's types follow the calling convention of issue 22: parameters by name, an object body's
// properties beside them, any other body under `body`; results by answer kind. Wrong calls fail to compile.
import { describe, expectTypeOf, test } from "vitest";
import { createMerchantPaymentsClient, type Transaction } from "../src/index.js";

const client = createMerchantPaymentsClient({ baseUrl: "http://127.0.0.1:1", token: "test-token" });

describe("arguments", () => {
  test("a missing path parameter does not compile", () => {
    // @ts-expect-error transactionReference is required
    void client.readTransaction({});
    void client.readTransaction({ transactionReference: "TXN-1" });
  });

  test("a query parameter of the wrong type does not compile", () => {
    // @ts-expect-error limit is a number
    void client.listTransactions({ merchantAccountNumber: 12345678, limit: "5" });
    // @ts-expect-error a status outside the enum
    void client.listTransactions({ merchantAccountNumber: 12345678, status: ["X"] });
    void client.listTransactions({ merchantAccountNumber: 12345678, status: ["S", "P"], limit: 5 });
  });

  test("an unknown property does not compile", () => {
    // @ts-expect-error foo is neither a parameter nor a body property
    void client.readTransaction({ transactionReference: "TXN-1", foo: 1 });
    // @ts-expect-error foo is not a property of the JSON body
    void client.updateMerchantUser({ userId: "1001", foo: 1 });
  });

  test("an object body's properties go beside the parameters; any other body under `body`", () => {
    void client.updateMerchantUser({ userId: "1001", statusCode: "I" });
    // @ts-expect-error the properties of an object body are not under `body`
    void client.updateMerchantUser({ userId: "1001", body: { statusCode: "I" } });
    void client.addDisputeNote({ disputeId: "DSP-000451", body: "A note." });
    // @ts-expect-error a text body goes under `body`
    void client.addDisputeNote({ disputeId: "DSP-000451", note: "A note." });
    void client.uploadDisputeAttachment({
      disputeId: "DSP-000451",
      fileName: "a.pdf",
      body: new Uint8Array([1]),
    });
    // @ts-expect-error the binary body is required
    void client.uploadDisputeAttachment({ disputeId: "DSP-000451", fileName: "a.pdf" });
    void client.uploadDisputeEvidence({
      disputeId: "DSP-000451",
      category: "receipt",
      file: new Blob(["x"]),
    });
  });
});

describe("results", () => {
  test("each answer kind has its type", () => {
    expectTypeOf(client.readTransaction({ transactionReference: "t" })).resolves.toEqualTypeOf<
      Transaction<"number">
    >();
    expectTypeOf(client.checkTransaction({ transactionReference: "t" })).resolves.toBeUndefined();
    expectTypeOf(
      client.downloadTransactionReceipt({ transactionReference: "t" }),
    ).resolves.toEqualTypeOf<Blob>();
    expectTypeOf(
      client.removeWebhookSubscription({ eventCode: "payment.success" }),
    ).resolves.toBeUndefined();
    expectTypeOf(
      client.downloadSettlementReport({ settlementDate: "2024-01-15" }),
    ).resolves.toMatchTypeOf<string | { status: string }>();
  });

  test("a paginated method is both a promise of one page and an async iterable of items", () => {
    const listed = client.listTransactions({ merchantAccountNumber: 12345678 });
    expectTypeOf(listed).resolves.toHaveProperty("nextCursor");
    expectTypeOf(listed).toMatchTypeOf<AsyncIterable<Transaction<"number">>>();
  });
});
