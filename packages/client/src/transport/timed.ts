// A transport that enforces the attempt's timeout itself, with one timer instead of an AbortSignal per attempt.
// Runtime-neutral (no Node import): the client checks for it on every runtime; only the Node entry provides one.
import {
  brand,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from "./transport.js";

/** One attempt for {@link TimedTransport.within}: the transport request, with the caller's signal only (if any). */
export interface TimedRequest extends Omit<TransportRequest, "signal"> {
  /** The caller's signal: aborting it stops the attempt at once. Default none. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * A {@link Transport} that can also take the attempt's timeout itself: `within(request, timeoutMs)` follows every rule
 * of a transport, ends the attempt at `timeoutMs` (Infinity: never), body included, and then rejects with a
 * TransportFailure whose `cause` is a {@link DeadlineExceeded}; when the caller's signal aborts, the `cause` is the
 * signal's reason.
 */
export interface TimedTransport extends Transport {
  /** Sends one attempt within `timeoutMs` milliseconds (Infinity: no timeout), without an AbortSignal of its own. */
  within(request: TimedRequest, timeoutMs: number): Promise<TransportResponse>;
}

/** The `cause` of a TimedTransport's failure when the attempt's deadline passed. */
export class DeadlineExceeded extends Error {
  /** The attempt's timeout, in milliseconds. */
  declare readonly timeoutMs: number;

  /** @param timeoutMs - the attempt's timeout, in milliseconds. */
  constructor(timeoutMs: number) {
    super(`no whole response within ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }

  override get name(): string {
    return "DeadlineExceeded";
  }
}

// `instanceof DeadlineExceeded`: true for an instance of any build of the client (a timed transport of one build may
// serve a client of another).
brand(DeadlineExceeded, "DeadlineExceeded");

/** The transport's `within`, when it is a {@link TimedTransport}; else undefined. */
export function timedSend(transport: Transport): TimedTransport["within"] | undefined {
  const within = (transport as Partial<TimedTransport>).within;
  return typeof within === "function" ? within : undefined;
}
