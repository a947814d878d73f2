// Parameters on the wire, as OpenAPI 3.1 serializes them: path (`simple`, each value percent-encoded within its
// segment), query (`form` exploded or not, `spaceDelimited`, `pipeDelimited`, `deepObject`), header (`simple`) and
// cookie (`form`). And the inverse a server applies, `wireValue`: what a value becomes once sent as text and read
// back by its schema, so verify knows whether a broken value is still broken on the wire.
import { deref, isObject, type ParameterSpec, type Schema } from "@merchant-payments/spec/model";

/** Parameter values by name, as JSON values (a missing name is not sent). */
export type ParameterValues = Readonly<Record<string, unknown>>;

/** Where the parameters of one request go. */
export interface SerializedParameters {
  /** The path with every `{name}` replaced by its percent-encoded value. */
  readonly path: string;
  /** The query string without `?`, `""` for none. */
  readonly query: string;
  /** Header parameters (and the Cookie header, when there are cookie parameters). */
  readonly headers: Readonly<Record<string, string>>;
}

/** A path parameter's value verify cannot send: a URL parser folds `.` and `..` segments, `""` changes the route. */
export function unsendablePathValue(text: string): boolean {
  return text === "" || /^(\.|%2e){1,2}$/i.test(text);
}

/** A scalar's text: a string as is, numbers and booleans as JSON writes them, null as "". */
function scalar(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string"
    ? value
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);
}

/** Percent-encodes everything but RFC 3986's unreserved characters. */
const encode = (text: string): string =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** `simple` style (path, header): `a,b`; an object `k,v,k,v`, or `k=v,k=v` exploded. */
function simple(value: unknown, explode: boolean, enc: (s: string) => string): string {
  if (Array.isArray(value)) return value.map((v) => enc(scalar(v))).join(",");
  if (isObject(value)) {
    return Object.entries(value)
      .map(([k, v]) => (explode ? `${enc(k)}=${enc(scalar(v))}` : `${enc(k)},${enc(scalar(v))}`))
      .join(",");
  }
  return enc(scalar(value));
}

/** The query pairs of one parameter, already encoded: `name=value` items joined by `&` later. */
function queryPairs(p: ParameterSpec, value: unknown): string[] {
  const name = encode(p.name);
  if (p.style === "deepObject" && isObject(value)) {
    return Object.entries(value).map(([k, v]) => `${name}[${encode(k)}]=${encode(scalar(v))}`);
  }
  if (Array.isArray(value)) {
    const items = value.map((v) => encode(scalar(v)));
    if (p.style === "spaceDelimited") return [`${name}=${items.join("%20")}`];
    if (p.style === "pipeDelimited") return [`${name}=${items.join("|")}`];
    return p.explode ? items.map((v) => `${name}=${v}`) : [`${name}=${items.join(",")}`];
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    return p.explode
      ? entries.map(([k, v]) => `${encode(k)}=${encode(scalar(v))}`)
      : [`${name}=${entries.map(([k, v]) => `${encode(k)},${encode(scalar(v))}`).join(",")}`];
  }
  return [`${name}=${encode(scalar(value))}`];
}

/** The request's path, query and headers for `values` of `parameters` (names without a value are left out). */
export function serializeParameters(
  path: string,
  parameters: readonly ParameterSpec[],
  values: ParameterValues,
): SerializedParameters {
  let filled = path;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const p of parameters) {
    if (!(p.name in values) || values[p.name] === undefined) continue;
    const value = values[p.name];
    switch (p.in) {
      case "path":
        filled = filled.split(`{${p.name}}`).join(simple(value, p.explode, encode));
        break;
      case "query":
        query.push(...queryPairs(p, value));
        break;
      case "header":
        headers[p.name] = simple(value, p.explode, (s) => s);
        break;
      case "cookie":
        cookies.push(
          `${p.name}=${encode(Array.isArray(value) ? value.map(scalar).join(",") : scalar(value))}`,
        );
        break;
    }
  }
  if (cookies.length > 0) headers.cookie = cookies.join("; ");
  return { path: filled, query: query.join("&"), headers };
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  return typeof schema.type === "string" ? [schema.type] : [];
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * What `value` becomes once written as text and read back by a server that coerces by `schema`, as the mock and
 * OpenAPI servers do for parameters and form fields: numeric text to a number where the schema takes numbers,
 * `true`/`false` to booleans, `""` to null where null is allowed, items and properties by their own schemas.
 */
export function wireValue(document: unknown, input: Schema, value: unknown): unknown {
  const schema = (deref<Schema | undefined>(document, input) ?? {}) as Schema;
  const types = typesOf(schema);
  if (Array.isArray(value)) {
    if (!types.includes("array")) return value.map(scalar).join(",");
    return value.map((v) => wireValue(document, (schema.items ?? {}) as Schema, v));
  }
  if (isObject(value)) {
    if (!types.includes("object")) return scalar(value);
    const properties = isObject(schema.properties) ? schema.properties : {};
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        wireValue(document, (properties[k] ?? {}) as Schema, v),
      ]),
    );
  }
  if (types.includes("array")) return [wireValue(document, (schema.items ?? {}) as Schema, value)];
  const text = scalar(value);
  if ((types.includes("integer") || types.includes("number")) && NUMBER_TEXT.test(text))
    return Number(text);
  if (types.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  if (types.includes("null") && text === "") return null;
  return text;
}
