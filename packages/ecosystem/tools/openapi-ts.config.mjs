// @hey-api/openapi-ts configuration for the Merchant Payments spec (documented in docs: "Use the spec with your tools").
// Input and output come from the environment so that the test and a user's project share this file.

/** The configuration: fetch client, types and SDK, open enums' known values kept as `as const` objects. */
export default {
  input:
    process.env.MERCHANT_PAYMENTS_SPEC ?? "node_modules/@merchant-payments/spec/dist/openapi.json",
  output: process.env.HEY_API_OUTPUT ?? "src/merchant-payments",
  // The spec's open enums are `anyOf: [{ enum: [...] }, { type: string }]`. hey-api types them `'D' | 'C' | string`,
  // which TypeScript folds into `string`: the known values would be lost. `enums: "root"` lifts the inline enum
  // into a schema of its own, and the typescript plugin's `enums: "javascript"` emits it as a const object.
  parser: { transforms: { enums: "root" } },
  plugins: [
    "@hey-api/client-fetch",
    { name: "@hey-api/typescript", enums: "javascript" },
    "@hey-api/sdk",
  ],
};
