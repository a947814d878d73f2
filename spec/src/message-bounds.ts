// What the toolkit's readers of a server's answers (the client, the proxy, verify) share to stay bounded whatever a
// server answers: the size of the largest message the spec allows. (The redaction of an echoed access token is the
// private kit's, `@merchant-payments/kit/redact`.)
import { deref, isObject, type Json, type OperationSpec } from "./model.js";

/** Bytes allowed per item of the spec's largest bounded array when sizing a message limit. */
export const BYTES_PER_ITEM = 1024;

/** Bytes allowed besides the items: the envelope of the largest message. */
export const ENVELOPE_BYTES = 1024 * 1024;

/** The largest `maxItems` of any array in any request or answer schema of `operations` (0 when none is bounded). */
export function largestMaxItems(document: Json, operations: readonly OperationSpec[]): number {
  let largest = 0;
  const seen = new Set<unknown>();
  const walk = (node: Json, depth: number) => {
    const schema = deref(document, node);
    if (!isObject(schema) || seen.has(schema) || depth > 16) return;
    seen.add(schema);
    if (typeof schema.maxItems === "number") largest = Math.max(largest, schema.maxItems);
    for (const key of ["items", "additionalProperties", "unevaluatedProperties", "contains"]) {
      if (isObject(schema[key])) walk(schema[key], depth + 1);
    }
    for (const key of ["properties", "patternProperties", "$defs"]) {
      if (isObject(schema[key])) for (const sub of Object.values(schema[key])) walk(sub, depth + 1);
    }
    for (const key of ["allOf", "anyOf", "oneOf", "prefixItems"]) {
      if (Array.isArray(schema[key])) for (const sub of schema[key]) walk(sub, depth + 1);
    }
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
