import { apiErrorFor, ConnectionError, TimeoutError } from "./errors.js";
import { headersToObject, parseErrorBody } from "./normalize.js";
import { MAX_TIMER_MS } from "./options.js";
import { redact } from "./redact.js";
import { DeadlineExceeded, timedSend } from "./timed-transport.js";
import { type Transport, TransportFailure, type TransportResponse } from "./transport.js";

/** One HTTP attempt's inputs. Holds no token after the call returns: headers live only in the request. */
export interface Attempt {
  transport: Transport;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Timeout of the attempt, body included, in milliseconds (Infinity: none). */
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

/** The bearer token of request headers, to be redacted from anything the server echoes back. */
export function secretOf(headers: Record<string, string>): string | undefined {
  const auth = headers.authorization;
  return auth?.startsWith("Bearer ") ? auth.slice(7) : undefined;
}

/**
 * Sends one attempt through the transport, within `timeoutMs`. Resolves with a 2xx response; rejects with an ApiError
 * subclass for any other status (RedirectError for 3xx), TimeoutError or ConnectionError (with how much of the request
 * was sent, and the request id when the response head arrived), or the caller's abort reason.
 */
export async function sendOnce(attempt: Attempt): Promise<TransportResponse> {
  const user = attempt.signal;
  if (user?.aborted) throw user.reason;
  const within = timedSend(attempt.transport);
  let response: TransportResponse;
  if (within) {
    // A transport that takes the timeout itself (the Node transport): one timer inside it, no AbortSignal per attempt.
    const request = {
      method: attempt.method,
      url: attempt.url,
      headers: attempt.headers,
      body: attempt.body,
      signal: user,
    };
    try {
      response = await within(request, attempt.timeoutMs);
    } catch (err) {
      const timedOut = err instanceof TransportFailure && err.cause instanceof DeadlineExceeded;
      throw failedAttempt(attempt, err, timedOut);
    }
  } else {
    const controller = new AbortController();
    let timedOut = false;
    // Infinity means no timeout; longer delays than timers allow are clamped (a bigger one would fire at once).
    const timer =
      attempt.timeoutMs === Number.POSITIVE_INFINITY
        ? undefined
        : setTimeout(
            () => {
              timedOut = true;
              controller.abort();
            },
            Math.min(attempt.timeoutMs, MAX_TIMER_MS),
          );
    const onAbort = user ? () => controller.abort(user.reason) : undefined;
    if (onAbort) user?.addEventListener("abort", onAbort, { once: true });
    try {
      response = await attempt.transport({
        method: attempt.method,
        url: attempt.url,
        headers: attempt.headers,
        body: attempt.body,
        signal: controller.signal,
      });
    } catch (err) {
      throw failedAttempt(attempt, err, timedOut);
    } finally {
      clearTimeout(timer);
      if (onAbort) user?.removeEventListener("abort", onAbort);
    }
  }
  if (response.status >= 200 && response.status < 300) return response;
  const secret = secretOf(attempt.headers);
  throw apiErrorFor(
    response.status,
    parseErrorBody(redact(response.text, secret)),
    headersToObject(response.headers, secret),
  );
}

/** What a failed attempt throws: the caller's abort reason, else TimeoutError when `timedOut`, else ConnectionError. */
function failedAttempt(attempt: Attempt, err: unknown, timedOut: boolean): unknown {
  if (attempt.signal?.aborted) return attempt.signal.reason;
  const failure = err instanceof TransportFailure ? err : new TransportFailure("unknown", err);
  const details = {
    requestSent: failure.requestSent,
    requestId: failure.response?.requestId,
  };
  if (timedOut) return new TimeoutError(attempt.timeoutMs, details);
  return new ConnectionError(failure.cause, secretOf(attempt.headers), details);
}
