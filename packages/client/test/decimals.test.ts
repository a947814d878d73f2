import { describe, expect, test } from "vitest";
import {
  createMerchantPaymentsClient,
  type MerchantPaymentsClient,
  RequestValidationError,
} from "../src/index.js";
import { example } from "./helpers/fixtures.js";
import { useTestServer } from "./helpers/server.js";

const server = useTestServer();

const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "T" };
const fees = { merchantAccountNumber: 12345678, feeType: "D", channelType: "MW" };

function exact(): MerchantPaymentsClient<"string"> {
  return createMerchantPaymentsClient({
    baseUrl: server.baseUrl,
    token: "test-token",
    decimals: "string",
    maxRetries: 0,
  });
}
function plain(): MerchantPaymentsClient {
  return createMerchantPaymentsClient({
    baseUrl: server.baseUrl,
    token: "test-token",
    maxRetries: 0,
  });
}

/** Answers every request with `text` as it is (a JSON text the test writes digit by digit). */
function answerText(text: string) {
  server.handle((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(text);
  });
}

/** The TransactionSuccess example as JSON text with its three decimal fields written as `amounts`. */
function transactionText(amounts: { sent: string; fee: string; received: string }): string {
  const body = example("TransactionSuccess");
  return JSON.stringify({ ...body, amountSent: 1, transactionFee: 2, amountReceived: 3 })
    .replace('"amountSent":1', `"amountSent": ${amounts.sent}`)
    .replace('"transactionFee":2', `"transactionFee":${amounts.fee}`)
    .replace('"amountReceived":3', `"amountReceived" :\n ${amounts.received}`);
}

describe('decimals: "string" keeps every digit of an answer', () => {
  test("hands over 12345678901234567.89 and 100.10 exactly as the service wrote them", async () => {
    answerText(
      transactionText({
        sent: "12345678901234567.89",
        fee: "100.10",
        received: "12345678901234467.79",
      }),
    );
    const transaction = await exact().getTransaction(lookup);
    expect(transaction.amountSent).toBe("12345678901234567.89");
    expect(transaction.transactionFee).toBe("100.10");
    expect(transaction.amountReceived).toBe("12345678901234467.79");
    expect(transaction.beneficiaryAccountNumber).toBe(
      example<{ beneficiaryAccountNumber: string }>("TransactionSuccess").beneficiaryAccountNumber,
    );
  });

  test("the default hands over JS numbers (and loses what a double cannot hold)", async () => {
    answerText(transactionText({ sent: "12345678901234567.89", fee: "100.10", received: "0.1" }));
    const transaction = await plain().getTransaction(lookup);
    expect(transaction.amountSent).toBe(12345678901234568);
    expect(transaction.transactionFee).toBe(100.1);
  });

  test("reads every item of a list, and leaves integers and text that merely looks like a field alone", async () => {
    const sums = example<Record<string, unknown>[]>("ConnectorSummarySums");
    const text = `[${sums
      .map((item, index) =>
        JSON.stringify({ ...item, connectorName: `"totalTransactions": ${index}` })
          .replace(/"successfulTransactions":[^,}]+/, '"successfulTransactions":0.10')
          .replace(/"totalTransactions":[-\d.eE+]+/, '"totalTransactions":1000000000000000.01'),
      )
      .join(",")}]`;
    answerText(text);
    const result = await exact().getConnectorSummarySumMetrics(
      example("MetricsRequestCollections"),
    );
    expect(result).toHaveLength(sums.length);
    result.forEach((item, index) => {
      expect(item.successfulTransactions).toBe("0.10");
      expect(item.totalTransactions).toBe("1000000000000000.01");
      expect(item.connectorName).toBe(`"totalTransactions": ${index}`);
    });
    answerText(JSON.stringify(example("ConnectorSummaryCounts")));
    const counts = await exact().getConnectorSummaryCountMetrics(
      example("MetricsRequestCollections"),
    );
    expect(counts).toEqual(example("ConnectorSummaryCounts"));
  });
});

describe('decimals: "string" writes a request decimal with exactly its digits', () => {
  test.each([["12345678901234567.89"], ["100.10"], ["0.3"], ["-0.5"], ["0"]])(
    "sends %s as a JSON number with those digits",
    async (amount) => {
      answerText(JSON.stringify(example("FeeCalculationMobileWallet")));
      await exact().calculateFees({ ...fees, transactionAmount: amount });
      const sent = server.received[0]?.body ?? "";
      expect(sent).toContain(`"transactionAmount":${amount}}`);
      expect(JSON.parse(sent).feeType).toBe("D");
    },
  );

  test("a number still goes out as JSON.stringify writes it (0.1 + 0.2 is 0.30000000000000004)", async () => {
    answerText(JSON.stringify(example("FeeCalculationMobileWallet")));
    await exact().calculateFees({ ...fees, transactionAmount: 0.1 + 0.2 });
    expect(server.received[0]?.body).toContain('"transactionAmount":0.30000000000000004');
    await plain().calculateFees({ ...fees, transactionAmount: 100.1 });
    expect(server.received[1]?.body).toContain('"transactionAmount":100.1}');
  });

  test("leaves other strings alone: digit strings under other keys, text naming the field", async () => {
    answerText(JSON.stringify(example("FeeCalculationMobileWallet")));
    const odd = '"transactionAmount":"1.25"';
    await exact().calculateFees({
      ...fees,
      feeType: "100.10",
      channelType: odd,
      transactionAmount: "1.50",
    });
    const sent = JSON.parse(server.received[0]?.body ?? "{}");
    expect(sent.feeType).toBe("100.10");
    expect(sent.channelType).toBe(odd);
    expect(server.received[0]?.body).toContain('"transactionAmount":1.50}');
  });

  test.each([["1e5"], ["+1"], ["01.5"], ["1."], ["abc"], [" 1"], [""]])(
    "refuses %j before sending anything",
    async (amount) => {
      answerText(JSON.stringify(example("FeeCalculationMobileWallet")));
      const error = await exact()
        .calculateFees({ ...fees, transactionAmount: amount })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues).toEqual([
        {
          path: "/transactionAmount",
          message: 'must be a decimal number or its exact text, e.g. "100.10"',
        },
      ]);
      expect((error as RequestValidationError).mayHaveBeenProcessed).toBe(false);
      expect(server.received).toHaveLength(0);
    },
  );

  test("the default refuses a decimal string: amounts are numbers there", async () => {
    const error = await plain()
      .calculateFees({ ...fees, transactionAmount: "100.10" as unknown as number })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.path).toBe("/transactionAmount");
  });

  test('a decimals option other than "number" or "string" is a TypeError', () => {
    expect(() =>
      createMerchantPaymentsClient({
        baseUrl: server.baseUrl,
        token: "test-token",
        decimals: "exact" as never,
      }),
    ).toThrow(TypeError);
  });
});
