// The one reading of examples: a media type's `examples` (named Example Objects) or its `example`, else its schema's
// `examples` (JSON Schema, a list) or `example`; a parameter's the same way. Every package takes examples from here
// (`MediaSpec.examples`, `ParameterSpec.examples`), never from the document. The precedence is spec/README.md's
// "Examples" section.
import { escapePointer } from "./json-pointer.js";
import { chooseBranch, deref, isObject, type Json, type JsonObject } from "./refs.js";

/**
 * Where an example came from: `examples` (a named Example Object), `example`, the schema's `examples`/`example`, or
 * `composed` from the examples of an object schema's properties.
 */
export type ExampleSource = "examples" | "example" | "schema" | "composed";

/** One named example of a request body, a response, a parameter or a webhook. */
export interface NamedExample {
  /**
   * The example's name: its key in `examples` (e.g. `TransactionSuccess`); `"example"` for a lone `example`;
   * `"schema example 1"`, `"schema example 2"`, ... for a schema's `examples` list; `"schema example"` for its `example`;
   * `"composed example"` for one composed from its properties' examples.
   */
  readonly name: string;
  /** The example's one-line `summary`; absent when the document gives none. */
  readonly summary?: string;
  /** The example's `value`, as written (a `$ref`ed example object is followed; `externalValue` ones are skipped). */
  readonly value: Json;
  /** Which keyword it came from (see `ExampleSource`). */
  readonly source: ExampleSource;
  /** JSON Pointer of the value inside the document (through a `$ref`ed Example Object: the component's `value`). */
  readonly pointer: string;
}

function refTarget(node: Json, fallback: string): string {
  return isObject(node) && typeof node.$ref === "string" && node.$ref.startsWith("#")
    ? decodeURIComponent(node.$ref.slice(1))
    : fallback;
}

/** The named Example Objects of `examples` at `at` (document order; those without `value` skipped). */
function namedExamples(document: Json, raw: Json, at: string): NamedExample[] {
  if (!isObject(raw)) return [];
  const out: NamedExample[] = [];
  for (const [name, node] of Object.entries(raw)) {
    const example = deref<JsonObject>(document, node);
    if (!isObject(example) || !("value" in example)) continue;
    out.push({
      name,
      value: example.value,
      source: "examples",
      pointer: `${refTarget(node, `${at}/${escapePointer(name)}`)}/value`,
      ...(typeof example.summary === "string" ? { summary: example.summary } : {}),
    });
  }
  return out;
}

/**
 * A schema's own examples: its `examples` list (each entry `"schema example N"`), else its deprecated `example`
 * (`"schema example"`). `$ref`s at the top are followed; `at` is the schema's pointer.
 */
export function schemaExamples(document: Json, schema: Json, at: string): NamedExample[] {
  if (!isObject(schema)) return [];
  const target = refTarget(schema, at);
  const resolved = deref<JsonObject>(document, schema);
  if (!isObject(resolved)) return [];
  if (Array.isArray(resolved.examples) && resolved.examples.length > 0)
    return resolved.examples.map((value: Json, i: number) => ({
      name: `schema example ${i + 1}`,
      value,
      source: "schema" as const,
      pointer: `${target}/examples/${i}`,
    }));
  if ("example" in resolved)
    return [
      {
        name: "schema example",
        value: resolved.example,
        source: "schema",
        pointer: `${target}/example`,
      },
    ];
  const composed = composedExample(document, resolved, []);
  return composed === undefined
    ? []
    : [{ name: "composed example", value: composed, source: "composed", pointer: target }];
}

/** How deep `composedExample` goes into nested objects (a schema met again inside itself ends sooner). */
const MAX_COMPOSE_DEPTH = 8;

/**
 * An object schema's example composed from its properties' (and its `allOf` branches' properties') own examples,
 * each read as `schemaExamples` reads one (the first), nested objects composed the same way: every required property
 * must have one, the optional ones that have one are given. Undefined for a schema that is no object, or one a
 * required property of which has no example. (Documents that put examples on the properties alone, as many do.)
 */
function composedExample(
  document: Json,
  schema: JsonObject,
  within: readonly JsonObject[],
): JsonObject | undefined {
  // A schema met again inside itself (Galaxy's Planet, whose satellites orbit a Planet) composes nothing there.
  if (within.length > MAX_COMPOSE_DEPTH || within.includes(schema)) return undefined;
  const inner = [...within, schema];
  if (!isObject(schema.properties)) {
    const union = unionExample(document, schema, inner);
    if (union !== undefined) return union;
  }
  const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])].map((part) =>
    deref<JsonObject>(document, part),
  );
  const properties: [string, Json][] = parts.flatMap((part) =>
    isObject(part?.properties) ? Object.entries(part.properties) : [],
  );
  const isObjectSchema = parts.some(
    (part) => part?.type === "object" || isObject(part?.properties),
  );
  if (!isObjectSchema || properties.length === 0) return undefined;
  const required = new Set(
    parts.flatMap((part) => (Array.isArray(part?.required) ? part.required : [])),
  );
  const out: JsonObject = {};
  for (const [name, node] of properties) {
    const property = deref<JsonObject>(document, node);
    const own = isObject(property) ? firstOwnExample(property) : undefined;
    const value =
      own !== undefined
        ? own.value
        : isObject(property)
          ? composedValue(document, property, inner)
          : undefined;
    if (value !== undefined) out[name] = value;
    else if (required.has(name)) return undefined;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * A property's composed value: an object's as `composedExample` makes it, an array's as one item (the items' own
 * example, else one composed), undefined when neither has one.
 */
function composedValue(
  document: Json,
  schema: JsonObject,
  within: readonly JsonObject[],
): Json | undefined {
  const isArray =
    schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array"));
  if (!isArray) return composedExample(document, schema, within);
  const items = deref<JsonObject>(document, schema.items);
  if (!isObject(items)) return undefined;
  const item = firstOwnExample(items)?.value ?? composedExample(document, items, within);
  return item === undefined ? undefined : [item];
}

/**
 * A `oneOf`/`anyOf`'s example: its first branch that composes one, with the discriminator's value for that branch
 * (where the schema has a discriminator that names one).
 */
function unionExample(
  document: Json,
  schema: JsonObject,
  within: readonly JsonObject[],
): JsonObject | undefined {
  const branches: Json[] = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : [];
  const choice = chooseBranch(document, schema);
  for (const [index, branch] of branches.entries()) {
    const resolved = deref<JsonObject>(document, branch);
    const value = isObject(resolved) ? composedExample(document, resolved, within) : undefined;
    if (value === undefined) continue;
    const named = choice && [...choice.byValue].find(([, i]) => i === index)?.[0];
    return named !== undefined && choice ? { ...value, [choice.property]: named } : value;
  }
  return undefined;
}

/** A schema's own first example (`examples[0]`, else `example`), wrapped so that a `null` example counts. */
function firstOwnExample(schema: JsonObject): { value: Json } | undefined {
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    return { value: schema.examples[0] };
  if ("example" in schema) return { value: schema.example };
  if ("const" in schema) return { value: schema.const };
  return undefined;
}

/**
 * The examples of an object that carries `example`/`examples` beside a `schema` (a Media Type or a Parameter Object)
 * at pointer `at`, by precedence: its named `examples` (when one has a `value`), else its `example` (one entry named
 * `"example"`), else its schema's (`schemaExamples`). The first source that gives any wins; they are never mixed.
 */
export function examplesOf(document: Json, holder: JsonObject, at: string): NamedExample[] {
  const named = namedExamples(document, holder.examples, `${at}/examples`);
  if (named.length > 0) return named;
  if ("example" in holder)
    return [
      { name: "example", value: holder.example, source: "example", pointer: `${at}/example` },
    ];
  return schemaExamples(document, holder.schema, `${at}/schema`);
}
