// Parameters in their places: each one written by its style into the path, the query, a header or the Cookie
// header, and read back from a request and typed by its schema. Styles themselves are `styles.ts`'s table.
import { deref, isObject, type Json } from "../refs.js";
import { cookieHeader, cookiePairs, encodeCookieValue } from "./cookies.js";
import { asIs, decodeQueryText, decodeText, encodeText, queryPairs, trimmed } from "./encoding.js";
import {
  type Arrived,
  type Decode,
  type ParameterLocation,
  type ParameterStyle,
  type Parsed,
  STYLES,
} from "./styles.js";
import { shapeOf, typedValue } from "./typed.js";

/** What the wire needs of a parameter: its name, place, and (OpenAPI's defaults when absent) style and explode. */
export interface WireParameter {
  /** The name as the document spells it. */
  readonly name: string;
  /** Where it goes. */
  readonly in: ParameterLocation;
  /** Its style; default `simple` for path and header, `form` for query and cookie. */
  readonly style?: string;
  /** Whether arrays and objects are exploded; default true for `form`, false otherwise. */
  readonly explode?: boolean;
}

/** A style name the wire module has no entry for (the document's, or a caller's). */
export class UnknownStyleError extends TypeError {
  /** @param style the style name asked for */
  constructor(readonly style: string) {
    super(`unknown parameter style "${style}" (known: ${Object.keys(STYLES).join(", ")})`);
    this.name = "UnknownStyleError";
  }
}

/** The parameter's style name, OpenAPI's default when it gives none. */
export function styleName(p: WireParameter): string {
  return p.style ?? (p.in === "path" || p.in === "header" ? "simple" : "form");
}

/** The parameter's style entry; throws UnknownStyleError for a style the table lacks. */
export function styleOf(p: WireParameter): ParameterStyle {
  const name = styleName(p);
  const style = STYLES[name];
  if (style === undefined) throw new UnknownStyleError(name);
  return style;
}

/** Whether the parameter's arrays and objects are exploded (OpenAPI's default: only for `form`). */
export function explodeOf(p: WireParameter): boolean {
  return p.explode ?? styleName(p) === "form";
}

/**
 * One parameter as sent: `name=value` pieces for the query and the Cookie header, the one text of a path segment
 * or header; percent-encoded (RFC 3986 unreserved characters kept) in the path and query, a cookie's value as
 * cookies.ts says (RFC 6265 cookie-octets kept), a header's not at all.
 */
export function serializeParameter(p: WireParameter, value: unknown): string[] {
  const encode = p.in === "header" ? asIs : p.in === "cookie" ? encodeCookieValue : encodeText;
  return styleOf(p).serialize(encodeText(p.name), value, explodeOf(p), encode);
}

/** Where the parameters of one request go. */
export interface SerializedParameters {
  /** The path with every `{name}` replaced by its value's text. */
  readonly path: string;
  /** The query's `name=value` pieces (joined by `&`), encoded. */
  readonly query: readonly string[];
  /** Header parameters by name as the document spells it, and `cookie` when there are cookie parameters. */
  readonly headers: Readonly<Record<string, string>>;
}

/** The path, query pieces and headers of `parameters`, each value from `valueFor` (undefined: not sent). */
export function serializeParameters(
  path: string,
  parameters: readonly WireParameter[],
  valueFor: (p: WireParameter) => unknown,
): SerializedParameters {
  let filled = path;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const p of parameters) {
    const value = valueFor(p);
    if (value === undefined) continue;
    const pieces = serializeParameter(p, value);
    if (p.in === "path") filled = filled.split(`{${p.name}}`).join(pieces.join(""));
    else if (p.in === "query") query.push(...pieces);
    else if (p.in === "header") headers[p.name] = pieces.join("");
    else cookies.push(...pieces);
  }
  const cookie = cookieHeader(cookies);
  if (cookie !== undefined) headers.cookie = cookie;
  return { path: filled, query, headers };
}

/** What arrived of a request, as a server reads parameters from it. */
export interface ArrivedRequest {
  /** The path template's `{name}` segments, still encoded. */
  readonly pathValues: Readonly<Record<string, string>>;
  /** The query's pairs (see `queryPairs`). */
  readonly query: Arrived;
  /** The request headers by lower-case name. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
}

/** What arrived in the parameter's place, and how its pieces are decoded there. */
function arrivedAt(p: WireParameter, request: ArrivedRequest): [Arrived, Decode] {
  switch (p.in) {
    case "path": {
      const text = request.pathValues[p.name];
      return [text === undefined ? [] : [[p.name, text]], decodeText];
    }
    case "query":
      return [request.query, decodeQueryText];
    case "header": {
      const raw = request.headers[p.name.toLowerCase()];
      const text = typeof raw === "string" ? raw : raw?.join(", ");
      return [text === undefined ? [] : [[p.name, text]], trimmed];
    }
    case "cookie": {
      return [cookiePairs(request.headers.cookie), decodeText];
    }
  }
}

/** One parameter's text as the request carries it, read by its style for its schema's shape. */
export function parameterText(p: WireParameter, schema: Json, request: ArrivedRequest): Parsed {
  const [arrived, decode] = arrivedAt(p, request);
  const keys = isObject(schema?.properties) ? Object.keys(schema.properties) : undefined;
  return styleOf(p).parse(p.name, arrived, explodeOf(p), shapeOf(schema), decode, keys);
}

/**
 * One parameter's value as the request carries it, read by its style and typed by its schema (`$ref`s followed in
 * `document`); a problem when it cannot be read; undefined when absent.
 */
export function readParameter(
  document: Json,
  p: WireParameter & { readonly schema: Json },
  request: ArrivedRequest,
): { readonly value: unknown } | { readonly problem: string } | undefined {
  const schema = deref(document, p.schema ?? {});
  const parsed = parameterText(p, schema, request);
  if (parsed === undefined || "problem" in parsed) return parsed;
  return { value: typedValue(document, schema, parsed.text) };
}

/** The request a server gets for `value` sent as parameter `p` alone (its pieces in their place). */
function arrivedFor(p: WireParameter, value: unknown): ArrivedRequest {
  const pieces = serializeParameter(p, value);
  const none = { pathValues: {}, query: [], headers: {} };
  if (p.in === "path") return { ...none, pathValues: { [p.name]: pieces.join("") } };
  if (p.in === "query") return { ...none, query: queryPairs(pieces.join("&")) };
  if (p.in === "header") return { ...none, headers: { [p.name.toLowerCase()]: pieces.join("") } };
  return { ...none, headers: { cookie: pieces.join("; ") } };
}

/**
 * What a server reads of `value` sent as parameter `p`: written by its style, read back by it and typed by its
 * schema, exactly as `readParameter` reads a request (undefined: nothing arrives, e.g. an exploded empty list).
 */
export function readBackParameter(
  document: Json,
  p: WireParameter & { readonly schema: Json },
  value: unknown,
): { readonly value: unknown } | { readonly problem: string } | undefined {
  return readParameter(document, p, arrivedFor(p, value));
}
