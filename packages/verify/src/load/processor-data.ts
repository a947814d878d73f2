// What the generated processor carries: the spec document its checks use and each operation's body pool.
// Written into the processor file as one JSON string in place of PROCESSOR_DATA_TOKEN.

/** The literal the built processor holds where the generator writes the data (as a JS string literal). */
export const PROCESSOR_DATA_TOKEN = "__MERCHANT_PAYMENTS_LOAD_PROCESSOR_DATA__";

/** The data embedded in a generated processor. */
export interface ProcessorData {
  /** The OpenAPI document the answers are checked against. */
  readonly document: unknown;
  /** Per operationId, the bodies sent in turn: exact text and bound headers. */
  readonly bodies: Readonly<
    Record<string, readonly { readonly text: string; readonly headers: Record<string, string> }[]>
  >;
}

/** Prefix of every counter the processor adds to Artillery's report. */
export const COUNTER_PREFIX = "merchant_payments";

/** Names of the processor's hooks, as the script refers to them. */
export const HOOKS = { body: "merchantPaymentsBody", check: "merchantPaymentsCheck" } as const;
