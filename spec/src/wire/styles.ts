// The parameter styles of OpenAPI 3.1 (4.8.12.4), one entry each: how a value is written into its place and how the
// text is read back. The one table client, verify, contract tests, console and mock use; adding a style is adding
// an entry here. Values are written by their JavaScript type; text is read back by the shape the schema gives
// (typing the text is `typed.ts`'s job).
import { scalarText } from "./encoding.js";

/** Where a parameter goes (OpenAPI `in`). */
export type ParameterLocation = "path" | "query" | "header" | "cookie";

/** What a schema makes of a parameter's text: one value, a list, or an object. */
export type Shape = "primitive" | "array" | "object";

/** A parameter's text as read back, before its schema types it: one text, a list, or properties. */
export type WireText = string | readonly string[] | Readonly<Record<string, string>>;

/**
 * What arrived in the parameter's place, as name/value pairs: the query's pairs (names decoded, values encoded),
 * the Cookie header's pairs, or the one `[name, text]` of a path segment or header.
 */
export type Arrived = readonly (readonly [string, string])[];

/** The text read back; or why it cannot be; undefined when the parameter is absent. */
export type Parsed = { readonly text: WireText } | { readonly problem: string } | undefined;

/** Encodes one name, key or value for the place (percent-encoding, or none in a header). */
export type Encode = (text: string) => string;

/** Decodes one piece of arrived text for the place; undefined for a broken escape. */
export type Decode = (text: string) => string | undefined;

/** One style: where OpenAPI allows it, how a value is written, how text is read back. */
export interface ParameterStyle {
  /** The places the style is defined for. */
  readonly in: readonly ParameterLocation[];
  /**
   * True when an object value stays one object on the wire whatever the schema (deepObject's `name[key]` pairs);
   * elsewhere its keys become other parameters or items of a list.
   */
  readonly keepsObjects: boolean;
  /**
   * The parameter as sent: `name=value` pieces in the query and the Cookie header, the one text of a path segment or
   * header. `name` is already encoded; `encode` encodes keys and values.
   */
  serialize(name: string, value: unknown, explode: boolean, encode: Encode): string[];
  /** The text back from what arrived, for the schema's `shape` (`keys`: an object's property names, exploded form). */
  parse(
    name: string,
    arrived: Arrived,
    explode: boolean,
    shape: Shape,
    decode: Decode,
    keys?: readonly string[],
  ): Parsed;
}

const BROKEN_ESCAPE = "is not validly percent-encoded";

/** An object's entries with a value (undefined ones are not sent), values as text. */
function entriesOf(value: object): [string, string][] {
  return Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, scalarText(v)]);
}

const isRecord = (value: unknown): value is object =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);

/** Array items, object `k,v,k,v` pieces, or the one scalar, each as encoded text. */
function pieces(value: unknown, encode: Encode): string[] {
  if (Array.isArray(value)) return value.map((v) => encode(scalarText(v)));
  if (isRecord(value)) return entriesOf(value).flatMap(([k, v]) => [encode(k), encode(v)]);
  return [encode(scalarText(value))];
}

/** Every piece decoded, or undefined when one is broken. */
function decodeAll(texts: readonly string[], decode: Decode): string[] | undefined {
  const out: string[] = [];
  for (const text of texts) {
    const decoded = decode(text);
    if (decoded === undefined) return undefined;
    out.push(decoded);
  }
  return out;
}

/** `k,v,k,v` pieces (decoded) as properties. */
function pairsObject(texts: readonly string[]): Parsed {
  if (texts.length % 2 !== 0) return { problem: "must be name,value pairs" };
  const out: Record<string, string> = {};
  for (let i = 0; i < texts.length; i += 2) out[texts[i] as string] = texts[i + 1] as string;
  return { text: out };
}

/** `k=v` pieces (encoded) as properties, each side decoded. */
function assignments(texts: readonly string[], decode: Decode): Parsed {
  const out: Record<string, string> = {};
  for (const text of texts) {
    const eq = text.indexOf("=");
    const key = decode(eq < 0 ? text : text.slice(0, eq));
    const value = decode(eq < 0 ? "" : text.slice(eq + 1));
    if (key === undefined || value === undefined) return { problem: BROKEN_ESCAPE };
    out[key] = value;
  }
  return { text: out };
}

/** One delimited text (encoded) read by `shape`: a list, `k,v` pairs (or `k=v` exploded), or one value. */
function delimited(
  text: string,
  delimiter: RegExp,
  shape: Shape,
  explode: boolean,
  decode: Decode,
): Parsed {
  const split = text === "" ? [] : text.split(delimiter);
  if (shape === "object" && explode) return assignments(split, decode);
  if (shape === "primitive") {
    const one = decode(text);
    return one === undefined ? { problem: BROKEN_ESCAPE } : { text: one };
  }
  const decoded = decodeAll(split, decode);
  if (decoded === undefined) return { problem: BROKEN_ESCAPE };
  return shape === "array" ? { text: decoded } : pairsObject(decoded);
}

/** The values arrived under `name`. */
const valuesOf = (arrived: Arrived, name: string) =>
  arrived.filter(([key]) => key === name).map(([, value]) => value);

/** The one value arrived under `name`: undefined when absent, a problem when given more than once. */
function oneValue(
  arrived: Arrived,
  name: string,
): { value: string } | { problem: string } | undefined {
  const values = valuesOf(arrived, name);
  if (values.length === 0) return undefined;
  if (values.length > 1) return { problem: `must be given once, not ${values.length} times` };
  return { value: values[0] as string };
}

/** A query style writing a list or `k,v` pairs as one `name=` value joined by `joiner` (read back by `splitter`). */
function joinedStyle(joiner: string, splitter: RegExp): ParameterStyle {
  return {
    in: ["query"],
    keepsObjects: false,
    serialize: (name, value, explode, encode) =>
      explode && (Array.isArray(value) || isRecord(value))
        ? form.serialize(name, value, explode, encode)
        : [`${name}=${pieces(value, encode).join(joiner)}`],
    parse(name, arrived, explode, shape, decode, keys) {
      if (explode && shape !== "primitive")
        return form.parse(name, arrived, explode, shape, decode, keys);
      const one = oneValue(arrived, name);
      if (one === undefined || "problem" in one) return one;
      return delimited(one.value, splitter, shape, false, decode);
    },
  };
}

/** `form` (query, cookie): `name=a,b` or exploded `name=a&name=b`; an object `name=k,v` or exploded `k=v&k2=v2`. */
const form: ParameterStyle = {
  in: ["query", "cookie"],
  keepsObjects: false,
  serialize(name, value, explode, encode) {
    if (explode && Array.isArray(value))
      return value.map((v) => `${name}=${encode(scalarText(v))}`);
    if (explode && isRecord(value))
      return entriesOf(value).map(([k, v]) => `${encode(k)}=${encode(v)}`);
    return [`${name}=${pieces(value, encode).join(",")}`];
  },
  parse(name, arrived, explode, shape, decode, keys) {
    if (explode && shape === "array") {
      const values = valuesOf(arrived, name);
      if (values.length === 0) return undefined;
      const decoded = decodeAll(values, decode);
      return decoded === undefined ? { problem: BROKEN_ESCAPE } : { text: decoded };
    }
    if (explode && shape === "object") {
      const own = arrived.filter(([key]) => keys === undefined || keys.includes(key));
      if (own.length === 0) return undefined;
      return assignments(
        own.map(([key, value]) => `${encodeURIComponent(key)}=${value}`),
        decode,
      );
    }
    const one = oneValue(arrived, name);
    if (one === undefined || "problem" in one) return one;
    return delimited(one.value, /,/, shape, false, decode);
  },
};

/** The one text arrived for a path segment or header, or undefined. */
const textOf = (arrived: Arrived, name: string) => valuesOf(arrived, name)[0];

/** `simple` (path, header): `a,b`; an object `k,v,k2,v2`, or `k=v,k2=v2` exploded. */
const simple: ParameterStyle = {
  in: ["path", "header"],
  keepsObjects: false,
  serialize(_name, value, explode, encode) {
    if (explode && isRecord(value))
      return [
        entriesOf(value)
          .map(([k, v]) => `${encode(k)}=${encode(v)}`)
          .join(","),
      ];
    return [pieces(value, encode).join(",")];
  },
  parse(name, arrived, explode, shape, decode) {
    const text = textOf(arrived, name);
    return text === undefined ? undefined : delimited(text, /,/, shape, explode, decode);
  },
};

/** A `.` in a label's value is data: encoded so that it is no delimiter. */
const labelEncode = (encode: Encode) => (text: string) => encode(text).replace(/\./g, "%2E");

/** `label` (path): `.a`; a list `.a,b` or exploded `.a.b`; an object `.k,v` or exploded `.k=v.k2=v2`. */
const label: ParameterStyle = {
  in: ["path"],
  keepsObjects: false,
  serialize(_name, value, explode, encode) {
    const enc = labelEncode(encode);
    if (explode && isRecord(value))
      return [
        `.${entriesOf(value)
          .map(([k, v]) => `${enc(k)}=${enc(v)}`)
          .join(".")}`,
      ];
    return [`.${pieces(value, enc).join(explode && Array.isArray(value) ? "." : ",")}`];
  },
  parse(name, arrived, explode, shape, decode) {
    const text = textOf(arrived, name);
    if (text === undefined) return undefined;
    if (!text.startsWith(".")) return { problem: "must start with '.' (label style)" };
    return delimited(text.slice(1), explode ? /\./ : /,/, shape, explode, decode);
  },
};

/** `matrix` (path): `;name=a`; a list `;name=a,b` or exploded `;name=a;name=b`; an object `;name=k,v` or `;k=v;k2=v2`. */
const matrix: ParameterStyle = {
  in: ["path"],
  keepsObjects: false,
  serialize(name, value, explode, encode) {
    const assign = (key: string, text: string) => (text === "" ? `;${key}` : `;${key}=${text}`);
    if (explode && Array.isArray(value))
      return [value.map((v) => assign(name, encode(scalarText(v)))).join("")];
    if (explode && isRecord(value))
      return [
        entriesOf(value)
          .map(([k, v]) => assign(encode(k), encode(v)))
          .join(""),
      ];
    return [assign(name, pieces(value, encode).join(","))];
  },
  parse(name, arrived, explode, shape, decode, keys) {
    const text = textOf(arrived, name);
    if (text === undefined) return undefined;
    if (!text.startsWith(";")) return { problem: "must start with ';' (matrix style)" };
    const parts: [string, string][] = text
      .slice(1)
      .split(";")
      .filter((part) => part !== "")
      .map((part) => {
        const eq = part.indexOf("=");
        return [decode(eq < 0 ? part : part.slice(0, eq)) ?? "", eq < 0 ? "" : part.slice(eq + 1)];
      });
    if (explode && shape !== "primitive")
      return (
        form.parse(name, parts, true, shape, decode, keys) ?? { text: shape === "array" ? [] : {} }
      );
    const own = parts.find(([key]) => key === name);
    return own === undefined
      ? { problem: `must name ${name} (matrix style)` }
      : delimited(own[1], /,/, shape, false, decode);
  },
};

/** `deepObject` (query): an object as `name[k]=v&name[k2]=v2`; anything else as `form` writes it. */
const deepObject: ParameterStyle = {
  in: ["query"],
  keepsObjects: true,
  serialize(name, value, explode, encode) {
    if (!isRecord(value)) return form.serialize(name, value, explode, encode);
    return entriesOf(value).map(([k, v]) => `${name}[${encode(k)}]=${encode(v)}`);
  },
  parse(name, arrived, explode, shape, decode, keys) {
    if (shape !== "object") return form.parse(name, arrived, explode, shape, decode, keys);
    const own: [string, string][] = [];
    for (const [key, value] of arrived) {
      const match = /^(.*)\[([^\]]*)\]$/.exec(key);
      if (match?.[1] === name) own.push([match[2] as string, value]);
    }
    return own.length === 0 ? undefined : form.parse(name, own, true, "object", decode);
  },
};

/** Every parameter style of OpenAPI 3.1, by its name: adding a style is adding an entry here. */
export const STYLES: Readonly<Record<string, ParameterStyle>> = Object.freeze({
  form,
  simple,
  label,
  matrix,
  spaceDelimited: joinedStyle("%20", /%20|\+| /i),
  pipeDelimited: joinedStyle("|", /%7C|\|/i),
  deepObject,
});
