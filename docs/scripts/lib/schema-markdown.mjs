// @ts-check
// A JSON Schema written out as a Markdown list for a reader or an agent: each property with its type, constraints,
// whether it is required and its description, nested objects and array items indented below it; a component met
// again inside itself is named, not repeated.
import { parsePointer, valueAt } from "@merchant-payments/spec/model";

/** @typedef {Record<string, any>} Json */

/** Deepest nesting written out; deeper parts are named only. */
const MAX_DEPTH = 8;

/** The keywords written beside a type, in this order, as `keyword: value`. */
const CONSTRAINTS = [
  "format",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "default",
];

/**
 * The schema a `$ref` names (followed until none is left), and the component's name.
 * @param {Json} document
 * @param {Json} schema
 * @returns {{ schema: Json, name?: string }}
 */
function resolveSchema(document, schema) {
  let current = schema;
  let name;
  for (let hops = 0; current && typeof current.$ref === "string" && hops < 20; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith("#")) break;
    name = parsePointer(ref.slice(1)).at(-1);
    current = /** @type {Json} */ (valueAt(document, ref.slice(1)));
  }
  return { schema: current ?? {}, ...(name ? { name } : {}) };
}

/** @param {unknown} value */
const code = (value) => `\`${typeof value === "string" ? value : JSON.stringify(value)}\``;

/**
 * One line's worth of a schema: its type (or component name), enum or const, and constraints.
 * @param {Json} document
 * @param {Json} raw
 * @returns {string}
 */
export function typeText(document, raw) {
  const { schema, name } = resolveSchema(document, raw);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  let type = types.join(" | ");
  if (types.includes("array") && schema.items)
    type = type.replace("array", `array of ${typeText(document, schema.items)}`);
  if (!type && (schema.oneOf || schema.anyOf)) type = schema.oneOf ? "one of" : "any of";
  if (!type && schema.allOf) type = "all of";
  if (!type) type = "any";
  const parts = [name ? `${code(name)} (${type})` : type];
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map(code).join(", ")}`);
  if ("const" in schema) parts.push(`always ${code(schema.const)}`);
  for (const keyword of CONSTRAINTS)
    if (keyword in schema) parts.push(`${keyword}: ${code(schema[keyword])}`);
  return parts.join(", ");
}

/** @param {unknown} text @returns {string} one line */
const oneLine = (text) =>
  String(text ?? "")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The Markdown list of `raw`'s content: properties (of it, of its `allOf` parts), its items', its branches'.
 * @param {Json} document
 * @param {Json} raw
 * @param {{ indent?: string, seen?: Set<string>, depth?: number }} [at]
 * @returns {string[]}
 */
export function schemaLines(document, raw, { indent = "", seen = new Set(), depth = 0 } = {}) {
  const { schema, name } = resolveSchema(document, raw);
  if (depth > MAX_DEPTH || (name && seen.has(name))) return [];
  const inner = name ? new Set([...seen, name]) : seen;
  const lines = [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [property, child] of Object.entries(schema.properties ?? {})) {
    const { schema: resolved } = resolveSchema(document, child);
    const description = oneLine(resolved.description ?? child.description);
    lines.push(
      `${indent}- ${code(property)} (${typeText(document, child)}${required.has(property) ? ", required" : ""})${description ? `: ${description}` : ""}`,
    );
    lines.push(
      ...schemaLines(document, child, { indent: `${indent}  `, seen: inner, depth: depth + 1 }),
    );
  }
  if (schema.items && !schema.properties)
    lines.push(...schemaLines(document, schema.items, { indent, seen: inner, depth: depth + 1 }));
  for (const part of schema.allOf ?? [])
    lines.push(...schemaLines(document, part, { indent, seen: inner, depth: depth + 1 }));
  for (const keyword of ["oneOf", "anyOf"])
    for (const [i, branch] of (schema[keyword] ?? []).entries()) {
      const { schema: resolved } = resolveSchema(document, branch);
      const title = oneLine(resolved.title ?? resolved.description) || `branch ${i + 1}`;
      lines.push(
        `${indent}- ${keyword === "oneOf" ? "one of" : "any of"}: ${title} (${typeText(document, branch)})`,
      );
      lines.push(
        ...schemaLines(document, branch, { indent: `${indent}  `, seen: inner, depth: depth + 1 }),
      );
    }
  if (schema.additionalProperties && typeof schema.additionalProperties === "object")
    lines.push(
      `${indent}- any other property: ${typeText(document, schema.additionalProperties)}`,
      ...schemaLines(document, schema.additionalProperties, {
        indent: `${indent}  `,
        seen: inner,
        depth: depth + 1,
      }),
    );
  return lines;
}
