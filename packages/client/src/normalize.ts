import { excerpt, UnexpectedResponseError } from "./errors.js";
import { redact } from "./redact.js";

/** Deepest nesting of arrays and objects the client reads in an answer; deeper is an UnexpectedResponseError. */
export const MAX_ANSWER_DEPTH = 64;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;

/** The index after the string whose opening quote is at `start` (text.length when it never ends). */
function endOfString(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/**
 * One linear pass over JSON `text` (no regular expression, no recursion): whether it nests deeper than
 * MAX_ANSWER_DEPTH, and, when `field` is given, the digits of the integer value of the LAST `field` member of the
 * top-level object (JSON.parse keeps the last of duplicate keys, so those are the digits of the value it kept).
 */
function scanJson(text: string, field?: string): { tooDeep: boolean; digits: string | undefined } {
  let depth = 0;
  let digits: string | undefined;
  const quotedField = field === undefined ? undefined : JSON.stringify(field);
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = endOfString(text, i);
      if (quotedField !== undefined && depth === 1 && text.slice(i, end) === quotedField) {
        const member = /^\s*:\s*(-?\d+)\s*[,}]/.exec(text.slice(end, end + 64));
        if (member) digits = member[1];
        else if (/^\s*:/.test(text.slice(end, end + 16))) digits = undefined;
      }
      i = end;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > MAX_ANSWER_DEPTH) return { tooDeep: true, digits: undefined };
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    i++;
  }
  return { tooDeep: false, digits };
}

/** True when JSON `text` nests arrays and objects deeper than MAX_ANSWER_DEPTH (a shorter text cannot). */
export function nestsTooDeep(text: string): boolean {
  return text.length > MAX_ANSWER_DEPTH && scanJson(text).tooDeep;
}

/**
 * Parses a 2xx JSON body; fields typed integer-or-string become strings with every digit kept (of the last
 * occurrence of a duplicated key: the value JSON.parse keeps). Throws UnexpectedResponseError for a body that is not
 * JSON (or is empty) or nests deeper than MAX_ANSWER_DEPTH.
 */
export function parseResult(
  status: number,
  text: string,
  stringified: readonly string[],
  secret?: string,
  requestId?: string,
): unknown {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UnexpectedResponseError(status, redact(excerpt(text), secret), requestId);
  }
  if (data !== null && typeof data === "object" && nestsTooDeep(text)) {
    throw new UnexpectedResponseError(
      status,
      redact(excerpt(text), secret),
      requestId,
      `nested deeper than ${MAX_ANSWER_DEPTH} levels`,
    );
  }
  if (stringified.length > 0 && data !== null && typeof data === "object") {
    const obj = data as Record<string, unknown>;
    for (const field of stringified) {
      const value = obj[field];
      if (typeof value !== "number") continue;
      const digits = scanJson(text, field).digits;
      obj[field] = digits !== undefined && Number(digits) === value ? digits : String(value);
    }
  }
  return data;
}

/** An error body: parsed JSON when it is JSON, else the raw text (e.g. an HTML page from a gateway). */
export function parseErrorBody(text: string): unknown {
  const c = text.trimStart()[0];
  if (c === "{" || c === "[" || c === '"') {
    try {
      if (nestsTooDeep(text)) return text;
      return JSON.parse(text);
    } catch {
      // not JSON after all; keep the text
    }
  }
  return text;
}

/** Response headers as a plain object with lower-case names, the access token redacted from values, set-cookie dropped. */
export function headersToObject(headers: Headers, secret?: string): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    if (key !== "set-cookie") out[key] = redact(value, secret);
  });
  return out;
}
