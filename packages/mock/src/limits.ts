// The resource limits of the mock and the proxy. The body limit comes from the spec: above its largest
// valid request, so that a batch of the most items the spec allows always fits.
import { deref, isObject, type Json } from "@merchant-payments/spec/model";
import type { SpecSource } from "./spec-source.js";

/** The limits applied to every request. */
export interface RequestLimits {
  /** Largest request body, in bytes; default from the spec (see `defaultMaxBodyBytes`). */
  maxBodyBytes: number;
  /** Deepest nesting of arrays and objects in a JSON body; default 64. */
  maxDepth: number;
  /** Largest request head (request line and headers), in bytes; default 16384. */
  maxHeaderBytes: number;
  /** Milliseconds a client may take to send the request head; default 5000 (then 408). */
  headersTimeoutMs: number;
  /** Milliseconds a client may take to send the body once the head arrived; default 5000 (then 408). */
  bodyTimeoutMs: number;
}

/** Bytes allowed per array item when sizing the body limit from a schema's `maxItems`. */
export const BYTES_PER_ITEM = 1024;

/** Bytes allowed besides the items: the envelope of the largest request. */
export const ENVELOPE_BYTES = 1024 * 1024;

/** The largest `maxItems` of any array in any request schema of the spec (0 when none is bounded). */
export function largestMaxItems(spec: Pick<SpecSource, "document" | "operations">): number {
  let largest = 0;
  const seen = new Set<unknown>();
  const walk = (node: Json, depth: number) => {
    const schema = deref(spec.document, node);
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
  for (const op of spec.operations) if (op.request) walk(op.request.schema, 0);
  return largest;
}

/** The default body limit: the spec's largest `maxItems` times BYTES_PER_ITEM, plus ENVELOPE_BYTES. */
export function defaultMaxBodyBytes(spec: Pick<SpecSource, "document" | "operations">): number {
  return largestMaxItems(spec) * BYTES_PER_ITEM + ENVELOPE_BYTES;
}

/** The limits for `spec`, with `overrides` applied. */
export function resolveLimits(
  spec: SpecSource,
  overrides: Partial<RequestLimits> = {},
): RequestLimits {
  return {
    maxBodyBytes: overrides.maxBodyBytes ?? defaultMaxBodyBytes(spec),
    maxDepth: overrides.maxDepth ?? 64,
    maxHeaderBytes: overrides.maxHeaderBytes ?? 16 * 1024,
    headersTimeoutMs: overrides.headersTimeoutMs ?? 5_000,
    bodyTimeoutMs: overrides.bodyTimeoutMs ?? 5_000,
  };
}
