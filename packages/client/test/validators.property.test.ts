import { createAjv } from "@merchant-payments/spec/model";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { validators } from "../src/generated/validators.js";
import { maxBatchItems, merchantBounds, spec } from "./helpers/fixtures.js";

// Differential test: the generated validators accept exactly what the spec model's Ajv (JSON Schema 2020-12, formats,
// the project's one `decimal`) accepts.
const ajv = createAjv(spec);
const ajvFor = (schema: string) => ajv.compileAt(`/components/schemas/${schema}`);

const json = fc.jsonValue({ maxDepth: 2 });
/** Mostly valid values, sometimes invalid ones, so both outcomes are common. */
const mostly = (valid: fc.Arbitrary<unknown>, invalid: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: invalid });
const merchant = mostly(
  fc.integer({ min: merchantBounds.minimum, max: merchantBounds.maximum }),
  fc.oneof(
    fc.constantFrom(merchantBounds.minimum - 1, merchantBounds.maximum + 1, 12345678.5),
    fc.integer(),
    json,
  ),
);
const str = mostly(fc.string(), json);
const date = mostly(
  fc
    .date({
      min: new Date(Date.UTC(1900, 0, 1)),
      max: new Date(Date.UTC(2100, 0, 1)),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.oneof(
    fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
      )
      .map(
        ([y, m, d]) =>
          `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`,
      ),
    str,
  ),
);
const email = mostly(
  fc.emailAddress(),
  fc.oneof(fc.constantFrom("a@b", "a b@c.d", "@c.d", "é@x.io", "x@-a.io"), fc.string(), json),
);
const num = mostly(
  fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer()),
  json,
);
const bool = mostly(fc.boolean(), json);

/** Objects with any subset of the given fields, sometimes plus an unknown field, sometimes not an object. */
const body = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.record({ ...fields, extra: json }, { requiredKeys: [] }) },
    { weight: 8, arbitrary: fc.record(fields) },
    { weight: 1, arbitrary: json },
  );

const item = body({
  beneficiaryName: str,
  connectorId: num,
  beneficiaryAccountNumber: str,
  transactionDescription: str,
  transactionAmount: num,
  sourceReferenceNumber: str,
});
const cases = {
  getTransaction: [
    "TransactionLookupRequest",
    body({ merchantAccountNumber: merchant, transactionReferenceNumber: str }),
  ],
  getDisbursementMetrics: [
    "MetricsRequest",
    body({ merchantAccountNumber: merchant, summaryType: str, fromDate: date, toDate: date }),
  ],
  submitDisbursementBatch: [
    "DisbursementBatch",
    body({
      header: body({
        merchantAccountNumber: merchant,
        isBatchScheduled: bool,
        scheduledDate: date,
        capturedBy: email,
      }),
      transactions: mostly(fc.array(item, { maxLength: 4 }), json),
    }),
  ],
  getMerchantUser: ["MerchantUserRequest", body({ merchantAccountNumber: merchant, userId: str })],
  calculateFees: [
    "FeeCalculationRequest",
    body({
      merchantAccountNumber: merchant,
      feeType: str,
      channelType: str,
      transactionAmount: num,
    }),
  ],
  deleteWebhookSubscription: [
    "WebhookDeleteRequest",
    body({ eventCode: str, merchantAccountNumber: merchant, deletedBy: email }),
  ],
} as const;

describe("the generated validators agree with Ajv on the spec's request schemas", () => {
  for (const [op, [schema, arbitrary]] of Object.entries(cases)) {
    test(`${op} (${schema})`, () => {
      const ajvValidate = ajvFor(schema);
      expect(ajvValidate).toBeDefined();
      const seen = { valid: 0, invalid: 0 };
      fc.assert(
        fc.property(arbitrary as fc.Arbitrary<unknown>, (value) => {
          const issues: { path: string; message: string }[] = [];
          validators[op as keyof typeof validators](value, issues);
          const ajvOk = ajvValidate?.(value) === true;
          seen[ajvOk ? "valid" : "invalid"]++;
          expect(
            issues.length === 0,
            JSON.stringify({ value, issues, ajv: ajvValidate?.errors }),
          ).toBe(ajvOk);
          // Every reported path points at a location inside the body or a missing property of it.
          for (const issue of issues)
            expect(issue.path === "" || issue.path.startsWith("/")).toBe(true);
        }),
        { numRuns: 400 },
      );
      // Both outcomes are exercised, so agreement is not trivial.
      expect(seen.valid).toBeGreaterThan(10);
      expect(seen.invalid).toBeGreaterThan(10);
    });
  }

  test("a batch over maxItems is invalid for both", () => {
    const big = { header: {}, transactions: Array.from({ length: maxBatchItems + 1 }, () => ({})) };
    const issues: { path: string; message: string }[] = [];
    validators.submitDisbursementBatch(big, issues);
    expect(issues).toHaveLength(1);
    expect(ajvFor("DisbursementBatch")?.(big)).toBe(false);
  });
});
