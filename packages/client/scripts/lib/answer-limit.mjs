// The default of the client's `maxResponseBytes`, from the spec: the largest message the spec lets the two sides
// exchange is its biggest collection (the largest `maxItems` of any request or answer schema, e.g. a disbursement
// batch), so an answer about it (a result or a problem per item) is sized like it: 1 KiB per item plus 1 MiB of
// envelope. The mock's and the proxy's limits are sized by the same rule (packages/mock/src/limits.ts).
import { deref, isObject } from "@merchant-payments/spec/model";

/** Bytes allowed per item of the largest bounded array. */
export const BYTES_PER_ITEM = 1024;
/** Bytes allowed besides the items. */
export const ENVELOPE_BYTES = 1024 * 1024;

/** The largest `maxItems` reachable from `schemas` (0 when no array is bounded). */
function largestMaxItems(document, schemas) {
  let largest = 0;
  const seen = new Set();
  const walk = (node, depth) => {
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
  for (const schema of schemas) walk(schema, 0);
  return largest;
}

/** The default answer limit in bytes for the operations of the spec model (`operations(document)`). */
export function defaultMaxResponseBytes(document, operationsList) {
  const schemas = operationsList.flatMap((op) => [
    ...(op.request ? [op.request.schema] : []),
    ...op.responses.flatMap((r) => r.content.map((m) => m.schema)),
  ]);
  return largestMaxItems(document, schemas) * BYTES_PER_ITEM + ENVELOPE_BYTES;
}
