// Stage 5, fault: the fault the plan (or a `Prefer: fault=…` header) picks for this request, if any.
import type { IncomingMessage } from "node:http";
import type { Fault } from "../faults.js";
import { refusals } from "../problems.js";
import type { StageResult } from "./stage.js";

/** How the answer is to be written after the fault stage. */
export interface AfterFault {
  /** Write half the answer, then reset the connection. */
  reset: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies `fault`: `drop` destroys the connection, `latency` waits, `unavailable` and `rate-limited` refuse
 * (503, 429 with Retry-After), `reset` lets the answer start and then resets; no fault carries on.
 */
export async function applyFault(
  fault: Fault | undefined,
  req: IncomingMessage,
): Promise<StageResult<AfterFault>> {
  switch (fault?.kind) {
    case undefined:
      return { next: { reset: false } };
    case "drop":
      req.socket.destroy();
      return { dropped: true };
    case "latency":
      await sleep(fault.latencyMs);
      return { next: { reset: false } };
    case "unavailable":
      return { refuse: refusals.faultUnavailable() };
    case "rate-limited":
      return { refuse: refusals.faultRateLimited(fault.retryAfterSeconds) };
    case "reset":
      return { next: { reset: true } };
  }
}

/** The log line of a fault, e.g. `latency 200 ms`. */
export function describeFault(fault: Fault): string {
  return `fault ${fault.kind}${fault.kind === "latency" ? ` ${fault.latencyMs} ms` : ""}`;
}
