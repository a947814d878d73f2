// A token given as a function: called for every attempt, within the attempt's timeout and until the caller aborts,
// its answer checked like a string token. Only a client whose token (or API key) is a function uses it: the request
// core imports it on the first such call (a chunk of its own in the ESM browser build), handing it what it uses of the
// entry, so that the chunk shares no file with the entry; `raw` builds it statically.

/** What this module uses of the client's entry. */
export interface TokenFunctionKit {
  /** The error of a token function that failed (`errors.ts`). */
  readonly TokenError: typeof import("./errors.js").TokenError;
  /** Why a value cannot be sent as a token (`options.ts`). */
  readonly tokenProblem: typeof import("./options.js").tokenProblem;
  /** The deadline-or-abort timer (`timers.ts`). */
  readonly whenAbortedOrDue: typeof import("@merchant-payments/kit/timers").whenAbortedOrDue;
}

/**
 * Calls the token function within `timeoutMs` (default Infinity) and until `signal` aborts; throws TokenError (not
 * retried) when it throws, rejects, returns an unusable value or does not answer in time, and the abort reason on abort.
 */
export type TokenFrom = (
  source: () => string | Promise<string>,
  timeoutMs?: number,
  signal?: AbortSignal,
) => Promise<string>;

/** Rejection marker of a token function that did not answer within the timeout. */
const TOO_LATE = Symbol("token timeout");

/** The `tokenFrom` of a client, over what it uses of the entry. */
export function createTokenFrom({
  TokenError,
  tokenProblem,
  whenAbortedOrDue,
}: TokenFunctionKit): TokenFrom {
  /**
   * The token function's answer: as is when it answers synchronously (no timer), else a promise rejecting with
   * TOO_LATE after `ms` or with the reason when `signal` aborts.
   */
  const bounded = (
    source: () => string | Promise<string>,
    ms: number,
    signal: AbortSignal | undefined,
  ): unknown => {
    const value: unknown = source();
    if (typeof (value as { then?: unknown } | null)?.then !== "function") return value;
    const answer = value as Promise<unknown>;
    if (ms === Number.POSITIVE_INFINITY && !signal) return answer;
    return new Promise((resolve, reject) => {
      const stop = whenAbortedOrDue(ms, signal, (aborted) =>
        reject(aborted ? signal?.reason : TOO_LATE),
      );
      answer.then(resolve, reject).finally(stop);
    });
  };

  return async (source, timeoutMs = Number.POSITIVE_INFINITY, signal) => {
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
  };
}
