import { describe, expectTypeOf, test } from "vitest";
import {
  type ApiPromise,
  type ConnectionError,
  createMerchantPaymentsClient,
  type DisbursementBatchResult,
  type MerchantPaymentsError,
  type RedirectError,
  type RequestSent,
  type ResponseInfo,
  type TimeoutError,
  type Transaction,
  type WebhookDeletion,
  type WithResponse,
} from "../src/index.js";

const client = createMerchantPaymentsClient({
  baseUrl: "http://127.0.0.1:1",
  token: "type-test-token",
});
const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "T" };

describe("withResponse is typed", () => {
  test("a method returns an ApiPromise of its result, still awaitable as the result", () => {
    const p = client.getTransaction(lookup);
    expectTypeOf(p).toEqualTypeOf<ApiPromise<Transaction>>();
    expectTypeOf(p).resolves.toEqualTypeOf<Transaction>();
    expectTypeOf(p).toMatchTypeOf<Promise<Transaction>>();
  });

  test("withResponse resolves { data, response, requestId } with the method's result type", () => {
    const r = client.getTransaction(lookup).withResponse();
    expectTypeOf(r).resolves.toEqualTypeOf<WithResponse<Transaction>>();
    expectTypeOf<WithResponse<Transaction>["data"]>().toEqualTypeOf<Transaction>();
    expectTypeOf<WithResponse<Transaction>["response"]>().toEqualTypeOf<ResponseInfo>();
    expectTypeOf<WithResponse<Transaction>["requestId"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ResponseInfo["status"]>().toEqualTypeOf<number>();
    expectTypeOf<ResponseInfo["headers"]>().toEqualTypeOf<Headers>();
  });

  test("every method has it, with its own result type", () => {
    expectTypeOf(
      client.deleteWebhookSubscription({} as never).withResponse(),
    ).resolves.toEqualTypeOf<WithResponse<WebhookDeletion>>();
    expectTypeOf(client.submitDisbursementBatch({} as never).withResponse()).resolves.toEqualTypeOf<
      WithResponse<DisbursementBatchResult>
    >();
    // @ts-expect-error withResponse takes no argument
    client.getTransaction(lookup).withResponse(true);
  });

  test("the decimals option flows into withResponse's data", () => {
    const strings = createMerchantPaymentsClient({
      baseUrl: "http://127.0.0.1:1",
      token: "type-test-token",
      decimals: "string",
    });
    const r = strings.getTransaction(lookup).withResponse();
    expectTypeOf(r).resolves.toEqualTypeOf<WithResponse<Transaction<"string">>>();
  });
});

describe("the safety fields of errors are typed", () => {
  test("mayHaveBeenProcessed, requestSent, requestId and location", () => {
    expectTypeOf<MerchantPaymentsError["mayHaveBeenProcessed"]>().toEqualTypeOf<boolean>();
    expectTypeOf<TimeoutError["requestSent"]>().toEqualTypeOf<RequestSent>();
    expectTypeOf<ConnectionError["requestSent"]>().toEqualTypeOf<RequestSent>();
    expectTypeOf<ConnectionError["requestId"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RequestSent>().toEqualTypeOf<"none" | "partial" | "complete" | "unknown">();
    expectTypeOf<RedirectError["location"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RedirectError>().toMatchTypeOf<MerchantPaymentsError>();
  });
});
