import { redactSecret } from "@merchant-payments/kit/redact";
import { whenAbortedOrDue } from "@merchant-payments/kit/timers";
import {
  apiErrorFor,
  ConnectionError,
  excerpt,
  MAX_BODY_EXCERPT_CHARS,
  ResponseTooLargeError,
  TimeoutError,
  UnexpectedResponseError,
} from "../errors.js";
import { headersToObject, parseErrorBody } from "../normalize.js";
import { DeadlineExceeded, timedSend } from "./timed.js";
import {
  BodyTooLarge,
  CorruptCoding,
  type Transport,
  TransportFailure,
  type TransportResponse,
} from "./transport.js";

/** One HTTP attempt's inputs. Holds no token after the call returns: headers live only in the request. */
export interface Attempt {
  transport: Transport;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The request body (undefined: none). */
  body: string | Uint8Array | undefined;
  /** The credential sent (token or API key), redacted from anything the server echoes back; undefined: none sent. */
  secret: string | undefined;
  /** True when the answer may be binary: the transport keeps its bytes too. */
  bytes?: boolean;
  /** Timeout of the attempt, body included, in milliseconds (Infinity: none). */
  timeoutMs: number;
  /** Largest answer body, in bytes, as received and as decoded. */
  maxResponseBytes: number;
  signal: AbortSignal | undefined;
}

/**
 * Sends one attempt through the transport, within `timeoutMs`. Resolves with a 2xx response; rejects with an ApiError
 * subclass for any other status (RedirectError for 3xx), TimeoutError or ConnectionError (with how much of the request
 * was sent, and the request id when the response head arrived), or the caller's abort reason.
 */
export async function sendAttempt(attempt: Attempt): Promise<TransportResponse> {
  const { transport, timeoutMs, headers, secret, signal: user } = attempt;
  if (user?.aborted) throw user.reason;
  const within = timedSend(transport);
  const request = {
    method: attempt.method,
    url: attempt.url,
    headers,
    body: attempt.body,
    signal: user,
    maxResponseBytes: attempt.maxResponseBytes,
    bytes: attempt.bytes,
  };
  let late = false;
  let stop: (() => void) | undefined;
  let response: TransportResponse;
  try {
    if (within) {
      // A transport that takes the timeout itself (the Node transport): one timer inside it, no AbortSignal per attempt.
      response = await within(request, timeoutMs);
    } else {
      const controller = new AbortController();
      stop = whenAbortedOrDue(timeoutMs, user, (aborted) => {
        late = !aborted;
        controller.abort(aborted ? user?.reason : undefined);
      });
      response = await transport({ ...request, signal: controller.signal });
    }
  } catch (err) {
    // The caller's abort reason, else TimeoutError when the attempt's time ran out, else ConnectionError.
    if (user?.aborted) throw user.reason;
    const failure = err instanceof TransportFailure ? err : new TransportFailure("unknown", err);
    const requestId = scrubbed(failure.response?.requestId, secret);
    const details = { requestSent: failure.requestSent, requestId };
    const timedOut = within ? err === failure && failure.cause instanceof DeadlineExceeded : late;
    if (timedOut) throw new TimeoutError(timeoutMs, details);
    const status = failure.response?.status ?? 0;
    if (failure.cause instanceof BodyTooLarge) {
      throw new ResponseTooLargeError(failure.cause.maxResponseBytes, status, requestId);
    }
    if (failure.cause instanceof CorruptCoding && failure.response) {
      throw new UnexpectedResponseError(
        status,
        "",
        requestId,
        "its content coding is corrupt or truncated",
      );
    }
    throw new ConnectionError(failure.cause, secret, details);
  } finally {
    stop?.();
  }
  const requestId = scrubbed(response.requestId, secret);
  // A custom transport may not apply the limit: a text longer than it in characters is longer in bytes.
  if (response.text.length > attempt.maxResponseBytes) {
    throw new ResponseTooLargeError(attempt.maxResponseBytes, response.status, requestId);
  }
  if (response.status >= 200 && response.status < 300) {
    return requestId === response.requestId ? response : { ...response, requestId };
  }
  const text = response.text;
  throw apiErrorFor(
    response.status,
    text.length > MAX_BODY_EXCERPT_CHARS
      ? redactSecret(excerpt(text), secret)
      : parseErrorBody(redactSecret(text, secret)),
    headersToObject(response.headers, secret),
  );
}

/** A request id with the token (and its fragments) a server echoed into it redacted. */
function scrubbed(requestId: string | undefined, secret: string | undefined): string | undefined {
  return requestId === undefined ? undefined : redactSecret(requestId, secret);
}
