// What the toolkit's readers of a server's answers (the client, the proxy, verify) share to stay bounded whatever a
// server answers: the size of the largest message the spec allows. (The redaction of an echoed access token is the
// private kit's, `@merchant-payments/kit/redact`.)
import { deref, isObject, type Json, type OperationSpec } from "./model.js";
import { type SubschemaHolder, subschemaEntries } from "./walk.js";

/** Bytes allowed per item of the spec's largest bounded array when sizing a message limit. */
export const BYTES_PER_ITEM = 1024;

/** Bytes allowed besides the items: the envelope of the largest message. */
export const ENVELOPE_BYTES = 1024 * 1024;

/** The keywords `largestMaxItems` looks under, in the order it does (a value's parts, not `not` or `if`). */
const BOUNDED_KEYWORDS: readonly SubschemaHolder[] = [
  "items",
  "additionalProperties",
  "unevaluatedProperties",
  "contains",
  "properties",
  "patternProperties",
  "$defs",
  "allOf",
  "anyOf",
  "oneOf",
  "prefixItems",
];

/** The largest `maxItems` of any array in any request or answer schema of `operations` (0 when none is bounded). */
export function largestMaxItems(document: Json, operations: readonly OperationSpec[]): number {
  let largest = 0;
  const seen = new Set<unknown>();
  const walk = (node: Json, depth: number) => {
    const schema = deref(document, node);
    if (!isObject(schema) || seen.has(schema) || depth > 16) return;
    seen.add(schema);
    if (typeof schema.maxItems === "number") largest = Math.max(largest, schema.maxItems);
    for (const [sub] of subschemaEntries(schema, BOUNDED_KEYWORDS)) walk(sub, depth + 1);
  };
  for (const op of operations) {
    if (op.request) walk(op.request.schema, 0);
    for (const response of op.responses)
      for (const media of response.content) walk(media.schema, 0);
  }
  return largest;
}

/**
 * The largest message the spec lets either side send, in bytes: its largest `maxItems` × BYTES_PER_ITEM plus
 * ENVELOPE_BYTES (a batch of the most items; an answer about it, such as a problem per item, is sized like it).
 * The default body limit of the mock and the answer limit of the client, the proxy and verify.
 */
export function largestMessageBytes(document: Json, operations: readonly OperationSpec[]): number {
  return largestMaxItems(document, operations) * BYTES_PER_ITEM + ENVELOPE_BYTES;
}
