import { describe, expectTypeOf, test } from "vitest";
import {
  type ConnectorSummarySum,
  createMerchantPaymentsClient,
  type DecimalInput,
  type DecimalMode,
  type DecimalValue,
  type FeeCalculation,
  type FeeCalculationRequest,
  type MerchantPaymentsClient,
  type OperationRequests,
  type OperationResults,
  type Transaction,
} from "../src/index.js";

const base = { baseUrl: "http://127.0.0.1:1", token: "test-token" };
const fees = { merchantAccountNumber: 12345678, feeType: "D", channelType: "MW" } as const;

describe("the client's types follow the decimals option", () => {
  test('decimals: "string" gives MerchantPaymentsClient<"string">, whose decimal fields are strings', () => {
    const exact = createMerchantPaymentsClient({ ...base, decimals: "string" });
    expectTypeOf(exact).toEqualTypeOf<MerchantPaymentsClient<"string">>();
    const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "T" };
    expectTypeOf(exact.getTransaction(lookup)).resolves.toEqualTypeOf<Transaction<"string">>();
    expectTypeOf<Transaction<"string">["amountSent"]>().toEqualTypeOf<string>();
    expectTypeOf<Transaction<"string">["beneficiaryAccountNumber"]>().toEqualTypeOf<string>();
    expectTypeOf<Transaction<"string">["connectorName"]>().toEqualTypeOf<string>();
    expectTypeOf<ConnectorSummarySum<"string">["totalTransactions"]>().toEqualTypeOf<string>();
    expectTypeOf(
      exact.calculateFees({ ...fees, transactionAmount: "100.10" }),
    ).resolves.toEqualTypeOf<FeeCalculation<"string">>();
    exact.calculateFees({ ...fees, transactionAmount: 100.1 });
  });

  test('the default and decimals: "number" keep numbers, and refuse a decimal string', () => {
    const plain = createMerchantPaymentsClient(base);
    const numbers = createMerchantPaymentsClient({ ...base, decimals: "number" });
    expectTypeOf(plain).toEqualTypeOf<MerchantPaymentsClient<"number">>();
    expectTypeOf(numbers).toEqualTypeOf<MerchantPaymentsClient>();
    expectTypeOf<Transaction["amountSent"]>().toEqualTypeOf<number>();
    expectTypeOf<FeeCalculation["netFeeAmount"]>().toEqualTypeOf<number>();
    // @ts-expect-error a decimal string needs decimals: "string"
    plain.calculateFees({ ...fees, transactionAmount: "100.10" });
    // @ts-expect-error decimals is "number" or "string"
    createMerchantPaymentsClient({ ...base, decimals: "exact" });
  });

  test("the decimal helpers and the per-operation maps", () => {
    expectTypeOf<DecimalMode>().toEqualTypeOf<"number" | "string">();
    expectTypeOf<DecimalValue<"string">>().toEqualTypeOf<string>();
    expectTypeOf<DecimalValue>().toEqualTypeOf<number>();
    expectTypeOf<DecimalInput<"string">>().toEqualTypeOf<string | number>();
    expectTypeOf<DecimalInput>().toEqualTypeOf<number>();
    expectTypeOf<FeeCalculationRequest<"string">["transactionAmount"]>().toEqualTypeOf<
      string | number
    >();
    expectTypeOf<OperationResults<"string">["calculateFees"]>().toEqualTypeOf<
      FeeCalculation<"string">
    >();
    expectTypeOf<OperationRequests["calculateFees"]>().toEqualTypeOf<FeeCalculationRequest>();
  });
});
