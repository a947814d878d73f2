import { operations } from "@merchant-payments/spec";
import { describe, expect, test } from "vitest";
import { MerchantPaymentsError, ResponseValidationError } from "../src/index.js";
import { testClient } from "./helpers/client.js";
import { example, spec } from "./helpers/fixtures.js";
import { isBodyCall } from "./helpers/operation-shapes.js";
import { json, useTestServer } from "./helpers/server.js";

const server = useTestServer();
const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "T" };

function client(extra: { validateResponses?: boolean; decimals?: "number" | "string" } = {}) {
  return testClient(server, { backoff: { baseDelayMs: 1 }, ...extra });
}

/** Answers every request with the TransactionSuccess example changed by `change`. */
function answerTransaction(change: Record<string, unknown>) {
  server.handle((_request, response) =>
    json(
      response,
      200,
      { ...example<Record<string, unknown>>("TransactionSuccess"), ...change },
      {
        "x-request-id": "req-42",
      },
    ),
  );
}

describe("validateResponses: true", () => {
  test("a null where the spec declares a number throws ResponseValidationError with path, status and request id", async () => {
    answerTransaction({ amountSent: null });
    const error = await client({ validateResponses: true })
      .getTransaction(lookup)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toBeInstanceOf(MerchantPaymentsError);
    const invalid = error as ResponseValidationError;
    expect(invalid.name).toBe("ResponseValidationError");
    expect(invalid.issues).toEqual([{ path: "/amountSent", message: "must be a finite number" }]);
    expect(invalid.status).toBe(200);
    expect(invalid.requestId).toBe("req-42");
    expect(invalid.mayHaveBeenProcessed).toBe(true);
    expect(invalid.message).toContain("/amountSent must be a finite number");
  });

  test('a decimal sent as the string "1000.50" is a violation, and the answer is not asked for again', async () => {
    answerTransaction({ amountSent: "1000.50", transactionFee: "x" });
    const error = (await client({ validateResponses: true })
      .getTransaction(lookup)
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues.map((issue) => issue.path)).toEqual(["/amountSent", "/transactionFee"]);
    expect(server.received).toHaveLength(1);
  });

  test("reports every issue of a list answer with its JSON path, a missing field too", async () => {
    const [first, ...rest] = example<Record<string, unknown>[]>("ConnectorSummaryCounts");
    const { totalTransactions: _dropped, ...withoutTotal } = first ?? {};
    server.handle((_request, response) => json(response, 200, [withoutTotal, ...rest]));
    const error = (await client({ validateResponses: true })
      .getConnectorSummaryCountMetrics(example("MetricsRequestCollections"))
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues).toEqual([{ path: "/0/totalTransactions", message: "is required" }]);
  });

  test('with decimals: "string", a decimal\'s exact text passes and a malformed one does not', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ ...example("TransactionSuccess"), amountSent: 1 }).replace(
          '"amountSent":1',
          '"amountSent":100.10',
        ),
      );
    });
    const strict = client({ validateResponses: true, decimals: "string" });
    await expect(strict.getTransaction(lookup)).resolves.toMatchObject({ amountSent: "100.10" });
    answerTransaction({ amountSent: "1e5" });
    await expect(strict.getTransaction(lookup)).rejects.toBeInstanceOf(ResponseValidationError);
  });

  test("every 2xx example of the spec passes, for every operation", async () => {
    const strict = client({ validateResponses: true }) as unknown as Record<
      string,
      (body: unknown) => Promise<unknown>
    >;
    let checked = 0;
    const bodyCalls = operations(spec).filter(isBodyCall);
    for (const op of bodyCalls) {
      const body = op.request?.examples[0]?.value;
      const success = op.responses.find((response) => response.status.startsWith("2"));
      for (const media of success?.content ?? []) {
        for (const answer of media.examples) {
          server.handle((_request, response) => json(response, 200, answer.value));
          await expect(
            strict[op.operationId]?.(structuredClone(body)),
            answer.name,
          ).resolves.toBeDefined();
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(bodyCalls.length);
  });
});

describe("validateResponses: false (the default)", () => {
  test("hands a null or a string where a number is declared over as the service sent it", async () => {
    answerTransaction({ amountSent: null, transactionFee: "1000.50" });
    await expect(client().getTransaction(lookup)).resolves.toMatchObject({
      amountSent: null,
      transactionFee: "1000.50",
    });
    await expect(
      client({ validateResponses: false }).getTransaction(lookup),
    ).resolves.toMatchObject({
      amountSent: null,
    });
  });
});
