// Breaking changes in how operations are called and answered, beyond their JSON bodies: parameters (added as
// required, made required, removed, retyped, restyled, their enums and bounds narrowed), request and answer media
// types removed, a request body made required, a 2xx status removed, and `x-pagination` changed.
import {
  deref,
  HTTP_METHODS,
  isObject,
  type Json,
  type JsonObject,
  typesOf,
} from "@merchant-payments/spec/model";
import { explodeOf, styleName } from "@merchant-payments/spec/wire";
import type {
  BreakingChange,
  OpticRule,
  SpecModelChange,
  SpecModelRule,
} from "./breaking-change.js";
import { schemaChanges } from "./model-checks.js";

/** One operation of a document, read for these checks: its label, its parameters by key, its raw object. */
interface RawOperation {
  /** `METHOD /path`, as the other checks name an operation. */
  readonly label: string;
  readonly operation: JsonObject;
  /** Path-level and operation-level parameters (the operation's win), by `parameterKey`. */
  readonly parameters: ReadonlyMap<string, JsonObject>;
}

/** A parameter's identity: its location and name (a header's name without case). */
export function parameterKey(parameter: JsonObject): string {
  const name = String(parameter.name);
  return `${parameter.in}:${parameter.in === "header" ? name.toLowerCase() : name}`;
}

/** A parameter's serialization as written or defaulted: `style` and `explode` (true only for `form` by default). */
export function parameterStyle(parameter: JsonObject): { style: string; explode: boolean } {
  const known = ["path", "query", "header", "cookie"].includes(parameter.in);
  const wire = {
    name: String(parameter.name),
    in: known ? parameter.in : "query",
    style: typeof parameter.style === "string" ? parameter.style : undefined,
    explode: typeof parameter.explode === "boolean" ? parameter.explode : undefined,
  };
  const style = wire.style ?? (known ? styleName(wire) : undefined);
  return { style: style ?? "(none)", explode: explodeOf({ ...wire, style: style ?? "" }) };
}

function rawOperations(document: Json): Map<string, RawOperation> {
  const out = new Map<string, RawOperation>();
  for (const [path, rawItem] of Object.entries<Json>(document?.paths ?? {})) {
    const item = deref<JsonObject>(document, rawItem);
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const parameters = new Map<string, JsonObject>();
      for (const node of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        const parameter = deref<JsonObject>(document, node);
        if (isObject(parameter)) parameters.set(parameterKey(parameter), parameter);
      }
      const label = `${method.toUpperCase()} ${path}`;
      out.set(label, { label, operation, parameters });
    }
  }
  return out;
}

/** The JSON types a schema allows (`type` as a set; `integer` is also allowed wherever `number` is). */
function allowedTypes(document: Json, schemaNode: Json): Set<string> | undefined {
  const types = typesOf(deref(document, schemaNode));
  return types.length === 0 ? undefined : new Set(types);
}

/** Types `base` allows that `head` no longer does; empty when unknown on either side. */
function lostTypes(base: Set<string> | undefined, head: Set<string> | undefined): string[] {
  if (!base || !head) return [];
  return [...base].filter((t) => !head.has(t) && !(t === "integer" && head.has("number")));
}

const describeTypes = (types: Set<string> | undefined) => [...(types ?? [])].join(" | ") || "(any)";

/** Breaking changes of one parameter a client sends, from `base` to `head`. */
function parameterChanges(
  baseDoc: Json,
  headDoc: Json,
  before: JsonObject,
  after: JsonObject,
  where: string,
): SpecModelChange[] {
  const out: SpecModelChange[] = [];
  const push = (rule: SpecModelRule, message: string) =>
    out.push({ source: "spec-model", rule, path: where, message });
  if (before.required !== true && after.required === true)
    push("parameter made required", "an optional parameter is now required");
  const [baseTypes, headTypes] = [
    allowedTypes(baseDoc, before.schema),
    allowedTypes(headDoc, after.schema),
  ];
  const lost = lostTypes(baseTypes, headTypes);
  if (lost.length > 0)
    push(
      "parameter type changed",
      `type ${describeTypes(baseTypes)} → ${describeTypes(headTypes)}: ${lost.join(", ")} values are now rejected`,
    );
  const [baseItems, headItems] = [
    deref<JsonObject>(baseDoc, before.schema ?? {}),
    deref<JsonObject>(headDoc, after.schema ?? {}),
  ];
  if (isObject(baseItems) && isObject(headItems) && baseItems.items && headItems.items) {
    const [b, h] = [allowedTypes(baseDoc, baseItems.items), allowedTypes(headDoc, headItems.items)];
    const lostItems = lostTypes(b, h);
    if (lostItems.length > 0)
      push(
        "parameter type changed",
        `item type ${describeTypes(b)} → ${describeTypes(h)}: ${lostItems.join(", ")} items are now rejected`,
      );
  }
  const [s1, s2] = [parameterStyle(before), parameterStyle(after)];
  if (s1.style !== s2.style || s1.explode !== s2.explode)
    push(
      "parameter style changed",
      `style ${s1.style} (explode ${s1.explode}) → ${s2.style} (explode ${s2.explode}): the service reads values serialized the old way differently`,
    );
  // Header parameters' schemas are compared by `modelBreakingChanges` already.
  if (before.in !== "header" && before.schema !== undefined && after.schema !== undefined)
    out.push(...schemaChanges(baseDoc, headDoc, "request", before.schema, after.schema, where));
  return out;
}

const mediaTypes = (document: Json, container: Json): string[] =>
  Object.keys(deref<JsonObject>(document, container ?? {})?.content ?? {}).map((t) =>
    t.toLowerCase(),
  );

const isSuccess = (status: string) => /^2(\d\d|XX)$/i.test(status);

/** `x-pagination` in a stable form (keys sorted), or undefined when the operation has none. */
function paginationKey(operation: JsonObject): string | undefined {
  const value = operation["x-pagination"];
  if (value === undefined) return undefined;
  return JSON.stringify(
    isObject(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
}

function operationChanges(
  baseDoc: Json,
  headDoc: Json,
  base: RawOperation,
  head: RawOperation,
): SpecModelChange[] {
  const out: SpecModelChange[] = [];
  const push = (rule: SpecModelRule, where: string, message: string) =>
    out.push({ source: "spec-model", rule, path: where, message });

  for (const [key, after] of head.parameters) {
    const before = base.parameters.get(key);
    const where = `${head.label} ${after.in} parameter ${after.name}`;
    if (before) out.push(...parameterChanges(baseDoc, headDoc, before, after, where));
    else if (after.required === true)
      push("required parameter added", where, "a call without it, valid before, is now rejected");
  }
  for (const [key, before] of base.parameters) {
    if (!head.parameters.has(key))
      push(
        "parameter removed",
        `${base.label} ${before.in} parameter ${before.name}`,
        "a client that sends it sends a parameter the operation no longer declares",
      );
  }

  const [baseBody, headBody] = [base.operation.requestBody, head.operation.requestBody];
  if (baseBody !== undefined) {
    const after = new Set(mediaTypes(headDoc, headBody));
    for (const type of mediaTypes(baseDoc, baseBody))
      if (!after.has(type))
        push(
          "request media type removed",
          `${base.label} request body`,
          `${type} is no longer accepted`,
        );
    const wasRequired = deref<JsonObject>(baseDoc, baseBody)?.required === true;
    if (
      headBody !== undefined &&
      !wasRequired &&
      deref<JsonObject>(headDoc, headBody)?.required === true
    )
      push(
        "request body made required",
        `${base.label} request body`,
        "a call without a body is now rejected",
      );
  } else if (headBody !== undefined && deref<JsonObject>(headDoc, headBody)?.required === true) {
    push(
      "request body made required",
      `${base.label} request body`,
      "a call without a body is now rejected",
    );
  }

  const headResponses: JsonObject = head.operation.responses ?? {};
  for (const [status, response] of Object.entries<Json>(base.operation.responses ?? {})) {
    if (!(status in headResponses)) {
      if (isSuccess(status))
        push(
          "success status removed",
          `${base.label} response ${status}`,
          `the operation no longer answers ${status}`,
        );
      continue;
    }
    const after = new Set(mediaTypes(headDoc, headResponses[status]));
    for (const type of mediaTypes(baseDoc, response))
      if (!after.has(type))
        push(
          "response media type removed",
          `${base.label} response ${status}`,
          `${type} is no longer answered`,
        );
  }

  const [p1, p2] = [paginationKey(base.operation), paginationKey(head.operation)];
  if (p1 !== p2)
    push(
      "pagination changed",
      `${base.label} x-pagination`,
      `${p1 ?? "(none)"} → ${p2 ?? "(none)"}: how a client reads and follows pages changed`,
    );
  return out;
}

/**
 * Breaking changes from `base` (the released spec) to `head` (the current one) in how each operation present in
 * both (matched by method and path) is called and answered: parameters added as required, made required, removed,
 * with a type lost, a new `style`/`explode`, or a narrowed enum or bound; request or answer media types removed; a
 * request body made required; a 2xx status removed; `x-pagination` added, removed or changed.
 */
export function operationBreakingChanges(base: Json, head: Json): SpecModelChange[] {
  const headOps = rawOperations(head);
  return [...rawOperations(base)].flatMap(([label, op]) => {
    const after = headOps.get(label);
    return after ? operationChanges(base, head, op, after) : [];
  });
}

/** Optic's rules that report the same change as one of these checks (optic's name → this module's rule). */
export const OPTIC_EQUIVALENTS: ReadonlyMap<OpticRule, SpecModelRule> = new Map<
  OpticRule,
  SpecModelRule
>([
  ...(["query", "header", "path", "cookie"] as const).flatMap(
    (where): [OpticRule, SpecModelRule][] => [
      [`prevent new required ${where} parameters`, "required parameter added"],
      [`prevent requiring existing ${where} parameters`, "parameter made required"],
      [`prevent ${where} parameters type changes`, "parameter type changed"],
    ],
  ),
  ["prevent response status code removal", "success status removed"],
]);

/** True when optic's `optic` finding reports the same change, at the same place, as `own`. */
export function sameChange(own: SpecModelChange, optic: BreakingChange): boolean {
  const equivalent = optic.source === "optic" ? OPTIC_EQUIVALENTS.get(optic.rule) : undefined;
  return (
    equivalent !== undefined &&
    equivalent === own.rule &&
    optic.path.replace(/ parameter: /, " parameter ") === own.path
  );
}

/** `own` without the findings optic already reports (so that one change is listed once). */
export function withoutOpticDuplicates(
  own: readonly SpecModelChange[],
  optic: readonly BreakingChange[],
): SpecModelChange[] {
  return own.filter((f) => !optic.some((o) => sameChange(f, o)));
}
