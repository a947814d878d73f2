// Which operations verify may call freely: read from the spec's `x-side-effect` and `x-safe-to-retry`,
// never from a list of operation names.
import type { OperationSpec } from "@merchant-payments/spec";

/** The values of the spec's `x-side-effect` extension. */
export const SIDE_EFFECTS = ["none", "moves-money", "deletes"] as const;

/** What a call does besides answering, as the spec states it. */
export type SideEffect = (typeof SIDE_EFFECTS)[number];

/** The operation's `x-side-effect`; throws on a value verify does not know, undefined when the spec omits it. */
export function sideEffectOf(op: OperationSpec): SideEffect | undefined {
  const value = op.extensions["x-side-effect"];
  if (value === undefined) return undefined;
  if (!SIDE_EFFECTS.includes(value)) {
    throw new Error(
      `${op.operationId}: x-side-effect ${JSON.stringify(value)} is not one of ${SIDE_EFFECTS.join(", ")}`,
    );
  }
  return value as SideEffect;
}

/**
 * Why verify must not send the operation without `--allow-writes`, or undefined when it may: it moves money
 * or deletes (`x-side-effect`), it is not `x-safe-to-retry`, or the spec does not say.
 */
export function writeReason(op: OperationSpec): string | undefined {
  const effect = sideEffectOf(op);
  const reasons: string[] = [];
  if (effect === undefined) reasons.push("the spec states no x-side-effect for it");
  else if (effect === "moves-money") reasons.push("it moves money (x-side-effect: moves-money)");
  else if (effect === "deletes") reasons.push("it deletes (x-side-effect: deletes)");
  if (op.safeToRetry !== true) reasons.push("it is not x-safe-to-retry");
  return reasons.length > 0 ? reasons.join("; ") : undefined;
}
