// The kinds of request verify sends, each with what the answer must be (checks/expected-status.ts).

/** Every kind of request verify sends, in the report's order. */
export const CASE_KINDS = [
  "example",
  "generated-valid",
  "generated-invalid",
  "invalid-parameter",
  "malformed-json",
  "no-credentials",
  "next-page",
] as const;

/** A kind of request verify sends. */
export type CaseKind = (typeof CASE_KINDS)[number];
