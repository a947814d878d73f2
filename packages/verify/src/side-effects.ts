// Which operations verify may call freely: read from the spec's `x-side-effect` and `x-safe-to-retry`,
// never from a list of operation names.
import { type OperationSpec, SIDE_EFFECTS, sideEffectOf } from "@merchant-payments/spec";

/**
 * Why verify must not send the operation without `--allow-writes`, or undefined when it may: it has a side effect
 * (`x-side-effect` other than `none`), it is not `x-safe-to-retry`, or the spec does not say.
 */
export function writeReason(op: OperationSpec): string | undefined {
  const effect = sideEffectOf(op);
  const reasons: string[] = [];
  if (effect === undefined) reasons.push("the spec states no x-side-effect for it");
  else if (effect !== "none") reasons.push(`it ${SIDE_EFFECTS[effect]} (x-side-effect: ${effect})`);
  if (op.safeToRetry !== true) reasons.push("it is not x-safe-to-retry");
  return reasons.length > 0 ? reasons.join("; ") : undefined;
}

/** Why a write whose body the spec gives no example of is skipped, and what to pass to send it generated. */
export const GENERATED_WRITES_HINT =
  "the spec gives no example of its request body: pass --generated-writes to send one generated body";
