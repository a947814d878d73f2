// Stage 5, fault: the fault the plan (or a `Prefer: fault=…` header) picks for this request, if any, applied as its
// entry of FAULTS says.
import type { IncomingMessage } from "node:http";
import { type Fault, faultDefinition } from "../fault-kinds.js";
import { refusals } from "../problems.js";
import type { StageResult } from "./stage.js";

/** How the answer is to be written after the fault stage. */
export interface AfterFault {
  /** Write half the answer, then reset the connection. */
  reset: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies `fault` by its kind's effect: `drop` destroys the connection, `wait` waits `latencyMs`, `refuse` answers
 * the kind's problem (503, 429 with Retry-After), `reset` lets the answer start and then resets; no fault carries on.
 */
export async function applyFault(
  fault: Fault | undefined,
  req: IncomingMessage,
): Promise<StageResult<AfterFault>> {
  if (fault === undefined) return { next: { reset: false } };
  const definition = faultDefinition(fault.kind);
  switch (definition.effect) {
    case "drop":
      req.socket.destroy();
      return { dropped: true };
    case "wait":
      await sleep(fault.latencyMs);
      return { next: { reset: false } };
    case "refuse":
      return { refuse: refusals.injectedFault(fault) };
    case "reset":
      return { next: { reset: true } };
  }
}

/** The log line of a fault, e.g. `latency 200 ms`. */
export function describeFault(fault: Fault): string {
  return `fault ${fault.kind}${faultDefinition(fault.kind).logDetail?.(fault) ?? ""}`;
}
