// The method's argument of an operation beyond a JSON body, split into its parameters and its body.

import type { OperationInfo } from "../generated/operation-table.js";
import type { Issue } from "../generated/validators.js";
import { toWireDate } from "./wire-dates.js";

/** The method's argument split: the parameters by name, and the body (undefined when none was given). */
export interface SplitArguments {
  readonly params: Record<string, unknown>;
  readonly body: unknown;
}

/**
 * Splits a method's argument: each parameter by its name; beside them, an object body's properties (the rest), or a
 * non-object body under `body`. An optional object body none of whose properties was given is no body.
 */
function splitArguments(info: OperationInfo, input: unknown): SplitArguments {
  const args =
    input !== null && typeof input === "object" && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  const params: Record<string, unknown> = {};
  const names = new Set<string>();
  for (const p of info.parameters ?? []) {
    names.add(p.name);
    if (args[p.name] !== undefined)
      params[p.name] =
        p.date && args[p.name] instanceof Date ? toWireDate(args[p.name] as Date) : args[p.name];
  }
  const body = info.body;
  if (body === undefined || body.spread) {
    const rest: Record<string, unknown> = {};
    let any = false;
    for (const key of Object.keys(args)) {
      if (names.has(key)) continue;
      rest[key] = args[key];
      any = true;
    }
    return { params, body: any || body === undefined || body.required ? rest : undefined };
  }
  if (body.kind === "none") {
    // Nothing but parameters is expected: anything else is kept to be reported by the validator's caller.
    return { params, body: undefined };
  }
  return { params, body: args.body };
}

/** Names of the argument's properties that are neither a parameter nor part of the body (a typo, an old name). */
function unknownArguments(info: OperationInfo, input: unknown): string[] {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return [];
  const body = info.body;
  if (body === undefined || body.spread) return [];
  const known = new Set((info.parameters ?? []).map((p) => p.name));
  if (body.kind !== "none") known.add("body");
  return Object.keys(input).filter(
    (k) => !known.has(k) && (input as Record<string, unknown>)[k] !== undefined,
  );
}

/** A validator of the generated ones (parameters or body): pushes every violation into `issues`. */
type Check = ((value: unknown, issues: Issue[], decimalStrings?: boolean) => void) | undefined;

/**
 * Splits the argument and checks its parameters: an unknown argument and each parameter's violation pushed into
 * `issues` (by `validateParameters`, the operation's generated parameter validator).
 */
export function checkArguments(
  info: OperationInfo,
  input: unknown,
  issues: Issue[],
  validateParameters: Check,
  decimalStrings: boolean,
): SplitArguments {
  const split = splitArguments(info, input);
  for (const name of unknownArguments(info, input))
    issues.push({ path: `/${name}`, message: "is not a parameter of this operation" });
  validateParameters?.(split.params, issues, decimalStrings);
  return split;
}

/**
 * Checks the body by the operation's validator: an object body spread among the parameters as the value when given,
 * a body under `body` as `{ body }`, no body (`kind: "none"`) not at all.
 */
export function checkBody(
  info: OperationInfo,
  given: unknown,
  issues: Issue[],
  validate: Check,
  decimalStrings: boolean,
): void {
  if (info.body === undefined || info.body.spread) {
    if (given !== undefined) validate?.(given, issues, decimalStrings);
  } else if (info.body.kind !== "none") validate?.({ body: given }, issues, decimalStrings);
}
