// `readOnly` and `writeOnly` made explicit, once, on the bundle (`spec/scripts/resolve-bundle.mjs`), so that every
// package reads them alike. OpenAPI 3.1 says a `readOnly` property is sent in answers only (in a request it SHOULD NOT
// be sent, and its `required` holds for answers alone) and a `writeOnly` one in requests only. Prism applies this
// when it validates; Ajv, the client's generator and the value generators read a schema as written. So: a request
// body's schema that reaches a `readOnly` property gets its request view, and an answer's schema that reaches a
// `writeOnly` one its answer view, each such property left out of `properties` and `required`; a component reached
// that way is referred to through its view, added as `<Component>Request` (`PlanetRequest`) or `<Component>Response`.
// The components themselves, parameters, and the bodies of webhooks and callbacks are left as written. A view
// carries `x-specialized-from` (the component it copies), as the specialized copies of dynamic-refs.ts do.

import { schemaComponentName, schemaComponentRef, uniqueName } from "./component-names.js";
import { SPECIALIZED_FROM } from "./dynamic-refs.js";
import { isObject, type Json, type JsonObject, resolvePointer } from "./refs.js";
import { mapSubschemas, subschemaKeywords } from "./walk.js";

/** Which side a view is for, and the keyword whose properties it leaves out. */
const SIDES = {
  request: { keyword: "readOnly", suffix: "Request" },
  response: { keyword: "writeOnly", suffix: "Response" },
} as const;

type Side = keyof typeof SIDES;

/** The keywords whose sub-schemas a view rewrites: the table with `definitions`, without `contentSchema`. */
const SUBSCHEMA_HOLDERS: ReadonlySet<string> = new Set(subschemaKeywords({ legacy: true }));

/** What the views added: the document (new; the input is left as it was) and the view components' names. */
export interface ReadWriteViews {
  /** The document with each request and answer schema through its view. */
  readonly document: Json;
  /** The names of the view components added under `components.schemas`, in the order they were made. */
  readonly views: readonly string[];
}

/** True when `node` holds `keyword: true` at any depth. */
function holdsFlag(node: Json, keyword: string): boolean {
  if (Array.isArray(node)) return node.some((item) => holdsFlag(item, keyword));
  if (!isObject(node)) return false;
  return Object.entries(node).some(
    ([k, v]) => (k === keyword && v === true) || holdsFlag(v, keyword),
  );
}

/** Gives the request and answer schemas of `input` their views (see the file's comment); `input` is not changed. */
export function readWriteViews(input: Json): ReadWriteViews {
  const sides = (Object.keys(SIDES) as Side[]).filter((side) =>
    holdsFlag(input, SIDES[side].keyword),
  );
  if (sides.length === 0) return { document: input, views: [] };
  const document: JsonObject = structuredClone(input);
  const schemas: JsonObject = document.components?.schemas ?? {};
  const views: string[] = [];
  const made = new Map<string, string>();
  /** Per side and pointer: whether the schema there reaches a property the side leaves out. */
  const reaches = new Map<string, boolean>();

  const reachesFlag = (side: Side, at: string): boolean => {
    const key = `${side} ${at}`;
    const known = reaches.get(key);
    if (known !== undefined) return known;
    reaches.set(key, false);
    const visit = (node: Json): boolean => {
      if (Array.isArray(node)) return node.some(visit);
      if (!isObject(node)) return false;
      if (node[SIDES[side].keyword] === true) return true;
      if (
        typeof node.$ref === "string" &&
        node.$ref.startsWith("#/") &&
        reachesFlag(side, node.$ref.slice(1))
      )
        return true;
      return Object.entries(node).some(([k, v]) => k !== "$ref" && visit(v));
    };
    const found = visit(resolvePointer(input, at));
    reaches.set(key, found);
    return found;
  };

  const viewRef = (side: Side, target: string): string => {
    const component = schemaComponentName(target);
    if (component === undefined || !reachesFlag(side, target.slice(1))) return target;
    const key = `${side} ${target}`;
    let name = made.get(key);
    if (name === undefined) {
      name = uniqueName(`${component}${SIDES[side].suffix}`, schemas);
      made.set(key, name);
      views.push(name);
      schemas[name] = {};
      schemas[name] = { ...view(side, resolvePointer(input, target)), [SPECIALIZED_FROM]: target };
    }
    return schemaComponentRef(name);
  };

  /** A discriminator's mapping with each reference through its view, as the `oneOf` beside it refers. */
  const viewMapping = (side: Side, mapping: JsonObject): JsonObject =>
    Object.fromEntries(
      Object.entries(mapping).map(([value, target]) => [
        value,
        typeof target === "string" && target.startsWith("#/") ? viewRef(side, target) : target,
      ]),
    );

  /** The view of one schema for `side`: the properties it leaves out gone, references through their views. */
  const view = (side: Side, node: Json): Json => {
    if (!isObject(node)) return node;
    const { keyword } = SIDES[side];
    const out: JsonObject = {};
    const dropped = new Set<string>();
    if (isObject(node.properties))
      for (const [name, sub] of Object.entries(node.properties))
        if (isObject(sub) && sub[keyword] === true) dropped.add(name);
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/"))
        out.$ref = viewRef(side, value);
      else if (key === "properties" && isObject(value))
        out.properties = Object.fromEntries(
          Object.entries(value)
            .filter(([name]) => !dropped.has(name))
            .map(([name, sub]) => [name, view(side, sub)]),
        );
      else if (key === "discriminator" && isObject(value) && isObject(value.mapping))
        out.discriminator = { ...value, mapping: viewMapping(side, value.mapping) };
      else if (key === "required" && Array.isArray(value))
        out.required = value.filter((name) => !dropped.has(String(name)));
      else
        out[key] = mapSubschemas(key, value, SUBSCHEMA_HOLDERS, (sub) => view(side, sub)) ?? value;
    }
    return out;
  };

  /** Each media type's schema of a request body (`requestBody`) or an answer (`responses`), by side. */
  const visit = (node: Json, side: Side | undefined): Json => {
    if (Array.isArray(node)) return node.map((item) => visit(item, side));
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "callbacks" || key.startsWith("x-") || key === "example" || key === "examples")
        out[key] = value;
      else if (key === "schema" && side !== undefined && isObject(value))
        out[key] = sides.includes(side) ? view(side, value) : value;
      else if (key === "requestBody") out[key] = visit(value, "request");
      else if (key === "responses") out[key] = visit(value, "response");
      else if (key === "parameters" || key === "headers") out[key] = value;
      else out[key] = visit(value, side);
    }
    return out;
  };
  const paths = isObject(document.paths) ? visit(document.paths, undefined) : document.paths;
  const components: JsonObject = isObject(document.components) ? { ...document.components } : {};
  for (const kind of ["requestBodies", "responses"] as const)
    if (isObject(components[kind]))
      components[kind] = visit(components[kind], kind === "requestBodies" ? "request" : "response");
  components.schemas = schemas;
  return { document: { ...document, paths, components }, views };
}
