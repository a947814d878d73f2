// orval configuration for the Merchant Payments spec (documented in docs: "Use the spec with your tools").
// Input, output and base URL come from the environment so that the test and a user's project share this file.

/**
 * orval's input transformer: presents integer header parameters (`MerchantAccountNumber`) as strings of digits.
 * orval types headers as they are in the spec, and fetch's `HeadersInit` holds strings only, so an integer header
 * fails `tsc`. On the wire nothing changes: a header is text either way. The spec itself keeps the integer.
 * @param {any} document the bundled spec (orval's own copy)
 */
export function integerHeadersAsDigits(document) {
  const schemas = document.components?.schemas ?? {};
  for (const parameter of Object.values(document.components?.parameters ?? {})) {
    const ref = parameter.schema?.$ref;
    const schema = ref ? schemas[ref.split("/").pop()] : parameter.schema;
    if (parameter.in === "header" && schema?.type === "integer")
      parameter.schema = { type: "string", pattern: "^[0-9]+$", description: schema.description };
  }
  return document;
}

/** The configuration: the fetch client, header parameters as a typed argument (`headers: true`). */
export default {
  merchantPayments: {
    input: {
      target:
        process.env.MERCHANT_PAYMENTS_SPEC ??
        "node_modules/@merchant-payments/spec/dist/openapi.json",
      override: { transformer: integerHeadersAsDigits },
    },
    output: {
      target: process.env.ORVAL_OUTPUT ?? "src/merchant-payments.ts",
      client: "fetch",
      // Without it orval drops header parameters, and the required MerchantAccountNumber header is never sent.
      headers: true,
      baseUrl: process.env.MERCHANT_PAYMENTS_BASE_URL ?? "https://api.merchant-payments.example/v1",
    },
  },
};
