// Where a `$ref` of a schema points, as JSON Schema 2020-12 (and Ajv) resolve it: against the base URI in effect
// (each `$id` starts a resource), to a JSON Pointer fragment inside that resource or to an `$anchor`. Only what is in
// the document resolves: a reference to another document (an http URL no `$id` of the document names) is refused.
import { escapePointer, type Json } from "@merchant-payments/spec/model";

/** The base URI of a document without `$id` (no reference can reach it by another name). */
export const DOCUMENT_BASE = "file:///openapi.json";

/** A schema: an object of keywords, or `true`/`false`. */
export type Schema = boolean | SchemaObject;

/** A schema object: its keywords by name (values are untyped JSON). */
export type SchemaObject = { [keyword: string]: Json };

/** A resolved reference: the target schema, the base URI in effect there, and its canonical URI (recursion key). */
export interface RefTarget {
  /** The target schema. */
  readonly schema: Schema;
  /** The base URI in effect at the target. */
  readonly base: string;
  /** The target's canonical URI, the same whichever way it is reached. */
  readonly key: string;
  /** The target's JSON Pointer from the document's root (where a refusal there is reported). */
  readonly pointer: string;
}

/** Keywords whose values are data, never schemas: an `$id` inside one is no identifier. */
const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples", "example", "x-examples"]);

/** True for a plain JSON object. */
const isPlainObject = (node: unknown): node is SchemaObject =>
  node !== null && typeof node === "object" && !Array.isArray(node);

/** The URI `uri` without its fragment. */
const withoutFragment = (uri: string): string => uri.replace(/#.*$/, "");

/** An index of a document's schemas by URI: every resource (`$id`), JSON Pointer fragment and `$anchor`. */
export class SchemaIndex {
  /** Canonical URI (`resource#pointer`, `resource#anchor`) -> schema. */
  private readonly byUri = new Map<string, Schema>();
  /** Schema object -> where it is: its base URI, canonical URI and pointer from the document's root. */
  private readonly where = new Map<object, { base: string; key: string; pointer: string }>();

  /** Indexes `document` (its root's base URI is `$id` against {@link DOCUMENT_BASE}). */
  constructor(document: Json) {
    this.visit(document, DOCUMENT_BASE, "", "");
  }

  /** Records `node` and everything under it. */
  private visit(node: Json, base: string, inResource: string, fromRoot: string): void {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        this.visit(item, base, `${inResource}/${i}`, `${fromRoot}/${i}`);
      });
      return;
    }
    if (typeof node === "boolean") this.byUri.set(`${base}#${inResource}`, node);
    if (!isPlainObject(node)) return;
    let here = base;
    let pointer = inResource;
    if (typeof node.$id === "string" && !node.$id.startsWith("#")) {
      here = withoutFragment(new URL(node.$id, base).href);
      pointer = "";
      this.byUri.set(`${here}#`, node);
    }
    const key = `${here}#${pointer}`;
    this.byUri.set(key, node);
    if (!this.where.has(node)) this.where.set(node, { base: here, key, pointer: fromRoot });
    if (typeof node.$anchor === "string") this.byUri.set(`${here}#${node.$anchor}`, node);
    for (const [name, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(name)) continue;
      const segment = `/${escapePointer(name)}`;
      this.visit(value, here, pointer + segment, fromRoot + segment);
    }
  }

  /** The base URI in effect inside `schema` (its own `$id`, else `outer`). */
  baseOf(schema: Schema, outer: string): string {
    if (!isPlainObject(schema)) return outer;
    return this.where.get(schema)?.base ?? outer;
  }

  /** The JSON Pointer of `schema` from the document's root, when it is the document's. */
  pointerOf(schema: Schema): string | undefined {
    return isPlainObject(schema) ? this.where.get(schema)?.pointer : undefined;
  }

  /** Resolves `ref` against `base`; throws naming it when it is not in the document. */
  resolve(ref: string, base: string): RefTarget {
    const uri = new URL(ref, base).href;
    const hash = uri.indexOf("#");
    const resource = hash < 0 ? uri : uri.slice(0, hash);
    const fragment = hash < 0 ? "" : decodeURIComponent(uri.slice(hash + 1));
    const schema = this.byUri.get(`${resource}#${fragment}`);
    if (schema === undefined)
      throw new Error(
        `Unresolved $ref "${ref}": only references inside the document are supported (no remote documents)`,
      );
    const where = isPlainObject(schema) ? this.where.get(schema) : undefined;
    return {
      schema,
      base: where?.base ?? resource,
      key: where?.key ?? `${resource}#${fragment}`,
      pointer: where?.pointer ?? "",
    };
  }
}
