import { describe, expect, test } from "vitest";
import {
  createAjv,
  deref as derefIn,
  isObject,
  type Json,
  loadBundle,
  operations,
  refName,
  resolvePointer,
} from "../src/index.js";
import { DOCUMENTED_OPERATION_IDS } from "./interface-document.js";

// The money facts of the interface document, written here as literals (never read back from the spec): every
// field its tables type `number<decimal>`, and the bounds of the merchant account number. The spec must state
// each exactly: a decimal is a JSON number in the schema and in every example.
const DECIMAL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // 2.2 Transaction
  Transaction: ["amountSent", "transactionFee", "amountReceived"],
  // 2.4 Connector summary by sum
  ConnectorSummarySum: ["successfulTransactions", "failedTransactions", "totalTransactions"],
  // 2.5 Disbursement metrics
  DisbursementMetrics: [
    "totalSuccessfulTransactionsAmount",
    "totalFailedTransactionsAmount",
    "totalTransactionsAmount",
    "successRate",
    "failureRate",
    "transactionsTrend",
  ],
  // 2.8 Fee calculation
  FeeCalculation: [
    "transactionAmount",
    "convenienceFeeAmount",
    "transactionFeeAmount",
    "merchantFeeAmount",
    "governmentLevyFeeAmount",
    "totalFeeBeforeVat",
    "vatAmount",
    "netFeeAmount",
  ],
  // 4.7 merchants/fees/calculate: transactionAmount (number<decimal>, required)
  FeeCalculationRequest: ["transactionAmount"],
};

// 2.1 and 8: "Type integer, exactly 8 digits, range 10000000 to 99999999 inclusive."
const MERCHANT_ACCOUNT_NUMBER_MINIMUM = 10000000;
const MERCHANT_ACCOUNT_NUMBER_MAXIMUM = 99999999;

const bundle: Json = loadBundle();
const deref = (node: Json): Json => derefIn(bundle, node);
const schemas: Record<string, Json> = bundle.components.schemas;

/** One value an example gives a decimal field. */
interface ExampleValue {
  readonly schema: string;
  readonly field: string;
  readonly value: unknown;
  readonly where: string;
}

/** Walks `value` along `node`, collecting the values examples give to the fields of DECIMAL_FIELDS. */
function decimalValues(
  node: Json,
  value: unknown,
  where: string,
  out: ExampleValue[],
  depth = 0,
): void {
  if (depth > 16 || !isObject(node)) return;
  const name = refName(node);
  const fields = name ? DECIMAL_FIELDS[name] : undefined;
  if (name && fields && isObject(value)) {
    for (const field of fields) {
      if (field in value)
        out.push({ schema: name, field, value: value[field], where: `${where}/${field}` });
    }
  }
  const schema = deref(node);
  if (!isObject(schema)) return;
  if (Array.isArray(value) && schema.items) {
    for (const [i, item] of value.entries()) {
      decimalValues(schema.items, item, `${where}/${i}`, out, depth + 1);
    }
  }
  if (isObject(value) && isObject(schema.properties)) {
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (key in value) decimalValues(sub, value[key], `${where}/${key}`, out, depth + 1);
    }
  }
  for (const branch of [
    ...(schema.oneOf ?? []),
    ...(schema.anyOf ?? []),
    ...(schema.allOf ?? []),
  ]) {
    decimalValues(branch, value, where, out, depth + 1);
  }
}

/** Every value a named example (request or response, of every operation) gives a decimal field. */
function exampleDecimalValues(): ExampleValue[] {
  const out: ExampleValue[] = [];
  for (const op of operations()) {
    const media = [...(op.request ? [op.request] : []), ...op.responses.flatMap((r) => r.content)];
    for (const m of media) {
      for (const example of m.examples) {
        decimalValues(m.schema, example.value, `${op.operationId} example ${example.name}`, out);
      }
    }
  }
  return out;
}

const exampleValues = exampleDecimalValues();

describe.each(Object.entries(DECIMAL_FIELDS))("%s", (schemaName, fields) => {
  test.each(fields)(
    "%s is a decimal number in the schema (type number, format decimal)",
    (field) => {
      const property = schemas[schemaName]?.properties?.[field];
      expect(property, `${schemaName}.${field} is declared`).toBeDefined();
      expect(deref(property)).toMatchObject({ type: "number", format: "decimal" });
    },
  );

  test.each(fields)("%s is a JSON number in every example that gives it", (field) => {
    const values = exampleValues.filter((v) => v.schema === schemaName && v.field === field);
    expect(values.length, `some example gives ${schemaName}.${field}`).toBeGreaterThan(0);
    for (const v of values) expect(typeof v.value, v.where).toBe("number");
  });
});

/** The names of the component schemas the documented operations reach (through every `$ref`). */
function documentedSchemaNames(): Set<string> {
  const names = new Set<string>();
  const visit = (node: Json): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!isObject(node)) return;
    const name = refName(node);
    if (name && !names.has(name) && name in schemas) {
      names.add(name);
      visit(schemas[name]);
    }
    for (const value of Object.values(node)) visit(value);
  };
  for (const op of operations())
    if (DOCUMENTED_OPERATION_IDS.includes(op.operationId))
      visit(resolvePointer(bundle, op.pointer));
  return names;
}

test("the decimal fields of the documented operations' schemas are exactly the interface document's number<decimal> fields", () => {
  const declared: string[] = [];
  const documentedSchemas = documentedSchemaNames();
  for (const [name, schema] of Object.entries(schemas)) {
    if (!documentedSchemas.has(name)) continue;
    for (const [field, property] of Object.entries(schema.properties ?? {})) {
      const resolved = deref(property);
      if (resolved?.format === "decimal" || refName(property) === "Decimal")
        declared.push(`${name}.${field}`);
    }
  }
  const documented = Object.entries(DECIMAL_FIELDS).flatMap(([name, fields]) =>
    fields.map((f) => `${name}.${f}`),
  );
  expect(declared.sort()).toEqual(documented.sort());
});

describe("the merchant account number", () => {
  test(`is an integer from ${MERCHANT_ACCOUNT_NUMBER_MINIMUM} to ${MERCHANT_ACCOUNT_NUMBER_MAXIMUM} in every request body and header that carries it`, () => {
    const carriers: Json[] = [];
    for (const op of operations()) {
      const body = op.request ? deref(op.request.schema) : undefined;
      const property = body?.properties?.merchantAccountNumber;
      if (property) carriers.push(deref(property));
      for (const header of op.headers)
        if (/^merchantaccountnumber$/i.test(header.name)) carriers.push(header.schema);
    }
    expect(carriers.length).toBeGreaterThan(0);
    for (const schema of carriers) {
      expect(schema).toMatchObject({
        type: "integer",
        minimum: MERCHANT_ACCOUNT_NUMBER_MINIMUM,
        maximum: MERCHANT_ACCOUNT_NUMBER_MAXIMUM,
      });
    }
  });

  test("accepts exactly the 8-digit numbers: the bounds themselves in, one past either bound out", () => {
    const validate = createAjv().compileAt("/components/schemas/MerchantAccountNumber");
    const verdicts = [
      MERCHANT_ACCOUNT_NUMBER_MINIMUM,
      MERCHANT_ACCOUNT_NUMBER_MAXIMUM,
      MERCHANT_ACCOUNT_NUMBER_MINIMUM - 1,
      MERCHANT_ACCOUNT_NUMBER_MAXIMUM + 1,
      999999999,
    ].map((n) => validate(n));
    expect(verdicts).toEqual([true, true, false, false, false]);
  });
});
