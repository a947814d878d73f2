// The schema helpers every package shares: following `$ref`s, the object test, a schema's types, the schema of a
// property through `$ref`s and `allOf`, a discriminator's branch. The only place a package of the toolkit resolves
// a reference (the model, the mock, the client's generator all call these). Dependency-free and runtime-neutral:
// the wire module and the model import it.
import { parsePointer } from "./pointer-segments.js";

/** A parsed JSON value of an OpenAPI document, walked generically. */
// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is untyped JSON.
export type Json = any;

/** A plain JSON object (not null, not an array) of the document, keys to untyped values; see {@link isObject}. */
export type JsonObject = Record<string, Json>;

/** How many `$ref` hops one `deref` follows before it calls the chain a loop. */
export const MAX_REF_HOPS = 64;

/** True for a plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The value at a JSON Pointer (`/a/b`, or a URI fragment `#/a/b`, percent-decoded) inside `document`.
 * Throws when any segment is missing.
 */
export function resolvePointer(document: Json, jsonPointer: string): Json {
  const path = jsonPointer.startsWith("#") ? decodeURIComponent(jsonPointer.slice(1)) : jsonPointer;
  if (path === "") return document;
  if (!path.startsWith("/")) throw new Error(`Not a JSON Pointer: ${jsonPointer}`);
  let at: Json = document;
  for (const key of parsePointer(path)) {
    if (!(isObject(at) || Array.isArray(at)) || !(key in at)) {
      throw new Error(`Unresolved reference ${jsonPointer}: no "${key}"`);
    }
    at = (at as JsonObject)[key];
  }
  return at;
}

/**
 * Follows local `$ref`s (`#/components/...`) until a value that is not a reference, and returns it.
 * Throws on a reference that is not local, one that does not resolve, and a loop.
 */
export function deref<T = Json>(document: Json, node: Json): T {
  return resolveSchema(document, node).schema as T;
}

/**
 * Like {@link deref}, and also the pointer of what the node finally is (`at`, the node's own pointer, when it is no
 * reference).
 */
export function resolveSchema(
  document: Json,
  node: Json,
  at = "",
): { readonly schema: Json; readonly pointer: string } {
  let current = node;
  let pointer = at;
  for (let hops = 0; isObject(current) && typeof current.$ref === "string"; hops++) {
    if (hops >= MAX_REF_HOPS) throw new Error(`$ref loop at ${node.$ref}`);
    const ref: string = current.$ref;
    if (!ref.startsWith("#")) throw new Error(`Only local $refs are supported: ${ref}`);
    pointer = decodeURIComponent(ref.slice(1));
    current = resolvePointer(document, ref);
  }
  return { schema: current, pointer };
}

/** The schema's `type` as a list (`[]` when it declares none, or is no object). */
export function typesOf(schema: Json): string[] {
  if (typeof schema?.type === "string") return [schema.type];
  if (Array.isArray(schema?.type)) return schema.type.map(String);
  return [];
}

/** The schema itself and, depth first, every schema its `allOf` holds (each `$ref` followed), in document order. */
function allOfChain(document: Json, node: Json, depth = 0): JsonObject[] {
  const schema = deref(document, node);
  if (!isObject(schema) || depth > MAX_REF_HOPS) return [];
  const branches = Array.isArray(schema.allOf) ? schema.allOf : [];
  return [schema, ...branches.flatMap((b: Json) => allOfChain(document, b, depth + 1))];
}

/**
 * The schema (resolved) a path of segments leads to inside `schema`: a name through `properties`, an index through
 * `prefixItems` or `items`; at each step the schema's own keywords first, then its `allOf` branches' (an `allOf`
 * wrapper, a `$ref` beside other keywords). Undefined when no branch has the segment.
 */
export function schemaAt(
  document: Json,
  schema: Json,
  segments: readonly string[],
): Json | undefined {
  let here: Json = deref(document, schema);
  for (const segment of segments) {
    let found: Json | undefined;
    for (const branch of allOfChain(document, here)) {
      if (/^\d+$/.test(segment)) {
        const prefix = Array.isArray(branch.prefixItems) ? branch.prefixItems : [];
        found = prefix[Number(segment)] ?? branch.items;
      } else if (isObject(branch.properties)) found = branch.properties[segment];
      if (found !== undefined) break;
    }
    if (found === undefined) return undefined;
    here = deref(document, found);
  }
  return here;
}

/** The last segment of a `$ref` (`#/components/schemas/Transaction` gives `Transaction`), if `node` is one. */
export function refName(node: Json): string | undefined {
  return isObject(node) && typeof node.$ref === "string" ? node.$ref.split("/").pop() : undefined;
}

/** How a `oneOf`/`anyOf` with a `discriminator` picks its branch. */
export interface DiscriminatorChoice {
  /** The discriminating property (`discriminator.propertyName`). */
  readonly property: string;
  /** The keyword holding the branches. */
  readonly keyword: "oneOf" | "anyOf";
  /** The branches, as written (`$ref`s left in place). */
  readonly branches: readonly Json[];
  /** Each value of the property (as text), in order, to the index of the branch it picks. */
  readonly byValue: ReadonlyMap<string, number>;
}

/** The values a branch gives the discriminating property (`const`, or its `enum`), as text. */
function branchValues(document: Json, branch: Json, property: string): string[] {
  const schema = deref(document, branch);
  const own = isObject(schema?.properties)
    ? deref(document, schema.properties[property] ?? {})
    : {};
  if (!isObject(own)) return [];
  if ("const" in own) return [String(own.const)];
  return Array.isArray(own.enum) ? own.enum.map(String) : [];
}

/** True when a mapping target (`#/components/schemas/Card`, or a file name `Card.yaml`) names the branch. */
function mapsTo(target: string, branch: Json): boolean {
  const ref = isObject(branch) && typeof branch.$ref === "string" ? branch.$ref : undefined;
  if (ref === undefined) return false;
  const name = target.replace(/^.*\//, "").replace(/\.ya?ml$/, "");
  return ref === target || ref.endsWith(`/${name}`);
}

/**
 * The discriminator choice of a schema (resolved: no `$ref` at its top), or undefined when it has none: the
 * `mapping`'s values first, then for each branch not mapped the `const`/`enum` of its property, else (a `$ref`
 * branch) its component name, as OpenAPI's implicit mapping says. The first branch a value names wins.
 */
export function chooseBranch(document: Json, schema: Json): DiscriminatorChoice | undefined {
  if (!isObject(schema) || !isObject(schema.discriminator)) return undefined;
  const property = schema.discriminator.propertyName;
  const keyword = Array.isArray(schema.oneOf)
    ? "oneOf"
    : Array.isArray(schema.anyOf)
      ? "anyOf"
      : undefined;
  if (typeof property !== "string" || keyword === undefined) return undefined;
  const branches: Json[] = schema[keyword];
  const byValue = new Map<string, number>();
  const mapped = new Set<number>();
  const mapping = isObject(schema.discriminator.mapping) ? schema.discriminator.mapping : {};
  for (const [value, target] of Object.entries(mapping)) {
    const index = branches.findIndex((b) => typeof target === "string" && mapsTo(target, b));
    if (index < 0 || byValue.has(value)) continue;
    byValue.set(value, index);
    mapped.add(index);
  }
  branches.forEach((branch, index) => {
    if (mapped.has(index)) return;
    const values = branchValues(document, branch, property);
    const name = refName(branch);
    if (values.length === 0 && name !== undefined) values.push(name);
    for (const value of values) if (!byValue.has(value)) byValue.set(value, index);
  });
  return { property, keyword, branches, byValue };
}

/**
 * Whether `schema` reaches, through local `$ref`s, a schema that contains itself (a tree whose nodes hold nodes; a
 * planet whose satellites orbit one). Examples are not schemas and are not looked into.
 */
export function reachesItself(
  document: Json,
  schema: Json,
  within: readonly string[] = [],
): boolean {
  if (Array.isArray(schema)) return schema.some((item) => reachesItself(document, item, within));
  if (!isObject(schema)) return false;
  if (typeof schema.$ref === "string" && schema.$ref.startsWith("#/")) {
    if (within.includes(schema.$ref)) return true;
    return reachesItself(document, resolvePointer(document, schema.$ref), [...within, schema.$ref]);
  }
  return Object.entries(schema).some(
    ([key, value]) =>
      key !== "examples" && key !== "example" && reachesItself(document, value, within),
  );
}
