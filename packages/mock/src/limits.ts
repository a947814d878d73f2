// The resource limits of the mock and the proxy. The body limit comes from the spec: above its largest
// valid request, so that a batch of the most items the spec allows always fits.
import { largestMessageBytes } from "@merchant-payments/spec/model";
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
  /**
   * Lingering close after a refusal sent before the body was read (413, 408, 415 …): milliseconds the rest of the
   * body is still read and dropped, in all, before the connection closes; default 30000 (nginx's `lingering_time`).
   */
  lingerMs: number;
  /** Lingering close: milliseconds without a byte of the body after which the connection closes; default 5000. */
  lingerIdleMs: number;
  /** Lingering close: bytes of the body read and dropped at most before the connection closes; default 268435456 (256 MiB). */
  lingerMaxBytes: number;
}

/** The default body limit: the spec's largest message (`largestMessageBytes` of the spec model). */
export function defaultMaxBodyBytes(spec: Pick<SpecSource, "document" | "operations">): number {
  return largestMessageBytes(spec.document, spec.operations);
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
    lingerMs: overrides.lingerMs ?? 30_000,
    lingerIdleMs: overrides.lingerIdleMs ?? 5_000,
    lingerMaxBytes: overrides.lingerMaxBytes ?? 256 * 1024 * 1024,
  };
}
