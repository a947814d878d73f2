// Static resolution of JSON Schema 2020-12's dynamic references (`$dynamicRef`/`$dynamicAnchor`) and of schema
// resources (`$id`), done once on the bundle (`spec/scripts/resolve-bundle.mjs`), so that every package (the client's
// generator, Ajv in the spec model, Prism in the mock, Redoc) reads one plain document.
//
// The pattern real documents use is a generic type: a template (`PaginatedResource`, `$defs.itemType` with
// `$dynamicAnchor: itemType`, its items `$dynamicRef: "#itemType"`) and a schema that binds it (its own `$defs.itemType`
// with `$dynamicAnchor: itemType` and `$ref: Planet`, and `$ref: PaginatedResource`). Evaluated dynamically, the
// outermost schema resource in scope that declares the anchor wins. Statically, that is: each `$ref` to a component
// whose dynamic references the scope binds differently goes to a specialized copy of the component, added as
// `<Component>Of<Binding>` (`PaginatedResourceOfPlanet`), with each `$dynamicRef` replaced by a `$ref` to what binds
// it; a `$dynamicRef` the scope does not bind goes to the anchor of its own resource, as a `$ref`.
//
// `$id` is dropped where every reference of the document is a fragment (`#/components/...`, `#anchor`): OpenAPI tools
// (Redocly's bundler, Redoc, Scalar) resolve those from anywhere in the document, where JSON Schema would resolve them
// against the nearest `$id` and find nothing. A document with a URI reference (`$ref: Planet`, relative to an `$id`)
// keeps its `$id`s, which then mean what JSON Schema says. `$dynamicAnchor` goes with
// the references it served. A `$dynamicRef` that no anchor in scope binds is refused at its pointer.
import { schemaComponentName, schemaComponentRef, uniqueName } from "./component-names.js";
import { escapePointer } from "./json-pointer.js";
import { isObject, type Json, type JsonObject, resolvePointer } from "./refs.js";
import { SpecModelError } from "./spec-model-error.js";
import { mapSubschemas, subschemaKeywords } from "./walk.js";

/** The extension a specialized component carries: the `$ref` of the component it copies (answers to lint findings on
 * the component hold for its copies). */
export const SPECIALIZED_FROM = "x-specialized-from";

/** The keywords whose sub-schemas a `$dynamicRef` may sit in: all of the table, `definitions` and `contentSchema` too. */
const SUBSCHEMA_HOLDERS: ReadonlySet<string> = new Set(
  subschemaKeywords({ legacy: true, annotation: true }),
);

/** What the resolution did: the document (a new one; the input is left as it was) and the components it added. */
export interface DynamicResolution {
  /** The document without `$dynamicRef`, `$dynamicAnchor` and `$id`. */
  readonly document: Json;
  /** The names of the specialized components added under `components.schemas`, in the order they were made. */
  readonly specialized: readonly string[];
}

/** Anchor name → JSON Pointer of the schema declaring it, the outermost declaration first in. */
type Scope = ReadonlyMap<string, string>;

/** True when `node` (any JSON) holds a `$ref` that is a URI, not a fragment of the document. */
function holdsUriRef(node: Json): boolean {
  if (Array.isArray(node)) return node.some(holdsUriRef);
  if (!isObject(node)) return false;
  return Object.entries(node).some(
    ([k, v]) => (k === "$ref" && typeof v === "string" && !v.startsWith("#")) || holdsUriRef(v),
  );
}

/** True when `node` (any JSON) holds a key `key` at any depth. */
function holdsKey(node: Json, key: string): boolean {
  if (Array.isArray(node)) return node.some((item) => holdsKey(item, key));
  if (!isObject(node)) return false;
  return Object.entries(node).some(([k, v]) => k === key || holdsKey(v, key));
}

/** The dynamic anchors a schema resource declares: at its root and in its `$defs` (where documents put them). */
function declaredAnchors(schema: JsonObject, at: string): [string, string][] {
  const out: [string, string][] = [];
  if (typeof schema.$dynamicAnchor === "string") out.push([schema.$dynamicAnchor, at]);
  if (isObject(schema.$defs))
    for (const [name, sub] of Object.entries(schema.$defs))
      if (isObject(sub) && typeof sub.$dynamicAnchor === "string")
        out.push([sub.$dynamicAnchor, `${at}/$defs/${escapePointer(name)}`]);
  return out;
}

/** `scope` with the anchors of a resource entered at `at` added, where no outer resource declared them already. */
function enter(scope: Scope, schema: JsonObject, at: string): Scope {
  const anchors = declaredAnchors(schema, at).filter(([name]) => !scope.has(name));
  return anchors.length === 0 ? scope : new Map([...scope, ...anchors]);
}

/** One resolution under way: the document as given, the copy's components, and what was made so far. */
interface Resolution {
  /** The input document (pointers are read there). */
  readonly original: JsonObject;
  /** Whether `$id`s are dropped (every reference of the document is a fragment). */
  readonly dropIds: boolean;
  /** The copy's `components.schemas`, the specialized components added to it. */
  readonly schemas: JsonObject;
  /** The names of the specialized components, in the order they were made. */
  readonly specialized: string[];
  /** Specialized component name by template and bindings. */
  readonly made: Map<string, string>;
  /** Per component pointer: the anchor names its `$dynamicRef`s (through `$ref`s) name. */
  readonly dynamicNames: Map<string, Set<string>>;
}

/** Resolves the dynamic references of `input` statically (see the file's comment); `input` is not changed. */
export function resolveDynamicReferences(input: Json): DynamicResolution {
  const dropIds = holdsKey(input, "$id") && !holdsUriRef(input);
  if (!holdsKey(input, "$dynamicRef") && !dropIds) return { document: input, specialized: [] };
  const document: JsonObject = structuredClone(input);
  const original: JsonObject = input;
  const schemas: JsonObject = document.components?.schemas ?? {};
  const r: Resolution = {
    original,
    dropIds,
    schemas,
    specialized: [],
    made: new Map(),
    dynamicNames: new Map(),
  };
  // Every schema of the document outside the components (media types, parameters, headers), then each component.
  const result: JsonObject = withSchemasRewritten(document, "", (schema, at) =>
    rewrite(r, schema, new Map(), at),
  );
  result.components = { ...(result.components ?? {}), schemas };
  for (const [name, schema] of Object.entries(original.components?.schemas ?? {}))
    schemas[name] = rewrite(r, schema, new Map(), schemaComponentRef(name).slice(1));
  if (Object.keys(schemas).length === 0) delete result.components.schemas;
  return { document: result, specialized: r.specialized };
}

/** The anchor names `$dynamicRef`s reachable from the schema at `at` (of the original document) name. */
function namesReached(r: Resolution, at: string): Set<string> {
  const known = r.dynamicNames.get(at);
  if (known) return known;
  const names = new Set<string>();
  r.dynamicNames.set(at, names);
  const visit = (node: Json): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!isObject(node)) return;
    if (typeof node.$dynamicRef === "string") names.add(node.$dynamicRef.replace(/^#/, ""));
    if (typeof node.$ref === "string" && node.$ref.startsWith("#/"))
      for (const name of namesReached(r, node.$ref.slice(1))) names.add(name);
    for (const [key, value] of Object.entries(node)) if (key !== "$ref") visit(value);
  };
  visit(resolvePointer(r.original, at));
  return names;
}

/** What a binding at `pointer` stands for: its `$ref` when it is a bare `{ $dynamicAnchor, $ref }`, else itself. */
function bindingRef(original: JsonObject, pointer: string): string {
  const node = resolvePointer(original, pointer);
  const keys = Object.keys(node).filter((k) => k !== "$dynamicAnchor" && !k.startsWith("x-"));
  return keys.length === 1 && typeof node.$ref === "string" ? node.$ref : `#${pointer}`;
}

/** A `$ref` to `target` under `scope`: the component itself, or its copy specialized for the scope's bindings. */
function refUnder(r: Resolution, target: string, scope: Scope): string {
  const templateName = schemaComponentName(target);
  if (templateName === undefined) return target;
  const template = resolvePointer(r.original, target);
  const own = new Map(declaredAnchors(template, target.slice(1)));
  const bound = [...namesReached(r, target.slice(1))]
    .filter((name) => scope.has(name) && scope.get(name) !== own.get(name))
    .sort();
  if (bound.length === 0) return target;
  const bindings = bound.map(
    (name) => [name, bindingRef(r.original, scope.get(name) ?? "")] as const,
  );
  const key = `${target} ${JSON.stringify(bindings)}`;
  let name = r.made.get(key);
  if (name === undefined) {
    const suffix = bindings.map(([anchor, ref]) => bindingName(anchor, ref)).join("And");
    name = uniqueName(`${templateName}Of${suffix}`, r.schemas);
    r.made.set(key, name);
    specialize(r, name, target, new Map(bound.map((anchor) => [anchor, scope.get(anchor) ?? ""])));
  }
  return schemaComponentRef(name);
}

/** Adds the component `name`: the template at `target` rewritten under the bindings `inner`. */
function specialize(r: Resolution, name: string, target: string, inner: Scope): void {
  const template = resolvePointer(r.original, target);
  r.specialized.push(name);
  r.schemas[name] = {};
  r.schemas[name] = {
    ...rewrite(
      r,
      template,
      enter(inner, template, target.slice(1)),
      schemaComponentRef(name).slice(1),
    ),
    [SPECIALIZED_FROM]: target,
  };
}

/** The `$ref` a `$dynamicRef` (`value`, at `at`) becomes under `scope`; refused when no anchor in scope binds it. */
function dynamicRefTarget(r: Resolution, value: Json, scope: Scope, at: string): string {
  const name = String(value).replace(/^#/, "");
  const declared = scope.get(name);
  if (declared === undefined)
    throw new SpecModelError(
      `$dynamicRef ${JSON.stringify(value)}: no $dynamicAnchor "${name}" in scope (spec/openapi/README.md#schema-keywords)`,
      { pointer: at },
    );
  return bindingRef(r.original, declared);
}

/** A copy of the schema `node` (at `at`) with its dynamic references resolved under `outer` and its own anchors. */
function rewrite(r: Resolution, node: Json, outer: Scope, at: string): Json {
  if (!isObject(node)) return node;
  const scope = enter(outer, node, at);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === "$id" && r.dropIds) || key === "$dynamicAnchor") continue;
    if (key === "$dynamicRef") out.$ref = dynamicRefTarget(r, value, scope, at);
    else if (key === "$ref" && typeof value === "string" && value.startsWith("#/"))
      out.$ref = refUnder(r, value, scope);
    else
      out[key] =
        mapSubschemas(key, value, SUBSCHEMA_HOLDERS, (sub, segments) =>
          rewrite(
            r,
            sub,
            scope,
            `${at}/${segments.map((s) => escapePointer(String(s))).join("/")}`,
          ),
        ) ?? value;
  }
  return out;
}

/**
 * `node` (a part of the document at `at`) with every `schema` outside `components.schemas` (media types, parameters,
 * headers) replaced by `rewrite`'s copy; examples and extensions as they are.
 */
function withSchemasRewritten(
  node: Json,
  at: string,
  rewrite: (schema: Json, at: string) => Json,
): Json {
  if (Array.isArray(node))
    return node.map((item, i) => withSchemasRewritten(item, `${at}/${i}`, rewrite));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    const here = `${at}/${escapePointer(key)}`;
    if (key === "schema" && isObject(value)) out[key] = rewrite(value, here);
    else if (key === "example" || key === "examples" || key.startsWith("x-")) out[key] = value;
    else if (here === "/components/schemas") out[key] = value;
    else out[key] = withSchemasRewritten(value, here, rewrite);
  }
  return out;
}

/** A binding's part of a specialized name: the referenced component's name (`Planet`), else the anchor's. */
function bindingName(anchor: string, ref: string): string {
  const last = ref.startsWith("#/components/schemas/") ? ref.split("/").pop() : undefined;
  const word = decodeURIComponent(last ?? anchor)
    .replace(/~1/g, "/")
    .replace(/~0/g, "~");
  return word.replace(/^./, (c) => c.toUpperCase());
}
