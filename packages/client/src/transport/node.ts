// The Node transport: the workspace's one upstream HTTP module (`@merchant-payments/kit/http`, bundled in: node:http
// and node:https with keep-alive Agents shared by every client of the process, streaming zlib decoding, a timeout that
// is one timer, not an AbortSignal), its outcomes turned into the client's TransportResponse or TransportFailure.
// Only Node built-ins: any bundler handles it with no configuration.
// Only the `node` entry of the package imports this module: browsers, Deno, Bun and edge runtimes never see it.
import { type HttpFailure, sendOnce } from "@merchant-payments/kit/http";
import { DeadlineExceeded, type TimedRequest, type TimedTransport } from "./timed.js";
import {
  BodyTooLarge,
  CorruptCoding,
  requestIdFrom,
  TransportFailure,
  type TransportResponse,
} from "./transport.js";

export { NODE_MAX_SOCKETS_PER_ORIGIN } from "@merchant-payments/kit/http";

/** The client's TransportFailure for a failed request: its `cause` says why (see {@link sendWithin}). */
function failureOf(failure: HttpFailure, timeoutMs: number, limit: number | undefined) {
  const cause =
    failure.stop === "deadline"
      ? new DeadlineExceeded(timeoutMs)
      : failure.stop === "too-large"
        ? new BodyTooLarge(limit ?? Number.POSITIVE_INFINITY)
        : failure.stop === "corrupt-coding"
          ? new CorruptCoding("the answer's content coding is corrupt or truncated", {
              cause: failure.cause,
            })
          : failure.cause;
  const head = failure.head && {
    status: failure.head.status,
    headers: failure.head.headers,
    requestId: requestIdFrom(failure.head.headers),
  };
  return new TransportFailure(failure.sent, cause, head);
}

/**
 * The request with a Content-Length for a body on a method node:http frames neither by length nor in chunks by itself
 * (DELETE, OPTIONS): without it, the body would be read as the start of the next request on the connection.
 */
function framed(request: TimedRequest): TimedRequest {
  if (request.body === undefined || request.headers["content-length"] !== undefined) return request;
  if (request.method !== "DELETE" && request.method !== "OPTIONS") return request;
  const length =
    typeof request.body === "string" ? Buffer.byteLength(request.body) : request.body.byteLength;
  return { ...request, headers: { ...request.headers, "content-length": String(length) } };
}

/**
 * Sends one attempt through the shared keep-alive Agent of the URL's protocol and reads the whole body, within
 * `timeoutMs` (Infinity: none). No redirect is followed (a 3xx resolves like any status). Rejects only with a
 * TransportFailure: its `cause` is a {@link DeadlineExceeded} when the deadline passed, the signal's reason when the
 * caller aborted, a {@link BodyTooLarge} or {@link CorruptCoding}, else what Node threw. `requestSent` is "none" until
 * the request has a connected socket (a new one once connected, TLS included; a reused keep-alive one at once),
 * "partial" while it is written, "complete" once it is flushed or the answer's head arrived.
 */
function sendWithin(request: TimedRequest, timeoutMs: number): Promise<TransportResponse> {
  return new Promise<TransportResponse>((resolve, reject) =>
    sendOnce(framed(request), timeoutMs, (outcome) => {
      if (outcome.kind === "failure") {
        reject(failureOf(outcome, timeoutMs, request.maxResponseBytes));
        return;
      }
      resolve({
        status: outcome.status,
        headers: outcome.headers,
        text: outcome.body.toString("utf8"),
        requestId: requestIdFrom(outcome.headers),
        ...(request.bytes
          ? {
              bytes: new Uint8Array(
                outcome.body.buffer,
                outcome.body.byteOffset,
                outcome.body.length,
              ),
            }
          : {}),
      });
    }),
  );
}

/**
 * The Node transport: a {@link TimedTransport}. Called as a plain Transport, the attempt ends when `request.signal`
 * aborts; the client calls `within` instead, which needs no AbortSignal for the timeout.
 */
export const nodeTransport: TimedTransport = Object.assign(
  (request: TimedRequest) => sendWithin(request, Number.POSITIVE_INFINITY),
  { within: sendWithin },
);
