// The schema walker: the client's generator, the breaking-change gate and the value generators visit the sub-schemas
// of a schema through `walkSchema` (or, for a walk of two schemas side by side, `schemaChildren`). `$ref`s are followed
// with `deref`; a `$ref` cycle (a recursive schema) is not entered twice on one path, so every walk ends. Which keywords
// hold sub-schemas, and how, is `SUBSCHEMA_SHAPES`: the readers that go beyond the walker's keywords (the message
// bounds, the dynamic-reference and read/write rewrites, the client's generator) take their keywords from it.
import { deref, isObject, type Json, type JsonObject } from "./refs.js";

/** The keywords the walker follows (of `SUBSCHEMA_SHAPES`), in the order `schemaChildren` lists them. */
export const SUBSCHEMA_KEYWORDS = [
  "properties",
  "items",
  "prefixItems",
  "additionalProperties",
  "allOf",
  "anyOf",
  "oneOf",
] as const satisfies readonly SubschemaHolder[];

/** The annotation keywords: they describe a value and never change which values a schema accepts. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  "title",
  "description",
  "examples",
  "example",
  "default",
  "deprecated",
]);

/** How a keyword holds its sub-schemas: a map of names to schemas, a list of schemas, or one schema. */
export type SubschemaShape = "map" | "list" | "single";

/** One row of `SUBSCHEMA_SHAPES`. */
interface SubschemaRow {
  /** How the keyword holds its sub-schemas. */
  readonly shape: SubschemaShape;
  /** `definitions`: draft-07's name for `$defs`, which 2020-12 (and so the client's generator) does not know. */
  readonly legacy?: true;
  /** `contentSchema`: describes decoded content, is never applied to the value (an annotation). */
  readonly annotation?: true;
}

/** Every JSON Schema keyword whose value holds sub-schemas, and how: the one table every reader of schemas uses. */
export const SUBSCHEMA_SHAPES = {
  properties: { shape: "map" },
  patternProperties: { shape: "map" },
  $defs: { shape: "map" },
  definitions: { shape: "map", legacy: true },
  dependentSchemas: { shape: "map" },
  prefixItems: { shape: "list" },
  allOf: { shape: "list" },
  anyOf: { shape: "list" },
  oneOf: { shape: "list" },
  items: { shape: "single" },
  additionalProperties: { shape: "single" },
  unevaluatedProperties: { shape: "single" },
  unevaluatedItems: { shape: "single" },
  contains: { shape: "single" },
  propertyNames: { shape: "single" },
  not: { shape: "single" },
  if: { shape: "single" },
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword; the table is never awaited
  then: { shape: "single" },
  else: { shape: "single" },
  contentSchema: { shape: "single", annotation: true },
} as const satisfies Record<string, SubschemaRow>;

/** A keyword of `SUBSCHEMA_SHAPES`. */
export type SubschemaHolder = keyof typeof SUBSCHEMA_SHAPES;

/** Which rows of `SUBSCHEMA_SHAPES` a reader takes beyond the 2020-12 applicators (default: neither). */
export interface SubschemaRows {
  /** Also `definitions`. */
  readonly legacy?: boolean;
  /** Also `contentSchema`. */
  readonly annotation?: boolean;
}

/** The keywords of `SUBSCHEMA_SHAPES`, in its order (maps, lists, singles), the rows `include` asks for. */
export function subschemaKeywords(include: SubschemaRows = {}): SubschemaHolder[] {
  return (Object.keys(SUBSCHEMA_SHAPES) as SubschemaHolder[]).filter((keyword) => {
    const row: SubschemaRow = SUBSCHEMA_SHAPES[keyword];
    return (
      (!row.legacy || include.legacy === true) && (!row.annotation || include.annotation === true)
    );
  });
}

/** Path segments from a schema to one of its sub-schemas: the keyword, then the name or position if any. */
export type SubschemaSegments = readonly [string] | readonly [string, string | number];

/** The sub-schemas `schema` holds under `keywords`, in that order, each with its segments; a boolean single is none. */
export function subschemaEntries(
  schema: JsonObject,
  keywords: readonly SubschemaHolder[],
): [Json, SubschemaSegments][] {
  const out: [Json, SubschemaSegments][] = [];
  for (const keyword of keywords) {
    const value = schema[keyword];
    const { shape } = SUBSCHEMA_SHAPES[keyword];
    if (shape === "map" && isObject(value))
      for (const [name, sub] of Object.entries(value)) out.push([sub, [keyword, name]]);
    else if (shape === "list" && Array.isArray(value))
      value.forEach((sub, i) => void out.push([sub, [keyword, i]]));
    else if (shape === "single" && isObject(value)) out.push([value, [keyword]]);
  }
  return out;
}

/**
 * The value of `keyword` in a schema with each sub-schema it holds through `fn` (given the segments from the schema);
 * undefined when `keyword` is not among `keywords` or `value` is not of its shape (a boolean single, say).
 */
export function mapSubschemas(
  keyword: string,
  value: Json,
  keywords: ReadonlySet<string>,
  fn: (sub: Json, segments: SubschemaSegments) => Json,
): Json | undefined {
  if (!keywords.has(keyword)) return undefined;
  const { shape } = SUBSCHEMA_SHAPES[keyword as SubschemaHolder];
  if (shape === "map" && isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fn(v, [keyword, k])]));
  if (shape === "list" && Array.isArray(value)) return value.map((v, i) => fn(v, [keyword, i]));
  if (shape === "single" && isObject(value)) return fn(value, [keyword]);
  return undefined;
}

/** A keyword the walker follows (`SUBSCHEMA_KEYWORDS`). */
export type SubschemaKeyword = (typeof SUBSCHEMA_KEYWORDS)[number];

/** One sub-schema of a schema: the keyword it hangs from, its key there, and the node as written. */
export interface SchemaEdge {
  /** The keyword, e.g. `properties` or `oneOf`. */
  readonly keyword: SubschemaKeyword;
  /** The property name (`properties`), the position (`prefixItems`, `allOf`, `anyOf`, `oneOf`); none for `items`, `additionalProperties`. */
  readonly key?: string | number;
  /** The sub-schema as written (`$ref`s left in place). */
  readonly node: Json;
}

/** The data-path segment of an array item (`items`) in `SchemaVisit.path`. */
export const ANY_ITEM = "*";
/** The data-path segment of a map value (`additionalProperties`) in `SchemaVisit.path`. */
export const ANY_VALUE = "{}";

/** The sub-schemas of one (dereferenced) schema, in `SUBSCHEMA_KEYWORDS` order; a boolean `additionalProperties` is none. */
export function schemaChildren(schema: JsonObject): SchemaEdge[] {
  const out: SchemaEdge[] = [];
  for (const keyword of SUBSCHEMA_KEYWORDS) {
    const value = schema[keyword];
    if (keyword === "properties") {
      if (isObject(value))
        for (const [key, node] of Object.entries(value)) out.push({ keyword, key, node });
    } else if (Array.isArray(value)) {
      value.forEach((node, key) => {
        out.push({ keyword, key, node });
      });
    } else if (isObject(value)) out.push({ keyword, node: value });
  }
  return out;
}

/** The data-path segment an edge adds: the property name, `ANY_ITEM`, a tuple position, `ANY_VALUE`; none for a branch. */
export function dataSegment(edge: SchemaEdge): string | undefined {
  switch (edge.keyword) {
    case "properties":
    case "prefixItems":
      return String(edge.key);
    case "items":
      return ANY_ITEM;
    case "additionalProperties":
      return ANY_VALUE;
    default:
      return undefined;
  }
}

/** One schema met by `walkSchema`. */
export interface SchemaVisit {
  /** The schema, `$ref`s followed. */
  readonly schema: JsonObject;
  /** The node as written where it was met (a `$ref` object, or the schema itself). */
  readonly node: Json;
  /** Where its values sit in the data: property names, `ANY_ITEM` (`*`), tuple positions, `ANY_VALUE` (`{}`); branches add nothing. */
  readonly path: readonly string[];
  /** The edge from the parent schema; undefined at the root. */
  readonly via?: SchemaEdge;
  /** How many edges from the root. */
  readonly depth: number;
}

/** How `walkSchema` walks. */
export interface WalkOptions {
  /** Visit each schema object at most once in the whole walk, not once per path (default false). */
  readonly once?: boolean;
  /** Follow only these keywords (default: all of `SUBSCHEMA_KEYWORDS`). */
  readonly keywords?: readonly SubschemaKeyword[];
  /** Called where a schema would be entered again below itself (a `$ref` cycle); the walk does not enter it. */
  readonly onCycle?: (visit: SchemaVisit) => void;
}

/**
 * Visits `node` and every sub-schema it reaches (depth first, in `SUBSCHEMA_KEYWORDS` order), `$ref`s followed
 * against `document`. `visit` returning `false` skips that schema's sub-schemas. A schema already on the current path
 * (a recursive schema) is not entered again: `onCycle` is told instead.
 */
export function walkSchema(
  document: Json,
  node: Json,
  visit: (visit: SchemaVisit) => unknown,
  options: WalkOptions = {},
): void {
  const keywords = new Set<string>(options.keywords ?? SUBSCHEMA_KEYWORDS);
  const seen = new Set<object>();
  const onPath = new Set<object>();
  const step = (at: Json, path: readonly string[], via: SchemaEdge | undefined, depth: number) => {
    const schema = deref<Json>(document, at);
    if (!isObject(schema)) return;
    const here: SchemaVisit = { schema, node: at, path, depth, ...(via ? { via } : {}) };
    if (onPath.has(schema)) {
      options.onCycle?.(here);
      return;
    }
    if (options.once) {
      if (seen.has(schema)) return;
      seen.add(schema);
    }
    if (visit(here) === false) return;
    onPath.add(schema);
    for (const edge of schemaChildren(schema)) {
      if (!keywords.has(edge.keyword)) continue;
      const segment = dataSegment(edge);
      step(edge.node, segment === undefined ? path : [...path, segment], edge, depth + 1);
    }
    onPath.delete(schema);
  };
  step(node, [], undefined, 0);
}
