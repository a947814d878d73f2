// The schema walker: the client's generator, the breaking-change gate and the value generators visit the sub-schemas
// of a schema through `walkSchema` (or, for a walk of two schemas side by side, `schemaChildren`). `$ref`s are followed
// with `deref`; a `$ref` cycle (a recursive schema) is not entered twice on one path, so every walk ends. (The message
// bounds, message-bounds.ts, walk their own way: they read keywords beyond SUBSCHEMA_KEYWORDS, such as `contains`.)
import { deref, isObject, type Json, type JsonObject } from "./model.js";

/** The keywords whose values are sub-schemas, in the order `schemaChildren` lists them. */
export const SUBSCHEMA_KEYWORDS = [
  "properties",
  "items",
  "prefixItems",
  "additionalProperties",
  "allOf",
  "anyOf",
  "oneOf",
] as const;

/** The annotation keywords: they describe a value and never change which values a schema accepts. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  "title",
  "description",
  "examples",
  "example",
  "default",
  "deprecated",
]);

/** A keyword whose value is one or more sub-schemas. */
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
