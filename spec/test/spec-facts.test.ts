import { describe, expect, test } from "vitest";
import { createAjv, deref as derefIn, escapePointer, type Json, loadBundle } from "../src/index.js";

const bundle: Json = loadBundle();
const deref = (node: Json): Json => derefIn(bundle, node);

// The facts of the interface document, operation by operation. This table is the test's expectation:
// the spec must say exactly this, and nothing here is read back from the spec.
const operations = [
  {
    path: "/collections/getTransaction",
    operationId: "getTransaction",
    safeToRetry: true,
    required: ["merchantAccountNumber", "transactionReferenceNumber"],
    response: "Transaction",
    notFound: true,
  },
  {
    path: "/core/MerchantAnalytics/GetConnectorSummaryCountMetrics",
    operationId: "getConnectorSummaryCountMetrics",
    safeToRetry: true,
    required: ["merchantAccountNumber", "summaryType", "fromDate", "toDate"],
    response: "ConnectorSummaryCountList",
    notFound: false,
  },
  {
    path: "/core/MerchantAnalytics/GetConnectorSummarySumMetrics",
    operationId: "getConnectorSummarySumMetrics",
    safeToRetry: true,
    required: ["merchantAccountNumber", "summaryType", "fromDate", "toDate"],
    response: "ConnectorSummarySumList",
    notFound: false,
  },
  {
    path: "/core/MerchantAnalytics/GetDisbursementMetrics",
    operationId: "getDisbursementMetrics",
    safeToRetry: true,
    required: ["merchantAccountNumber", "summaryType", "fromDate", "toDate"],
    response: "DisbursementMetrics",
    notFound: false,
  },
  {
    path: "/disbursements/batch/addJson",
    operationId: "submitDisbursementBatch",
    safeToRetry: false,
    required: ["header", "transactions"],
    response: "DisbursementBatchResult",
    notFound: false,
  },
  {
    path: "/security/merchantUsers/get",
    operationId: "getMerchantUser",
    safeToRetry: true,
    required: ["merchantAccountNumber", "userId"],
    response: "MerchantUser",
    notFound: true,
  },
  {
    path: "/merchants/fees/calculate",
    operationId: "calculateFees",
    safeToRetry: true,
    required: ["merchantAccountNumber", "feeType", "channelType", "transactionAmount"],
    response: "FeeCalculation",
    notFound: false,
  },
  {
    path: "/merchants/webhooks/delete",
    operationId: "deleteWebhookSubscription",
    safeToRetry: true,
    required: ["eventCode", "merchantAccountNumber", "deletedBy"],
    response: "WebhookDeletion",
    notFound: true,
  },
] as const;

const schema = (name: string): Json => bundle.components.schemas[name];
const post = (path: string): Json => bundle.paths[path].post;
const ajv = createAjv(bundle);
const validSchema = (name: string) => ajv.compileAt(`/components/schemas/${name}`);

describe("the bundle as a whole", () => {
  test("is OpenAPI 3.1.0 and holds the eight documented paths, case-sensitive", () => {
    expect(bundle.openapi).toBe("3.1.0");
    const paths = Object.keys(bundle.paths);
    for (const op of operations) {
      expect(paths, op.path).toContain(op.path);
      // No other path differs from a documented one by case alone.
      const sameButCase = paths.filter((p) => p.toLowerCase() === op.path.toLowerCase());
      expect(sameButCase, op.path).toEqual([op.path]);
    }
  });

  test("serves {base_url} with an environment variable and the version segment v1", () => {
    const [server] = bundle.servers;
    expect(server.url).toMatch(/\{environment\}\/v1$/);
    expect(server.variables.environment.default).toBeTypeOf("string");
  });

  test("authenticates every operation with a Bearer JWT", () => {
    expect(bundle.components.securitySchemes.BearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
    expect(bundle.security).toEqual([{ BearerAuth: [] }]);
    for (const op of operations) expect(post(op.path).security).toBeUndefined();
  });

  test("declares the merchant account number once: an integer from 10000000 to 99999999", () => {
    expect(schema("MerchantAccountNumber")).toMatchObject({
      type: "integer",
      minimum: 10000000,
      maximum: 99999999,
    });
    const validate = validSchema("MerchantAccountNumber");
    expect([10000000, 99999999, 12345678].map((n) => validate(n))).toEqual([true, true, true]);
    expect([9999999, 100000000, 12345678.5, "12345678"].map((n) => validate(n))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  test("says in info.description what the service leaves unspecified", () => {
    const text: string = bundle.info.description;
    for (const topic of [
      "error model",
      "Rate limits",
      "lifecycle of a batch",
      "event codes",
      "versioning policy",
    ]) {
      expect(text).toContain(topic);
    }
  });
});

describe.each(operations)("$operationId ($path)", (op) => {
  const operation = post(op.path);
  const pointer = `/paths/${escapePointer(op.path)}/post`;

  test("is the only method of its path and has id, summary, description and a defined tag", () => {
    expect(Object.keys(bundle.paths[op.path])).toEqual(["post"]);
    expect(operation.operationId).toBe(op.operationId);
    expect(operation.summary).toBeTruthy();
    expect(operation.description.length).toBeGreaterThan(40);
    expect(operation.tags).toHaveLength(1);
    expect(bundle.tags.map((tag: Json) => tag.name)).toContain(operation.tags[0]);
  });

  test(`is marked x-safe-to-retry: ${op.safeToRetry}`, () => {
    expect(operation["x-safe-to-retry"]).toBe(op.safeToRetry);
  });

  test("takes an optional Accept-Language header, a string defaulting to en", () => {
    const header = operation.parameters.map(deref).find((p: Json) => p.name === "Accept-Language");
    expect(header).toMatchObject({ in: "header", required: false });
    expect(header.schema).toEqual({ type: "string", default: "en" });
  });

  test("takes a required JSON body with the documented required fields", () => {
    expect(operation.requestBody.required).toBe(true);
    const media = operation.requestBody.content;
    expect(Object.keys(media)).toEqual(["application/json"]);
    const body = deref(media["application/json"].schema);
    expect([...body.required].sort()).toEqual([...op.required].sort());
    if (
      "merchantAccountNumber" in body.properties &&
      op.operationId !== "submitDisbursementBatch"
    ) {
      expect(body.properties.merchantAccountNumber.$ref).toBe(
        "#/components/schemas/MerchantAccountNumber",
      );
    }
  });

  test("answers 200 with its documented schema", () => {
    const ok = operation.responses["200"].content["application/json"];
    expect(ok.schema.$ref).toBe(`#/components/schemas/${op.response}`);
  });

  test("declares problem+json errors for 400, 401, 403, 406, 415, 422, 429 (with Retry-After) and 5XX", () => {
    const expected = [
      ...["400", "401", "403", ...(op.notFound ? ["404"] : [])],
      ...["406", "415", "422", "429", "5XX"],
    ];
    expect(Object.keys(operation.responses).filter((code) => code !== "200")).toEqual(expected);
    for (const code of expected) {
      const response = deref(operation.responses[code]);
      expect(Object.keys(response.content)).toEqual(["application/problem+json"]);
      expect(response.content["application/problem+json"].schema.$ref).toBe(
        "#/components/schemas/Problem",
      );
    }
    expect(deref(operation.responses["429"]).headers["Retry-After"]).toBeDefined();
  });

  test("has named request and response examples, each valid against its schema", () => {
    const cases: [string, Json][] = [
      [
        `${pointer}/requestBody/content/application~1json`,
        operation.requestBody.content["application/json"],
      ],
    ];
    for (const [code, response] of Object.entries<Json>(operation.responses)) {
      for (const [type, media] of Object.entries<Json>(deref(response).content ?? {})) {
        const base = response.$ref
          ? response.$ref.slice(1)
          : `${pointer}/responses/${escapePointer(code)}`;
        cases.push([`${base}/content/${escapePointer(type)}`, media]);
      }
    }
    for (const [mediaPointer, media] of cases) {
      const names = Object.keys(media.examples ?? {});
      expect(names.length, mediaPointer).toBeGreaterThan(0);
      const validate = ajv.compileAt(`${mediaPointer}/schema`);
      for (const name of names) {
        const { value } = deref(media.examples[name]);
        expect(
          validate(value),
          `${mediaPointer} example ${name}: ${ajv.ajv.errorsText(validate.errors)}`,
        ).toBe(true);
      }
    }
  });
});

describe("webhook delete", () => {
  const operation = post("/merchants/webhooks/delete");

  test("requires a MerchantAccountNumber header bound like the body's, and says they must be equal", () => {
    const header = operation.parameters
      .map(deref)
      .find((p: Json) => p.name === "MerchantAccountNumber");
    expect(header).toMatchObject({ in: "header", required: true });
    expect(header.schema.$ref).toBe("#/components/schemas/MerchantAccountNumber");
    expect(header.description).toMatch(/must equal `merchantAccountNumber` in the request\s+body/);
    expect(header["x-equals-body-property"]).toBe("merchantAccountNumber");
  });

  test("accepts both documented 200 shapes: { message } and a bare JSON string", () => {
    const validate = validSchema("WebhookDeletion");
    expect(validate({ message: "Merchant webhook deleted successfully." })).toBe(true);
    expect(validate("Merchant webhook deleted successfully.")).toBe(true);
    expect(validate({})).toBe(false);
    expect(validate(42)).toBe(false);
  });

  test("requires deletedBy as an e-mail address", () => {
    expect(schema("WebhookDeleteRequest").properties.deletedBy).toMatchObject({
      type: "string",
      format: "email",
    });
  });
});

describe("batch", () => {
  const batch = schema("DisbursementBatch");

  test("requires header and transactions, with at most 50000 transactions", () => {
    expect(batch.required).toEqual(["header", "transactions"]);
    expect(batch.properties.transactions.maxItems).toBe(50000);
    expect(batch.properties.transactions.minItems).toBeUndefined();
  });

  test("types the header and element fields as seen, inventing no required-ness or bounds", () => {
    const header = schema("DisbursementBatchHeader");
    const item = schema("DisbursementBatchItem");
    expect(header.required).toBeUndefined();
    expect(item.required).toBeUndefined();
    expect(header.properties.merchantAccountNumber.$ref).toBe(
      "#/components/schemas/MerchantAccountNumber",
    );
    expect(header.properties.isBatchScheduled.type).toBe("boolean");
    expect(header.properties.scheduledDate).toMatchObject({ type: "string", format: "date" });
    expect(header.properties.capturedBy).toMatchObject({ type: "string", format: "email" });
    expect(item.properties).toMatchObject({
      beneficiaryName: { type: "string" },
      connectorId: { type: "integer" },
      beneficiaryAccountNumber: { type: "string" },
      transactionDescription: { type: "string" },
      transactionAmount: { type: "number" },
      sourceReferenceNumber: { type: "string" },
    });
    for (const field of Object.values<Json>(item.properties)) {
      for (const bound of ["minimum", "maximum", "minLength", "maxLength", "pattern", "enum"]) {
        expect(field[bound]).toBeUndefined();
      }
    }
  });

  test("offers an optional accept header shown as application/json, rejecting no other value", () => {
    const accept = post("/disbursements/batch/addJson")
      .parameters.map(deref)
      .find((p: Json) => p.name === "accept");
    expect(accept).toMatchObject({ in: "header", required: false, example: "application/json" });
    expect(accept.schema).toEqual({ type: "string" });
  });

  test("rejects 50001 transactions and accepts 50000", () => {
    const validate = validSchema("DisbursementBatch");
    const header = { merchantAccountNumber: 12345678 };
    const item = { transactionAmount: 1 };
    expect(validate({ header, transactions: Array(50000).fill(item) })).toBe(true);
    expect(validate({ header, transactions: Array(50001).fill(item) })).toBe(false);
  });
});

describe("resources", () => {
  test("Transaction has every documented field with its type and format", () => {
    const { properties, required } = schema("Transaction");
    const strings = [
      "sourceAccountNumber",
      "sourceCustomerName",
      "connectorName",
      "sourceReferenceNumber",
      "transactionStatusCode",
      "transactionStatusName",
      "transactionReferenceNumber",
      "sourceCurrencyCode",
      "transactionDescription",
      "beneficiaryCurrencyCode",
      "beneficiaryName",
      "bridgeReferenceNumber",
      "transactionTypeName",
      "responseCode",
      "responseMessage",
    ];
    const decimals = ["amountSent", "transactionFee", "amountReceived"];
    const dateTimes = ["transactionDate", "dateCreated"];
    expect([...required].sort()).toEqual(
      [...strings, ...decimals, ...dateTimes, "beneficiaryAccountNumber"].sort(),
    );
    for (const field of strings) expect(properties[field].type, field).toBe("string");
    for (const field of decimals)
      expect(deref(properties[field])).toMatchObject({ type: "number", format: "decimal" });
    for (const field of dateTimes)
      expect(properties[field]).toMatchObject({ type: "string", format: "date-time" });
    for (const field of Object.keys(properties))
      expect(properties[field].description, field).toBeTruthy();
  });

  test("Transaction accepts the beneficiary account number as an integer or a string", () => {
    expect(schema("Transaction").properties.beneficiaryAccountNumber.type).toEqual([
      "integer",
      "string",
    ]);
  });

  test("amountReceived = amountSent - transactionFee holds in every transaction example", () => {
    const examples = post("/collections/getTransaction").responses["200"].content[
      "application/json"
    ].examples;
    expect(Object.keys(examples).length).toBeGreaterThanOrEqual(2);
    const kinds = new Set<string>();
    for (const example of Object.values<Json>(examples)) {
      const { amountSent, transactionFee, amountReceived, beneficiaryAccountNumber } =
        deref(example).value;
      expect(Math.round((amountSent - transactionFee) * 100)).toBe(
        Math.round(amountReceived * 100),
      );
      kinds.add(typeof beneficiaryAccountNumber);
    }
    expect([...kinds].sort()).toEqual(["number", "string"]);
  });

  test("MerchantUser: statusCode A/I/C, nullable modifiedBy and dateModified, phoneNumber may be empty", () => {
    const user = schema("MerchantUser");
    expect(user.properties.statusCode.enum).toEqual(["A", "I", "C"]);
    expect(user.properties.modifiedBy.type).toEqual(["string", "null"]);
    expect(user.properties.dateModified).toMatchObject({
      type: ["string", "null"],
      format: "date-time",
    });
    expect(user.properties.dateCaptured).toMatchObject({ type: "string", format: "date-time" });
    expect(user.properties.emailAddress).toMatchObject({ type: "string", format: "email" });
    expect(user.properties.isEmailConfirmed.type).toBe("boolean");
    expect(user.properties.userId.type).toBe("string");
    expect(user.properties.phoneNumber.minLength).toBeUndefined();
    const validate = validSchema("MerchantUser");
    const examples = post("/security/merchantUsers/get").responses["200"].content[
      "application/json"
    ].examples;
    const neverModified = deref(examples.MerchantUserNeverModified).value;
    expect(neverModified).toMatchObject({ modifiedBy: null, dateModified: null, phoneNumber: "" });
    expect(validate({ ...neverModified, statusCode: "X" })).toBe(false);
  });

  test("userId is declared a string in the request, the sample's integer form documented", () => {
    const userId = schema("MerchantUserRequest").properties.userId;
    expect(userId.type).toBe("string");
    expect(userId.description).toMatch(/integer/);
  });

  test("connector summaries: integer counters by count, decimal amounts by sum, summaryType only by count", () => {
    const count = schema("ConnectorSummaryCount").properties;
    const sum = schema("ConnectorSummarySum").properties;
    for (const field of ["successfulTransactions", "failedTransactions", "totalTransactions"]) {
      expect(count[field].type).toBe("integer");
      expect(deref(sum[field])).toMatchObject({ type: "number", format: "decimal" });
    }
    expect(count.summaryType.type).toBe("string");
    expect(sum.summaryType).toBeUndefined();
    expect(schema("ConnectorSummaryCountList").type).toBe("array");
  });

  test("disbursement metrics and fee calculation carry every documented field", () => {
    expect(Object.keys(schema("DisbursementMetrics").properties).sort()).toEqual(
      [
        "totalSuccessfulTransactionsAmount",
        "numberOfSuccessfulTransactions",
        "totalFailedTransactionsAmount",
        "numberOfFailedTransactions",
        "totalTransactionsAmount",
        "numberOfTransactions",
        "successRate",
        "failureRate",
        "transactionsTrend",
      ].sort(),
    );
    expect(Object.keys(schema("FeeCalculation").properties).sort()).toEqual(
      [
        "currencyCode",
        "transactionAmount",
        "convenienceFeeAmount",
        "transactionFeeAmount",
        "merchantFeeAmount",
        "governmentLevyFeeAmount",
        "totalFeeBeforeVat",
        "vatAmount",
        "netFeeAmount",
      ].sort(),
    );
  });

  test("metrics requests take fromDate and toDate as ISO 8601 calendar dates", () => {
    const { properties } = schema("MetricsRequest");
    expect(properties.fromDate).toMatchObject({ type: "string", format: "date" });
    expect(properties.toDate).toMatchObject({ type: "string", format: "date" });
    const validate = validSchema("MetricsRequest");
    const body = {
      merchantAccountNumber: 12345678,
      summaryType: "D",
      fromDate: "2024-01-01",
      toDate: "2024-01-31",
    };
    expect(validate(body)).toBe(true);
    expect(validate({ ...body, toDate: "31/01/2024" })).toBe(false);
  });
});

describe.each([
  ["SummaryType", ["D", "C"]],
  ["FeeType", ["D", "C"]],
  ["ChannelType", ["BA", "MW"]],
])("%s", (name, known) => {
  test(`offers the known values ${known.join("/")} but does not reject other strings`, () => {
    const [closed, open] = schema(name).anyOf;
    expect(closed.enum).toEqual(known);
    expect(open).toEqual({ title: "Any other string", type: "string" });
    const validate = validSchema(name);
    for (const value of [...known, "ZZ"]) expect(validate(value), value).toBe(true);
    expect(validate(1)).toBe(false);
  });
});
