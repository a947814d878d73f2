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
