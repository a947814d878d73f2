// The console's parameters: which ones get a field, how the text typed there becomes a value typed by the schema,
// how the values are checked, and how they are written into the URL and the headers (by the spec's wire module: a
// parameter style is one entry in spec/src/wire/styles.ts).
// Pure: no DOM, no network.
import {
  escapePointer,
  type Issue,
  type OperationSpec,
  type ParameterSpec,
  type SpecAjv,
  typesOf,
} from "@merchant-payments/spec/model";
import {
  encodeText,
  serializeParameter,
  serializeParameters,
  typedText,
} from "@merchant-payments/spec/wire";

/** Headers the console sets itself (or the browser does): never a field of their own. */
const OWN_HEADERS = new Set(["accept", "content-type", "authorization", "content-length"]);

/** The Issue path of a parameter: a JSON Pointer into `{ path: {...}, query: {...}, header: {...} }`. */
function parameterPath(param: Pick<ParameterSpec, "in" | "name">, rest = ""): string {
  return `/${param.in}/${escapePointer(param.name)}${rest}`;
}

/**
 * The parameters that get a field in the panel: path, query and header parameters, except the headers the console
 * sets itself, `Accept-Language` (its own field) and headers copied from the body (`x-equals-body-property`).
 * Cookies are left out: a page cannot set them on a cross-origin request.
 */
export function parameterFields(op: OperationSpec): readonly ParameterSpec[] {
  return op.parameters.filter((p) => {
    if (p.in === "cookie") return false;
    if (p.in !== "header") return true;
    const lower = p.name.toLowerCase();
    return !OWN_HEADERS.has(lower) && lower !== "accept-language" && !p.equalsBodyProperty;
  });
}

/** The schema type a value is read as: `array`, `object`, `integer`, `number`, `boolean` or `string`. */
export function schemaKind(schema: Record<string, unknown>): string {
  const types = typesOf(schema);
  for (const kind of ["array", "object", "integer", "number", "boolean"])
    if (types.includes(kind)) return kind;
  return "string";
}

/** True when the parameter is typed as an array (its field takes one value per line). */
export function isArrayParameter(param: ParameterSpec): boolean {
  return schemaKind(param.schema) === "array";
}

/**
 * A scalar as typed, read by its schema as a server reads it from the wire (the spec's one rule, `typedText`:
 * JSON's number grammar, so `007` stays text and the schema then refuses it; `true`/`false`).
 */
function readScalar(schema: Record<string, unknown>, text: string): unknown {
  return typedText(schema, text);
}

/**
 * The value of a parameter from the text of its field: `undefined` for an empty field; an array one item per
 * non-empty line; an object as JSON (text that is no JSON is kept, and fails the schema); a scalar by its type.
 */
function readParameter(param: ParameterSpec, text: string): unknown {
  const kind = schemaKind(param.schema);
  if (text.trim() === "") return undefined;
  if (kind === "array") {
    const items = (param.schema.items ?? {}) as Record<string, unknown>;
    return text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "")
      .map((line) => readScalar(items, line));
  }
  if (kind === "object") {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return readScalar(param.schema, text.trim());
}

/** The text a parameter's field starts with: its example (else its schema's default), as `readParameter` reads it. */
export function initialParameterText(param: ParameterSpec): string {
  const value = param.example !== undefined ? param.example : param.schema.default;
  if (value === undefined) return "";
  if (Array.isArray(value)) return value.map(String).join("\n");
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * The text a parameter's field of `op` starts with: `initialParameterText`, but empty for a paginated operation's
 * cursor (`x-pagination.cursor`): the first page is asked for without one, and "Next page" fills it.
 */
export function initialParameterFieldText(op: OperationSpec, param: ParameterSpec): string {
  return param.in === "query" && param.name === op.pagination?.cursor
    ? ""
    : initialParameterText(param);
}

/** The parameters' values and every problem found in them, each at `parameterPath`. */
export interface CheckedParameters {
  /** The values by parameter (absent when the field is empty). */
  readonly values: ReadonlyMap<ParameterSpec, unknown>;
  /** Every problem: a required parameter left empty, or a value its schema refuses. */
  readonly issues: readonly Issue[];
}

/** Reads and checks every field of `texts` (by parameter) against its schema, with the project's validators. */
export function checkParameters(
  specAjv: SpecAjv,
  params: readonly ParameterSpec[],
  texts: ReadonlyMap<ParameterSpec, string>,
): CheckedParameters {
  const values = new Map<ParameterSpec, unknown>();
  const issues: Issue[] = [];
  for (const param of params) {
    const value = readParameter(param, texts.get(param) ?? "");
    if (value === undefined) {
      if (param.required)
        issues.push({
          path: parameterPath(param),
          message: `is required (${param.in} parameter ${param.name})`,
          keyword: "required",
        });
      continue;
    }
    values.set(param, value);
    for (const issue of specAjv.issuesAt(param.schemaPointer, value))
      issues.push({ ...issue, path: parameterPath(param, issue.path) });
  }
  return { values, issues };
}

/** Percent-encodes a value for a URL component (RFC 3986 unreserved characters kept). */
export function encode(value: unknown): string {
  return encodeText(String(value));
}

/** The operation's path with each `{name}` replaced by its value in its style, percent-encoded within its segment. */
export function fillPath(path: string, values: ReadonlyMap<ParameterSpec, unknown>): string {
  return serializeParameters(
    path,
    [...values.keys()].filter((p) => p.in === "path"),
    (p) => values.get(p as ParameterSpec),
  ).path;
}

/**
 * The query string (with its `?`, or `""`) of the query parameters in `values`, in the operation's order, each in
 * its style (the spec's wire module); `extra` pairs (an API key in the query) come last.
 */
export function queryString(
  values: ReadonlyMap<ParameterSpec, unknown>,
  extra: readonly (readonly [string, string])[] = [],
): string {
  const pairs = [
    ...serializeParameters(
      "",
      [...values.keys()].filter((p) => p.in === "query"),
      (p) => values.get(p as ParameterSpec),
    ).query,
  ];
  for (const [name, value] of extra) pairs.push(`${encode(name)}=${encode(value)}`);
  return pairs.length ? `?${pairs.join("&")}` : "";
}

/** The header parameters in `values` as `[name, value]`, each in its style (`simple`: arrays comma-joined). */
export function parameterHeaders(values: ReadonlyMap<ParameterSpec, unknown>): [string, string][] {
  const out: [string, string][] = [];
  for (const [param, value] of values)
    if (param.in === "header") out.push([param.name, serializeParameter(param, value).join("")]);
  return out;
}
