// Breaking changes the diff tool does not report, found on the spec model: bounds narrowed on what a client sends
// (or widened on what it receives), and enums closed where a client sends them (or opened where it receives them).
import {
  ANNOTATION_KEYWORDS,
  type Direction,
  deref,
  isObject,
  type Json,
  type JsonObject,
  type OperationSpec,
  operations,
  type SchemaEdge,
  SUBSCHEMA_SHAPES,
  schemaChildren,
  subschemaKeywords,
} from "@merchant-payments/spec/model";
import type { SpecModelChange, SpecModelRule } from "./breaking-change.js";

/** Keywords that cap a value from above: lowering one narrows what is accepted. */
export const UPPER_BOUNDS = [
  "maximum",
  "exclusiveMaximum",
  "maxLength",
  "maxItems",
  "maxProperties",
] as const;

/** Keywords that cap a value from below: raising one narrows what is accepted. */
export const LOWER_BOUNDS = [
  "minimum",
  "exclusiveMinimum",
  "minLength",
  "minItems",
  "minProperties",
] as const;

/** The values a schema allows when it is an enum: `closed` lists them all; `open` also allows any other string. */
interface EnumShape {
  readonly values: readonly Json[];
  readonly open: boolean;
}

const key = (value: Json): string => JSON.stringify(value);

/**
 * The enum a schema states, if it states one: `enum`, `const`, or `anyOf`/`oneOf` branches that are enums
 * (plus, for an open enum, a branch of the same type with no enum). Undefined for a schema that is no enum.
 */
function enumShape(document: Json, node: Json): EnumShape | undefined {
  const schema = deref<JsonObject>(document, node);
  if (!isObject(schema)) return undefined;
  if (Array.isArray(schema.enum)) return { values: schema.enum, open: false };
  if ("const" in schema) return { values: [schema.const], open: false };
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches)) return undefined;
  const shapes = branches.map((branch: Json) => enumShape(document, branch));
  if (!shapes.some((s) => s !== undefined)) return undefined;
  const values = shapes.flatMap((s) => s?.values ?? []);
  return { values, open: shapes.some((s) => s === undefined || s.open) };
}

function compareEnums(
  base: EnumShape,
  head: EnumShape,
  direction: Direction,
  where: string,
  out: SpecModelChange[],
): void {
  const headValues = new Set(head.values.map(key));
  const baseValues = new Set(base.values.map(key));
  const push = (rule: SpecModelRule, message: string) =>
    out.push({ source: "spec-model", rule, path: where, message });
  if (direction === "request") {
    if (base.open && !head.open)
      push(
        "open request enum closed",
        `accepted any string besides ${base.values.map(key).join(", ")}; now only ${head.values.map(key).join(", ")}`,
      );
    const removed = base.values.filter((v) => !headValues.has(key(v)));
    if (!head.open && removed.length > 0)
      push("request enum value removed", `no longer accepts ${removed.map(key).join(", ")}`);
  } else {
    if (!base.open && head.open)
      push("closed response enum opened", "may now answer values outside its enum");
    const added = head.values.filter((v) => !baseValues.has(key(v)));
    if (!base.open && added.length > 0)
      push("response enum value added", `may now answer ${added.map(key).join(", ")}`);
  }
}

function compareBounds(
  base: JsonObject,
  head: JsonObject,
  direction: Direction,
  where: string,
  out: SpecModelChange[],
): void {
  const narrowed = direction === "request";
  for (const keyword of [...UPPER_BOUNDS, ...LOWER_BOUNDS]) {
    const upper = (UPPER_BOUNDS as readonly string[]).includes(keyword);
    const before = typeof base[keyword] === "number" ? (base[keyword] as number) : undefined;
    const after = typeof head[keyword] === "number" ? (head[keyword] as number) : undefined;
    if (before === after) continue;
    // A request bound breaks when it appears or tightens; a response bound when it disappears or loosens.
    const [from, to] = narrowed ? [before, after] : [after, before];
    const tightened = to !== undefined && (from === undefined || (upper ? to < from : to > from));
    if (!tightened) continue;
    const change = `${keyword} ${before ?? "(none)"} → ${after ?? "(none)"}`;
    out.push({
      source: "spec-model",
      rule: narrowed ? "narrowed request bound" : "widened response bound",
      path: where,
      message: narrowed
        ? `${change}: values the released spec accepted are now rejected`
        : `${change}: answers may now hold values the released spec ruled out`,
    });
  }
  if (narrowed && typeof head.pattern === "string" && head.pattern !== base.pattern) {
    out.push({
      source: "spec-model",
      rule: "narrowed request bound",
      path: where,
      message: `pattern ${base.pattern ?? "(none)"} → ${head.pattern}: values the released spec accepted may be rejected`,
    });
  }
}

/** Keywords whose value maps names (of fields, definitions) to schemas: their keys are data, not keywords. */
const SCHEMA_MAPS: ReadonlySet<string> = new Set(
  subschemaKeywords().filter((keyword) => SUBSCHEMA_SHAPES[keyword].shape === "map"),
);

/** Keywords whose value is kept as written (values, not schemas). */
const VALUE_KEYWORDS = new Set(["enum", "const", "required", "type"]);

/** A branch of a union as a comparable key: its resolved schema without annotations or `x-` extensions. */
function branchKey(document: Json, branch: Json): string {
  const onPath = new Set<object>();
  const schema = (node: Json): Json => {
    const value = deref(document, node);
    if (Array.isArray(value)) return value.map(schema);
    if (!isObject(value)) return value;
    if (onPath.has(value)) return "(recursive)";
    onPath.add(value);
    const out = Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !ANNOTATION_KEYWORDS.has(k) && !k.startsWith("x-"))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => {
          if (VALUE_KEYWORDS.has(k)) return [k, v];
          if (SCHEMA_MAPS.has(k) && isObject(v))
            return [k, Object.fromEntries(Object.entries(v).map(([name, s]) => [name, schema(s)]))];
          return [k, schema(v)];
        }),
    );
    onPath.delete(value);
    return out;
  };
  return JSON.stringify(schema(branch));
}

/**
 * A union (`oneOf`/`anyOf`) that loses a branch on a request (a value shape the client sends is rejected), or gains
 * one on a response (the client may get a shape it does not handle).
 */
function compareUnions(walk: Walk, base: JsonObject, head: JsonObject, where: string): void {
  const before = base.oneOf ?? base.anyOf;
  const after = head.oneOf ?? head.anyOf;
  if (!Array.isArray(before) || !Array.isArray(after)) return;
  const beforeKeys = before.map((b: Json) => branchKey(walk.baseDoc, b));
  const afterKeys = after.map((b: Json) => branchKey(walk.headDoc, b));
  if (walk.direction === "request") {
    const removed = beforeKeys.filter((k: string) => !afterKeys.includes(k));
    if (removed.length > 0)
      walk.out.push({
        source: "spec-model",
        rule: "request union branch removed",
        path: where,
        message: `no longer accepts ${removed.join(" or ")}`,
      });
  } else {
    const added = afterKeys.filter((k: string) => !beforeKeys.includes(k));
    if (added.length > 0)
      walk.out.push({
        source: "spec-model",
        rule: "response union branch added",
        path: where,
        message: `may now answer ${added.join(" or ")}`,
      });
  }
}

interface Walk {
  readonly baseDoc: Json;
  readonly headDoc: Json;
  readonly direction: Direction;
  readonly out: SpecModelChange[];
  readonly seen: WeakMap<object, WeakSet<object>>;
}

function compareSchemas(walk: Walk, baseNode: Json, headNode: Json, where: string): void {
  const base = deref<JsonObject>(walk.baseDoc, baseNode);
  const head = deref<JsonObject>(walk.headDoc, headNode);
  if (!isObject(base) || !isObject(head)) return;
  const pairs = walk.seen.get(base) ?? new WeakSet<object>();
  if (pairs.has(head)) return; // a recursive schema: this pair is being compared already
  pairs.add(head);
  walk.seen.set(base, pairs);

  compareBounds(base, head, walk.direction, where, walk.out);
  const baseEnum = enumShape(walk.baseDoc, base);
  const headEnum = enumShape(walk.headDoc, head);
  if (baseEnum && headEnum) compareEnums(baseEnum, headEnum, walk.direction, where, walk.out);
  else if (baseEnum && !headEnum && walk.direction === "response" && !baseEnum.open)
    compareEnums(baseEnum, { values: [], open: true }, walk.direction, where, walk.out);
  else if (!baseEnum && headEnum && walk.direction === "request")
    compareEnums({ values: [], open: true }, headEnum, walk.direction, where, walk.out);
  // Enums written as unions are judged by their values above, other unions by their branches.
  if (!baseEnum && !headEnum) compareUnions(walk, base, head, where);

  // The sub-schemas of both sides (the spec model's one walker's edges), matched by keyword and key. Branches and
  // tuple positions are matched by position only when both sides keep the same number of them.
  const headEdges = new Map(schemaChildren(head).map((edge) => [edgeKey(edge), edge]));
  for (const edge of schemaChildren(base)) {
    const match = headEdges.get(edgeKey(edge));
    if (!match) continue;
    if (typeof edge.key === "number" && base[edge.keyword].length !== head[edge.keyword].length)
      continue;
    compareSchemas(walk, edge.node, match.node, childWhere(where, edge));
  }
}

/** An edge's identity on both sides: keyword and key. */
function edgeKey(edge: SchemaEdge): string {
  return `${edge.keyword}/${edge.key ?? ""}`;
}

/** Where a sub-schema is, for a finding: `… body name`, `.name`, `[]` (items), `{}` (map values), `(oneOf[1])`. */
function childWhere(where: string, edge: SchemaEdge): string {
  switch (edge.keyword) {
    case "properties":
      return where.endsWith(" body") ? `${where} ${edge.key}` : `${where}.${edge.key}`;
    case "items":
      return `${where}[]`;
    case "additionalProperties":
      return `${where}{}`;
    default:
      return `${where}(${edge.keyword}[${edge.key}])`;
  }
}

function label(op: OperationSpec): string {
  return `${op.method} ${op.path}`;
}

/**
 * Breaking changes from `base` (the released spec) to `head` (the current one) that need the schemas' meaning:
 * request bounds narrowed (a lower `maximum`, `maxLength`, `maxItems`, a higher `minimum`..., a new `pattern`),
 * request enums closed or shrunk (an open `anyOf: [enum, string]` closed to its enum), and the mirror image on
 * responses (bounds widened, enums opened or grown); a `oneOf`/`anyOf` losing a branch on a request or gaining one on a
 * response. Operations are matched by method and path; removed
 * operations, fields and types are the diff tool's job and are not reported here.
 */
export function modelBreakingChanges(base: Json, head: Json): SpecModelChange[] {
  const out: SpecModelChange[] = [];
  const headOps = new Map(operations(head).map((op) => [label(op), op]));
  for (const baseOp of operations(base)) {
    const headOp = headOps.get(label(baseOp));
    if (!headOp) continue;
    // A fresh walk per root: a component shared by the body and a header is compared at both places.
    const walk = (direction: Direction): Walk => ({
      baseDoc: base,
      headDoc: head,
      direction,
      out,
      seen: new WeakMap(),
    });
    if (baseOp.request && headOp.request)
      compareSchemas(
        walk("request"),
        baseOp.request.schema,
        headOp.request.schema,
        `${label(baseOp)} request body`,
      );
    for (const header of baseOp.headers) {
      const after = headOp.headers.find((h) => h.name.toLowerCase() === header.name.toLowerCase());
      if (after)
        compareSchemas(
          walk("request"),
          header.schema,
          after.schema,
          `${label(baseOp)} request header ${header.name}`,
        );
    }
    for (const res of baseOp.responses) {
      const after = headOp.responses.find((r) => r.status === res.status);
      for (const media of res.content) {
        const headMedia = after?.content.find((m) => m.mediaType === media.mediaType);
        if (headMedia)
          compareSchemas(
            walk("response"),
            media.schema,
            headMedia.schema,
            `${label(baseOp)} response ${res.status} ${media.mediaType} body`,
          );
      }
    }
  }
  return out;
}

/**
 * Breaking changes of one schema outside a body (e.g. a query parameter's), from `baseSchema` in `baseDoc` to
 * `headSchema` in `headDoc`, judged as data flowing in `direction`; `where` names the schema in the findings.
 */
export function schemaChanges(
  baseDoc: Json,
  headDoc: Json,
  direction: Direction,
  baseSchema: Json,
  headSchema: Json,
  where: string,
): SpecModelChange[] {
  const out: SpecModelChange[] = [];
  compareSchemas(
    { baseDoc, headDoc, direction, out, seen: new WeakMap() },
    baseSchema,
    headSchema,
    where,
  );
  return out;
}
