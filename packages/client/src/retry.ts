import { whenAbortedOrDue } from "@merchant-payments/kit/timers";
import {
  ApiError,
  ConnectionError,
  parseRetryAfter,
  RateLimitError,
  TimeoutError,
} from "./errors.js";
import { type OperationId, operations } from "./generated/operation-table.js";
import type { BackoffOptions } from "./options.js";
import { provesNothingSent } from "./transport/transport.js";

/** True for statuses that say "try again later": 408, 429 and 5xx except 501 and 505 (which a retry cannot change). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status !== 501 && status !== 505);
}

/** True when the spec marks the operation `x-safe-to-retry`. */
export function isSafeToRetry(operation: OperationId): boolean {
  return operations[operation].safeToRetry;
}

/**
 * True when the error proves the request never reached the server: its `requestSent` is "none", or its cause chain
 * holds a DNS failure, a refused connection, an unreachable network or a TLS failure.
 */
export function provesNothingWasSent(error: unknown): boolean {
  return provesNothingSent(error);
}

/**
 * True when `error` may be retried for `operation`. An operation the spec does not mark `x-safe-to-retry` (the batch) is
 * retried only when nothing reached the service (a connection or timeout failure with `requestSent: "none"`); a safe
 * one also after a timeout, a network failure, 408, 429 and 5xx but 501/505. Redirects and the caller's abort never are.
 */
export function shouldRetry(operation: OperationId, error: unknown): boolean {
  const network = error instanceof ConnectionError || error instanceof TimeoutError;
  if (network && error.requestSent === "none") return true;
  if (!isSafeToRetry(operation)) return false;
  if (network) return true;
  return error instanceof ApiError && isRetryableStatus(error.status);
}

/**
 * Milliseconds to wait before retry number `attempt` (0-based): Retry-After when the server sent one,
 * else exponential backoff with jitter; undefined when Retry-After exceeds the cap (do not retry).
 */
export function retryDelay(
  error: unknown,
  attempt: number,
  backoff: Required<BackoffOptions>,
  random: () => number = Math.random,
): number | undefined {
  const retryAfter = error instanceof ApiError ? retryAfterOf(error) : undefined;
  if (retryAfter !== undefined) {
    return retryAfter <= backoff.maxRetryAfterMs ? retryAfter : undefined;
  }
  const exp = Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** attempt);
  return exp / 2 + (random() * exp) / 2;
}

function retryAfterOf(error: ApiError): number | undefined {
  return error instanceof RateLimitError
    ? error.retryAfterMs
    : parseRetryAfter(error.headers["retry-after"]);
}

/** Waits `ms` milliseconds; rejects with the signal's reason if it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    whenAbortedOrDue(ms, signal, (aborted) => (aborted ? reject(signal?.reason) : resolve()));
  });
}
