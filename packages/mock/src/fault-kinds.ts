// Every kind of fault the mock injects, one entry each: what it does to a request, its refusal (if it answers one)
// and its log line. The `Prefer: fault=` header, the `faults` option's check, the CLI's `--fault-kinds`, the fault
// stage and the refusal catalog all read this record: a new kind of fault is one entry here.

/** One fault to inject. */
export interface Fault {
  /** Which fault: the request's `Prefer: fault=` if any, else drawn from the rule's `kinds`. */
  kind: FaultKind;
  /** For `latency`: milliseconds to wait before answering (the request's preference, else the rule's, else 1000). */
  latencyMs: number;
  /** For `rate-limited`: the `Retry-After` value, in seconds (the request's preference, else the rule's, else 1). */
  retryAfterSeconds: number;
}

/** The problem a refusing fault answers, instead of the operation's answer. */
interface FaultRefusal {
  /** The answer's HTTP status code, e.g. 503. */
  status: number;
  /** The problem's `detail` for this fault. */
  detail: (fault: Fault) => string;
  /** Extra headers of the answer, e.g. `Retry-After`; default none. */
  headers?: (fault: Fault) => Record<string, string>;
}

/** What one kind of fault does to a request. */
export interface FaultDefinition {
  /** `refuse`: answer `refusal`; `wait`: answer normally, `latencyMs` later; `drop`: destroy the connection; `reset`: start the answer, then reset. */
  effect: "refuse" | "wait" | "drop" | "reset";
  /** The problem of a `refuse` fault. */
  refusal?: FaultRefusal;
  /** What the log line adds after the kind, e.g. ` 200 ms`; default nothing. */
  logDetail?: (fault: Fault) => string;
}

/** Every kind of fault, in the order they are documented. */
const FAULTS = {
  unavailable: {
    effect: "refuse",
    refusal: { status: 503, detail: () => "Fault injected: the service is unavailable." },
  },
  "rate-limited": {
    effect: "refuse",
    refusal: {
      status: 429,
      detail: (fault) =>
        `Fault injected: too many requests; retry after ${fault.retryAfterSeconds} seconds.`,
      headers: (fault) => ({ "retry-after": String(fault.retryAfterSeconds) }),
    },
  },
  latency: { effect: "wait", logDetail: (fault) => ` ${fault.latencyMs} ms` },
  drop: { effect: "drop" },
  reset: { effect: "reset" },
} as const satisfies Record<string, FaultDefinition>;

/** A kind of fault: `unavailable` (503), `rate-limited` (429 + Retry-After), `latency`, `drop`, `reset`. */
export type FaultKind = keyof typeof FAULTS;

/** Every kind of fault, in the order they are documented. */
export const FAULT_KINDS: readonly FaultKind[] = Object.freeze(Object.keys(FAULTS) as FaultKind[]);

/** Whether `value` names a kind of fault. */
export function isFaultKind(value: string): value is FaultKind {
  return Object.hasOwn(FAULTS, value);
}

/** The definition of a fault's kind. */
export function faultDefinition(kind: FaultKind): FaultDefinition {
  return FAULTS[kind];
}
