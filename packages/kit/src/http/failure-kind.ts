// What a failed request amounts to, in the words the tools report (verify's defects, the proxy's records).
import { describeCauses } from "@merchant-payments/spec/causes";
import type { HttpFailure } from "./send.js";

/**
 * How a request failed before a whole answer: no answer in time, the caller's abort, an answer over the size
 * limit, a corrupt content coding, a refused connection, a reset before the answer, a body cut short after the
 * head, or any other connection failure.
 */
export type FailureKind =
  | "timeout"
  | "aborted"
  | "response-too-large"
  | "corrupt-coding"
  | "connection-refused"
  | "reset"
  | "truncated-body"
  | "connection-failed";

/** Node's words for a connection the other side dropped before answering. */
const RESET = /ECONNRESET|EPIPE|socket hang up|closed before the answer/;

/** The kind of a failure (see {@link FailureKind}). */
export function failureKind(failure: HttpFailure): FailureKind {
  switch (failure.stop) {
    case "deadline":
      return "timeout";
    case "aborted":
      return "aborted";
    case "too-large":
      return "response-too-large";
    case "corrupt-coding":
      return "corrupt-coding";
  }
  if (failure.head) return "truncated-body";
  const causes = describeCauses(failure.cause);
  if (/ECONNREFUSED/.test(causes)) return "connection-refused";
  return RESET.test(causes) ? "reset" : "connection-failed";
}
