// What a server reads from text for a schema type: the one rule the mock applies to what arrives and verify applies
// to predict what the mock (or any server) will read.
//
// The rule: text is typed as JSON would read it, and only where the schema takes that type.
// - integer/number: the exact JSON number grammar (RFC 8259): `-7`, `0.5`, `1e3` are numbers; `007`, `+1`, `.5`,
//   `1.`, ` 7` (surrounding whitespace) and `0x10` stay text, and the schema then refuses them. A number too large
//   to be finite stays text.
// - boolean: exactly `true` or `false`.
// - null: the empty text, where the schema takes null and not string.
// - anything else stays text: a string schema reads `007` as "007".
// A header's surrounding whitespace is dropped before this rule (HTTP's optional whitespace), not by it.
import { deref, isObject, type Json, typesOf } from "../refs.js";
import { scalarText } from "./encoding.js";
import type { Shape, WireText } from "./styles.js";

/** The JSON number grammar (RFC 8259, section 6): no leading zeros, no `+`, exponents allowed. */
export const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** What the schema makes of a parameter's text: a list (it takes arrays), properties (objects), else one value. */
export function shapeOf(schema: Json): Shape {
  const types = typesOf(schema);
  if (types.includes("array")) return "array";
  if (types.includes("object")) return "object";
  return "primitive";
}

/** One text typed by its (resolved) schema, by the rule above. */
export function typedText(schema: Json, text: string): unknown {
  const types = typesOf(schema);
  if ((types.includes("integer") || types.includes("number")) && JSON_NUMBER.test(text)) {
    const number = Number(text);
    if (Number.isFinite(number)) return number;
  }
  if (types.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  if (types.includes("null") && text === "" && !types.includes("string")) return null;
  return text;
}

/** Text read back typed by `schema` (its `$ref`s, items' and properties' followed in `document`). */
export function typedValue(document: Json, schema: Json, text: WireText): unknown {
  const resolved = deref(document, schema ?? {}) ?? {};
  if (typeof text === "string") return typedText(resolved, text);
  if (Array.isArray(text)) {
    const items = deref(document, resolved.items ?? {});
    return text.map((t: string) => typedText(items, t));
  }
  const properties = isObject(resolved.properties) ? resolved.properties : {};
  return Object.fromEntries(
    Object.entries(text).map(([k, t]) => [k, typedText(deref(document, properties[k] ?? {}), t)]),
  );
}

/**
 * The text a server reading `shape` gets from `value` once it is sent: a list joined by commas where one value is
 * read, an object as JSON, a scalar a one-item list where a list is read, and every item and property as its text.
 */
export function wireText(value: unknown, shape: Shape): WireText {
  if (Array.isArray(value))
    return shape === "array" ? value.map(scalarText) : value.map(scalarText).join(",");
  if (isObject(value)) {
    if (shape !== "object") return scalarText(value);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scalarText(v)]));
  }
  return shape === "array" ? [scalarText(value)] : scalarText(value);
}

/** What `value` becomes once sent as text and read back by a server typing it by `schema` (the rule above). */
export function readBack(document: Json, schema: Json, value: unknown): unknown {
  const resolved = deref(document, schema ?? {}) ?? {};
  return typedValue(document, resolved, wireText(value, shapeOf(resolved)));
}
