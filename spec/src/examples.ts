// The one reading of examples: a media type's `examples` (named Example Objects) or its `example`, else its schema's
// `examples` (JSON Schema, a list) or `example`; a parameter's the same way. Every package takes examples from here
// (`MediaSpec.examples`, `ParameterSpec.examples`), never from the document. The precedence is spec/README.md's
// "Examples" section.
import { escapePointer } from "./json-pointer.js";
import { deref, isObject, type Json, type JsonObject } from "./refs.js";

/** Where an example came from: `examples` (a named Example Object), `example`, or the schema's `examples`/`example`. */
export type ExampleSource = "examples" | "example" | "schema";

/** One named example of a request body, a response, a parameter or a webhook. */
export interface NamedExample {
  /**
   * The example's name: its key in `examples` (e.g. `TransactionSuccess`); `"example"` for a lone `example`;
   * `"schema example 1"`, `"schema example 2"`, ... for a schema's `examples` list; `"schema example"` for its `example`.
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
  return [];
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
