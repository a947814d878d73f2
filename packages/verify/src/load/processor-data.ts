// What the generated processor carries: the spec document its checks use and each operation's request pool.
// Written into the processor file as one JSON string in place of PROCESSOR_DATA_TOKEN.

/** The literal the built processor holds where the generator writes the data (as a JS string literal). */
export const PROCESSOR_DATA_TOKEN = "__MERCHANT_PAYMENTS_LOAD_PROCESSOR_DATA__";

/** The data embedded in a generated processor. */
export interface ProcessorData {
  /** The OpenAPI document the answers are checked against. */
  readonly document: unknown;
  /** Per operationId, the requests sent in turn: target (path and query), headers, body bytes in base64. */
  readonly requests: Readonly<
    Record<
      string,
      readonly {
        readonly target: string;
        readonly headers: Record<string, string>;
        readonly body?: string;
      }[]
    >
  >;
}

/** Prefix of every counter the processor adds to Artillery's report. */
export const COUNTER_PREFIX = "merchant_payments";

/** Names of the processor's hook functions, by the Artillery hook the script gives each to. */
export const HOOKS = {
  beforeRequest: "merchantPaymentsRequest",
  afterResponse: "merchantPaymentsCheck",
} as const;
