import { TokenError } from "./errors.js";

/** Characters a Bearer token may hold: visible ASCII (RFC 6750 b64token is a subset), no space or control. */
const TOKEN_CHARS = /^[\x21-\x7e]+$/;

/** Why `token` cannot be sent as a Bearer credential, or undefined when it can; never quotes the token. */
export function tokenProblem(token: unknown): string | undefined {
  if (typeof token !== "string")
    return `a ${token === null ? "null" : typeof token} instead of a string`;
  if (token === "") return "an empty string";
  if (!TOKEN_CHARS.test(token)) {
    return token.startsWith("Bearer ")
      ? 'a value starting with "Bearer " (pass the token alone)'
      : "characters a Bearer token cannot hold (whitespace, control or non-ASCII)";
  }
  return undefined;
}

/**
 * Calls the token function within `timeoutMs` (default Infinity) and until `signal` aborts; throws TokenError (not
 * retried) when it throws, rejects, returns an unusable value or does not answer in time, and the abort reason on abort.
 */
export async function tokenFrom(
  source: () => string | Promise<string>,
  timeoutMs = Number.POSITIVE_INFINITY,
  signal?: AbortSignal,
): Promise<string> {
  if (signal?.aborted) throw signal.reason;
  let token: unknown;
  try {
    token = await bounded(source, timeoutMs, signal);
  } catch (cause) {
    if (signal?.aborted && cause === signal.reason) throw cause;
    if (cause === TOO_LATE) {
      throw new TokenError(`The token function did not answer within ${timeoutMs} ms`);
    }
    throw new TokenError("The token function threw or rejected (see error.cause)", cause);
  }
  const problem = tokenProblem(token);
  if (problem !== undefined) throw new TokenError(`The token function returned ${problem}`);
  return token as string;
}

/** Rejection marker of a token function that did not answer within the timeout. */
const TOO_LATE = Symbol("token timeout");

/**
 * The token function's answer: as is when it answers synchronously (no timer), else a promise rejecting with TOO_LATE
 * after `ms` or with the reason when `signal` aborts.
 */
function bounded(
  source: () => string | Promise<string>,
  ms: number,
  signal: AbortSignal | undefined,
): unknown {
  const value: unknown = source();
  if (typeof (value as { then?: unknown } | null)?.then !== "function") return value;
  const answer = value as Promise<unknown>;
  if (ms === Number.POSITIVE_INFINITY && !signal) return answer;
  return new Promise((resolve, reject) => {
    const timer =
      ms === Number.POSITIVE_INFINITY
        ? undefined
        : setTimeout(() => reject(TOO_LATE), Math.min(ms, MAX_TIMER_MS));
    const onAbort = () => reject(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    answer.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    });
  });
}

/** Throws RangeError unless `value` is a timeout in milliseconds: a number above 0, or Infinity for none. */
export function checkTimeoutMs(value: unknown, where: string): void {
  if (typeof value !== "number" || !(value > 0)) {
    throw new RangeError(
      `${where}: timeoutMs must be a number of milliseconds above 0 (Infinity for none); got ${String(value)}`,
    );
  }
}

/** Throws RangeError unless `value` is a retry count: a whole number, 0 or more. */
export function checkMaxRetries(value: unknown, where: string): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new RangeError(
      `${where}: maxRetries must be a whole number, 0 or more; got ${String(value)}`,
    );
  }
}

/** Longest delay setTimeout accepts (2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMER_MS = 2147483647;

/** Throws RangeError unless `value` is a delay in milliseconds from 0 to 2^31 - 1 (what a timer can wait). */
export function checkDelayMs(value: unknown, name: string): void {
  if (typeof value !== "number" || !(value >= 0 && value <= MAX_TIMER_MS)) {
    throw new RangeError(
      `createMerchantPaymentsClient: backoff.${name} must be a number of milliseconds from 0 to ${MAX_TIMER_MS}; got ${String(value)}`,
    );
  }
}

/** A header value a fetch accepts: visible ASCII, inner spaces allowed (e.g. "en-US, fr;q=0.5"). */
const LANGUAGE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** Throws TypeError unless `value` can be sent as Accept-Language (a non-empty string of visible ASCII). */
export function checkAcceptLanguage(value: unknown, where: string): void {
  if (typeof value !== "string" || !LANGUAGE.test(value)) {
    throw new TypeError(
      `${where}: acceptLanguage must be a non-empty string of visible ASCII, e.g. "en" or "en-US, fr;q=0.5"; got ${JSON.stringify(value)}`,
    );
  }
}
