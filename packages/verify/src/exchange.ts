// One HTTP exchange with the server under test: the answer as received, or the transport failure that
// prevented it (a timeout, a reset before the answer, a body cut short, a refused connection).

import { describeCauses } from "@merchant-payments/kit/causes";
import { type HttpFailure, send } from "@merchant-payments/kit/http";

/** The request verify sends: method, absolute URL, headers and the body's exact text or bytes. */
export interface OutgoingRequest {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Absolute URL: the base URL, then the operation's path and query, e.g. `https://api.example.com/v1/x?a=1`. */
  readonly url: string;
  /** Request headers as sent, credentials included; `run` adds `content-length` when there is a body. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body (text, or bytes for binary and multipart bodies); none for a request without body. */
  readonly body?: string | Uint8Array;
}

/**
 * How a request can fail before a whole answer arrives, in verify's words (the kit's `HttpStop` but `aborted`:
 * verify never aborts one; `deadline` is `timeout`, `too-large` `response-too-large`), each a defect of the
 * transport check. Listed here, not derived from the kit's type, so that the published
 * declarations of the report name no private package.
 */
export const TRANSPORT_FAILURES = [
  "timeout",
  "reset",
  "truncated-body",
  "response-too-large",
  "corrupt-coding",
  "connection-refused",
  "connection-failed",
] as const;

/** One of TRANSPORT_FAILURES. */
export type TransportFailureKind = (typeof TRANSPORT_FAILURES)[number];

/** The outcome of one exchange: a whole answer, or a transport failure. */
export type ExchangeOutcome =
  | {
      readonly kind: "answer";
      /** The answer's HTTP status code, e.g. 422. */
      readonly status: number;
      /** Response headers, lower-case names. */
      readonly headers: Readonly<Record<string, string>>;
      /** The body as text. */
      readonly body: string;
    }
  | {
      readonly kind: "transport";
      /** Which failure: one of TRANSPORT_FAILURES, e.g. `timeout`, `connection-refused` or `truncated-body`. */
      readonly failure: TransportFailureKind;
      /** Status, when the headers had arrived before the failure. */
      readonly status?: number;
      /** What happened, in words. */
      readonly message: string;
    };

/**
 * Sends `request` once (never retried) through the workspace's one upstream HTTP module
 * (`@merchant-payments/kit/http`, as the client's Node transport and the mock's proxy send) and reads the whole
 * answer within `timeoutMs` milliseconds (headers and body together) and `maxBytes` bytes (as received and as
 * decoded); a failure on the way is returned, not thrown.
 */
export async function exchange(
  request: OutgoingRequest,
  timeoutMs: number,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<ExchangeOutcome> {
  const outcome = await send({ ...request, maxResponseBytes: maxBytes }, timeoutMs);
  if (outcome.kind === "answer") {
    const headers: Record<string, string> = {};
    outcome.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { kind: "answer", status: outcome.status, headers, body: outcome.body.toString("utf8") };
  }
  return failureOf(outcome, timeoutMs, maxBytes);
}

/** A request that got no whole answer, in verify's words. */
function failureOf(failure: HttpFailure, timeoutMs: number, maxBytes: number): ExchangeOutcome {
  const stop = failure.stop;
  const status = failure.head?.status;
  const chain = describeCauses(failure.cause);
  if (status === undefined) {
    return stop === "deadline"
      ? { kind: "transport", failure: "timeout", message: `no answer within ${timeoutMs} ms` }
      : {
          kind: "transport",
          failure: stop === "connection-refused" || stop === "reset" ? stop : "connection-failed",
          message: `the connection failed before an answer: ${chain}`,
        };
  }
  const arrived = `status ${status} arrived`;
  const coding = failure.head?.headers.get("content-encoding") ?? "";
  const [failed, message]: [TransportFailureKind, string] =
    stop === "too-large"
      ? [
          "response-too-large",
          `${arrived}, the body is larger than ${maxBytes} bytes (as received or decoded); not read`,
        ]
      : stop === "deadline"
        ? ["timeout", `${arrived}, the body did not end within ${timeoutMs} ms`]
        : stop === "corrupt-coding"
          ? [stop, `${arrived}, its ${coding} coding is corrupt: ${chain}`]
          : ["truncated-body", `${arrived}, the body was cut short: ${chain}`];
  return { kind: "transport", failure: failed, status, message };
}
