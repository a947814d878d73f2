// The operation's parameters as the request carries them (path, query, header, cookie), decoded by their OpenAPI
// style (simple; form with or without explode; spaceDelimited; pipeDelimited; deepObject) and typed by their schema,
// then validated with the project's validator: every issue names the parameter.
import type { IncomingHttpHeaders } from "node:http";
import {
  deref,
  type Issue,
  isObject,
  type Json,
  type OperationSpec,
  type ParameterSpec,
  type SpecAjv,
} from "@merchant-payments/spec/model";

/** The parts of a request the parameters are read from. */
export interface RequestParts {
  /** The path as received (still percent-encoded). */
  readonly pathname: string;
  /** The query as received, without `?` (still percent-encoded). */
  readonly search: string;
  /** The request headers (lower-case names). */
  readonly headers: IncomingHttpHeaders;
}

const patterns = new Map<string, { pattern: RegExp; names: string[] }>();

/** A path template as a pattern: `/a/{id}` matches `/a/x` and captures `x` (one segment, still encoded). */
export function templatePattern(template: string): { pattern: RegExp; names: string[] } {
  const known = patterns.get(template);
  if (known) return known;
  const names: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(name);
      return "([^/]+)";
    })
    .join("");
  const compiled = { pattern: new RegExp(`^${source}$`), names };
  patterns.set(template, compiled);
  return compiled;
}

/** `+` and percent-escapes decoded (a query's form encoding); undefined for a broken escape. */
function decodeQueryText(text: string): string | undefined {
  return decodeText(text.replace(/\+/g, " "));
}

/** Percent-escapes decoded; undefined for a broken escape. */
function decodeText(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The raw query as name/value pairs, names decoded, values still encoded (so a delimiter sent encoded stays data). */
function queryPairs(search: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of search.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const name = decodeQueryText(eq < 0 ? part : part.slice(0, eq));
    if (name !== undefined) pairs.push([name, eq < 0 ? "" : part.slice(eq + 1)]);
  }
  return pairs;
}

function typesOf(schema: Json): string[] {
  if (typeof schema?.type === "string") return [schema.type];
  if (Array.isArray(schema?.type)) return schema.type.map(String);
  return [];
}

const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A parameter's text as its schema types it: digits become a number for an integer or number schema, `true`/`false`
 * a boolean for a boolean one; anything else stays text (and the schema then says what is wrong with it).
 */
export function typedText(schema: Json, text: string): unknown {
  const types = typesOf(schema);
  const trimmed = text.trim();
  if ((types.includes("integer") || types.includes("number")) && NUMBER_TEXT.test(trimmed))
    return Number(trimmed);
  if (types.includes("boolean") && (trimmed === "true" || trimmed === "false"))
    return trimmed === "true";
  if (types.includes("null") && trimmed === "" && !types.includes("string")) return null;
  return text;
}

/** A decoded parameter, or why it cannot be decoded. */
type Decoded = { value: unknown } | { problem: string };

const BROKEN_ESCAPE = "is not validly percent-encoded";

/** Splits text by `delimiter`, decodes each piece and types it by `items`. */
function typedList(
  pieces: readonly string[],
  items: Json,
  decode: (text: string) => string | undefined,
): Decoded {
  const out: unknown[] = [];
  for (const piece of pieces) {
    const text = decode(piece);
    if (text === undefined) return { problem: BROKEN_ESCAPE };
    out.push(typedText(items, text));
  }
  return { value: out };
}

/** `k,v,k,v` (simple and form without explode) as an object typed by its properties. */
function typedPairs(
  pieces: readonly string[],
  document: Json,
  schema: Json,
  decode: (text: string) => string | undefined,
): Decoded {
  if (pieces.length % 2 !== 0) return { problem: "must be name,value pairs" };
  const out: Record<string, unknown> = {};
  for (let i = 0; i < pieces.length; i += 2) {
    const key = decode(pieces[i] as string);
    const text = decode(pieces[i + 1] as string);
    if (key === undefined || text === undefined) return { problem: BROKEN_ESCAPE };
    out[key] = typedText(deref(document, schema.properties?.[key] ?? {}), text);
  }
  return { value: out };
}

/** The delimiter of an array or object of a style, on the encoded text. */
function delimiterOf(parameter: ParameterSpec): RegExp {
  if (parameter.style === "spaceDelimited") return /%20|\+| /i;
  if (parameter.style === "pipeDelimited") return /%7C|\|/i;
  return /,/;
}

/** One value of a parameter, from its encoded text: scalar, array or object as its schema says. */
function decodeOne(
  parameter: ParameterSpec,
  document: Json,
  encoded: string,
  decode: (text: string) => string | undefined,
): Decoded {
  const schema = parameter.schema;
  const types = typesOf(schema);
  if (types.includes("array"))
    return typedList(
      encoded === "" ? [] : encoded.split(delimiterOf(parameter)),
      deref(document, schema.items ?? {}),
      decode,
    );
  if (types.includes("object") && !parameter.explode)
    return typedPairs(encoded.split(delimiterOf(parameter)), document, schema, decode);
  const text = decode(encoded);
  return text === undefined ? { problem: BROKEN_ESCAPE } : { value: typedText(schema, text) };
}

/** A query parameter's value by its style: undefined when the request does not carry it. */
function queryValue(
  parameter: ParameterSpec,
  document: Json,
  pairs: readonly [string, string][],
): Decoded | undefined {
  const { name, schema } = parameter;
  const types = typesOf(schema);
  if (parameter.style === "deepObject" || (types.includes("object") && parameter.explode)) {
    // deepObject: `period[from]=…&period[to]=…`; form exploded: each property its own `from=…&to=…`.
    const out: Record<string, unknown> = {};
    let found = false;
    for (const [key, encoded] of pairs) {
      const property =
        parameter.style === "deepObject"
          ? /^([^[]+)\[([^\]]*)\]$/.exec(key)?.[1] === name
            ? /\[([^\]]*)\]$/.exec(key)?.[1]
            : undefined
          : isObject(schema.properties) && key in schema.properties
            ? key
            : undefined;
      if (property === undefined) continue;
      const text = decodeQueryText(encoded);
      if (text === undefined) return { problem: BROKEN_ESCAPE };
      found = true;
      out[property] = typedText(deref(document, schema.properties?.[property] ?? {}), text);
    }
    return found ? { value: out } : undefined;
  }
  const values = pairs.filter(([key]) => key === name).map(([, encoded]) => encoded);
  if (values.length === 0) return undefined;
  if (types.includes("array") && parameter.explode)
    return typedList(values, deref(document, schema.items ?? {}), decodeQueryText);
  if (values.length > 1) return { problem: `must be given once, not ${values.length} times` };
  return decodeOne(parameter, document, values[0] as string, decodeQueryText);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The values of the path's `{name}` segments (still encoded), by name; empty when the path does not match. */
export function pathValues(template: string, pathname: string): Record<string, string> {
  const { pattern, names } = templatePattern(template);
  const match = pattern.exec(pathname);
  const out: Record<string, string> = {};
  if (match) for (const [i, name] of names.entries()) out[name] = match[i + 1] as string;
  return out;
}

/** One parameter's value as the request carries it, decoded and typed; undefined when it is absent. */
export function parameterValue(
  parameter: ParameterSpec,
  document: Json,
  parts: RequestParts,
  fromPath: Readonly<Record<string, string>> = {},
  pairs: readonly [string, string][] = queryPairs(parts.search),
): Decoded | undefined {
  switch (parameter.in) {
    case "path": {
      const encoded = fromPath[parameter.name];
      return encoded === undefined
        ? undefined
        : decodeOne(parameter, document, encoded, decodeText);
    }
    case "query":
      return queryValue(parameter, document, pairs);
    case "header": {
      const raw = parts.headers[parameter.name.toLowerCase()];
      if (raw === undefined) return undefined;
      const text = Array.isArray(raw) ? raw.join(", ") : raw;
      return decodeOne(parameter, document, text, (t) => t.trim());
    }
    case "cookie": {
      const encoded = cookieValue(parts.headers.cookie, parameter.name);
      return encoded === undefined
        ? undefined
        : decodeOne(parameter, document, encoded, decodeText);
    }
  }
}

const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/**
 * Every issue of the operation's parameters in this request: a required one missing, one that cannot be decoded
 * by its style, one that breaks its schema. Each issue's `check` is the parameter's place, its `path` the
 * parameter's name (then a pointer inside its value: `period/from`, `status/1`).
 */
export function parameterIssues(ajv: SpecAjv, op: OperationSpec, parts: RequestParts): Issue[] {
  const issues: Issue[] = [];
  if (op.parameters.length === 0) return [];
  const fromPath = op.pathParameters.length > 0 ? pathValues(op.path, parts.pathname) : {};
  const pairs = queryPairs(parts.search);
  for (const parameter of op.parameters) {
    // OpenAPI: header parameters named Accept, Content-Type or Authorization are ignored (HTTP itself defines them).
    if (parameter.in === "header" && IGNORED_HEADERS.has(parameter.name.toLowerCase())) continue;
    const at = { check: parameter.in, path: parameter.name };
    const decoded = parameterValue(parameter, ajv.document, parts, fromPath, pairs);
    if (decoded === undefined) {
      if (parameter.required) issues.push({ ...at, message: "is required", keyword: "required" });
      continue;
    }
    if ("problem" in decoded) {
      issues.push({ ...at, message: decoded.problem });
      continue;
    }
    for (const issue of ajv.issuesAt(parameter.schemaPointer, decoded.value)) {
      issues.push({ ...issue, ...at, path: `${parameter.name}${issue.path}` });
    }
  }
  return issues;
}
