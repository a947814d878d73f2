// The request and answer types of the client, generated from the spec's component schemas with readable names
// (src/generated/models.ts), and the per-operation maps of the method table (src/generated/client-methods.ts).
export type { DateInput } from "./dates.js";
export type { DecimalInput, DecimalMode, DecimalValue } from "./decimals.js";
export type { OperationRequests, OperationResults } from "./generated/client-methods.js";
export type * from "./generated/models.js";
export type * from "./generated/webhooks.js";
