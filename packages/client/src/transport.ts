import { apiErrorFor, ConnectionError, TimeoutError } from "./errors.js";
import { headersToObject, parseErrorBody } from "./normalize.js";
import { MAX_TIMER_MS } from "./options.js";
import { redact } from "./redact.js";

/** A fetch-compatible function: called as fetch(url, init). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** One HTTP attempt's inputs. Holds no token after the call returns: headers live only in `init`. */
export interface Attempt {
  fetch: FetchLike;
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

/** Outcome of a 2xx attempt: status, body text, and the credential to redact should the body be unusable. */
export interface Success {
  status: number;
  text: string;
  secret: string | undefined;
}

/** The bearer token of request headers, to be redacted from anything the server echoes back. */
function secretOf(headers: Record<string, string>): string | undefined {
  const auth = headers.authorization;
  return auth?.startsWith("Bearer ") ? auth.slice(7) : undefined;
}

/**
 * Sends one POST and reads the whole body within `timeoutMs`. Resolves on 2xx; rejects with an ApiError
 * subclass on other statuses, TimeoutError, ConnectionError, or the caller's abort reason.
 */
export async function sendOnce(a: Attempt): Promise<Success> {
  const user = a.signal;
  if (user?.aborted) throw user.reason;
  const controller = new AbortController();
  let timedOut = false;
  // Infinity means no timeout; longer delays than timers allow are clamped (a bigger one would fire at once).
  const timer =
    a.timeoutMs === Number.POSITIVE_INFINITY
      ? undefined
      : setTimeout(
          () => {
            timedOut = true;
            controller.abort();
          },
          Math.min(a.timeoutMs, MAX_TIMER_MS),
        );
  const onAbort = user ? () => controller.abort(user.reason) : undefined;
  if (onAbort) user?.addEventListener("abort", onAbort, { once: true });
  try {
    let res: Response;
    let text: string;
    try {
      res = await a.fetch(a.url, {
        method: "POST",
        headers: a.headers,
        body: a.body,
        signal: controller.signal,
      });
      text = await res.text();
    } catch (err) {
      if (user?.aborted) throw user.reason;
      if (timedOut) throw new TimeoutError(a.timeoutMs);
      throw new ConnectionError(err, secretOf(a.headers));
    }
    if (res.status >= 200 && res.status < 300) {
      return { status: res.status, text, secret: secretOf(a.headers) };
    }
    const secret = secretOf(a.headers);
    throw apiErrorFor(
      res.status,
      parseErrorBody(redact(text, secret)),
      headersToObject(res.headers, secret),
    );
  } finally {
    clearTimeout(timer);
    if (onAbort) user?.removeEventListener("abort", onAbort);
  }
}
