// The vocabulary of the spec's `x-side-effect` extension (spec/openapi/README.md): what a call does besides
// answering. One list for every package that reads it (verify, the docs console, the spec's own tests).
import { type OperationSpec, operationLabel } from "./model.js";
import { SpecModelError } from "./spec-model-error.js";

/** What each value of `x-side-effect` means, in the words the tools print ("it moves money"). */
export const SIDE_EFFECTS = {
  none: "reads or computes only",
  "moves-money": "moves money",
  deletes: "deletes a resource",
  writes: "creates or changes a resource",
} as const;

/** A value `x-side-effect` may take: `none`, `moves-money`, `deletes` or `writes` (see {@link SIDE_EFFECTS}). */
export type SideEffect = keyof typeof SIDE_EFFECTS;

/** The operation's `x-side-effect`; undefined when the spec omits it; throws on a value this model does not know. */
export function sideEffectOf(op: OperationSpec): SideEffect | undefined {
  const value: unknown = op.extensions["x-side-effect"];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !Object.hasOwn(SIDE_EFFECTS, value)) {
    throw new SpecModelError(
      `${op.operationId}: unknown x-side-effect ${JSON.stringify(value)} (known: ${Object.keys(SIDE_EFFECTS).join(", ")})`,
      { operation: operationLabel(op.method, op.path), pointer: `${op.pointer}/x-side-effect` },
    );
  }
  return value as SideEffect;
}

/** The methods RFC 9110 §9.2.2 defines as idempotent: sending one twice has the effect of sending it once. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set([
  "get",
  "head",
  "options",
  "trace",
  "put",
  "delete",
]);

/** Whether a retry of `op` cannot act twice, and where that comes from. */
export interface RetrySafety {
  /** True when a request that may have reached the service can be sent again. */
  readonly safe: boolean;
  /** `x-safe-to-retry` when the spec states it; `method` when it is silent and the HTTP method decides. */
  readonly from: "x-safe-to-retry" | "method";
}

/**
 * Whether `op` is safe to retry: its `x-safe-to-retry` where the spec states it (every operation written here does:
 * the lint's house rules require it), else the HTTP method's idempotency by RFC 9110 (GET, HEAD, OPTIONS, TRACE, PUT
 * and DELETE yes; POST and PATCH no), for a document of another API that never heard of the extension.
 */
export function retrySafetyOf(op: OperationSpec): RetrySafety {
  if (op.safeToRetry !== undefined) return { safe: op.safeToRetry, from: "x-safe-to-retry" };
  return { safe: IDEMPOTENT_METHODS.has(op.method.toLowerCase()), from: "method" };
}
