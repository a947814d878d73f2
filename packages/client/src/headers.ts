import { notSent } from "./errors.js";
import { type OperationInfo, operations } from "./generated/operation-table.js";

/** A header name: an RFC 9110 token. */
const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header value: visible ASCII and inner spaces or tabs, no CR/LF (which would inject headers). */
const VALUE = /^[\t\x20-\x7e]*$/;

/** Headers of HTTP framing and connection management, which only the transport may set. */
const FRAMING_HEADERS = [
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "expect",
  "host",
  "te",
  "trailer",
] as const;

/**
 * Why only the client may set the header `lower` (a lower-case name), or undefined when a caller may: the credential,
 * the body's media type, the HTTP framing headers (a caller's value would break or smuggle the request) and headers
 * copied from the body.
 */
function reservedBecause(lower: string): string | undefined {
  if (lower === "authorization") return "the client sets it from `token`";
  if (lower === "content-type") return "the client always sends JSON";
  if ((FRAMING_HEADERS as readonly string[]).includes(lower)) {
    return "the transport sets it (HTTP framing)";
  }
  // As OperationInfo: a spec without any derived header types the literal table's `derivedHeaders` as `never`.
  for (const info of Object.values(operations) as OperationInfo[]) {
    for (const [header, property] of info.derivedHeaders) {
      if (header.toLowerCase() === lower)
        return `the client copies it from the body's \`${property}\``;
    }
  }
  return undefined;
}

/** No headers: what `checkHeaders` gives for none. */
export const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * `headers` with lower-case names, checked: a plain object of string values, names that are header tokens, values
 * without CR/LF; `Authorization`, `Content-Type`, HTTP framing headers and headers copied from the body are refused. Throws TypeError (with
 * `mayHaveBeenProcessed: false`) naming `where`; gives NO_HEADERS for undefined or an empty object.
 */
export function checkHeaders(headers: unknown, where: string): Readonly<Record<string, string>> {
  if (headers === undefined) return NO_HEADERS;
  if (headers === null || typeof headers !== "object" || Array.isArray(headers)) {
    throw notSent(new TypeError(`${where} must be an object of header names to string values`));
  }
  const names = Object.keys(headers);
  if (names.length === 0) return NO_HEADERS;
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = (headers as Record<string, unknown>)[name];
    const lower = name.toLowerCase();
    const why = reservedBecause(lower);
    if (why !== undefined) {
      throw notSent(new TypeError(`${where}: "${name}" may not be set here: ${why}`));
    }
    if (!NAME.test(name)) throw notSent(new TypeError(`${where}: "${name}" is not a header name`));
    if (typeof value !== "string" || !VALUE.test(value)) {
      throw notSent(
        new TypeError(`${where}: the value of "${name}" must be a string without line breaks`),
      );
    }
    out[lower] = value;
  }
  return out;
}
