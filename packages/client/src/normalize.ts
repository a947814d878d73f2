import { nestsDeeperThan } from "@merchant-payments/kit/json-scan";
import { redactSecret } from "@merchant-payments/kit/redact";
import { excerpt, UnexpectedResponseError } from "./errors.js";

/** Deepest nesting of arrays and objects the client reads in an answer; deeper is an UnexpectedResponseError. */
const MAX_ANSWER_DEPTH = 64;

/**
 * The digits of the integer value of the LAST `field` member of the top-level object of JSON `text` (JSON.parse keeps
 * the last of duplicate keys, so those are the digits of the value it kept); undefined when there is none.
 */
function lastIntegerDigits(text: string, field: string): string | undefined {
  let digits: string | undefined;
  const quotedField = JSON.stringify(field);
  nestsDeeperThan(text, Number.POSITIVE_INFINITY, (start, end, depth) => {
    if (depth !== 1 || text.slice(start, end) !== quotedField) return;
    const member = /^\s*:\s*(-?\d+)\s*[,}]/.exec(text.slice(end, end + 64));
    if (member) digits = member[1];
    else if (/^\s*:/.test(text.slice(end, end + 16))) digits = undefined;
  });
  return digits;
}

/** True when JSON `text` nests arrays and objects deeper than MAX_ANSWER_DEPTH (a shorter text cannot). */
function nestsTooDeep(text: string): boolean {
  return text.length > MAX_ANSWER_DEPTH && nestsDeeperThan(text, MAX_ANSWER_DEPTH);
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
    throw new UnexpectedResponseError(status, redactSecret(excerpt(text), secret), requestId);
  }
  if (data !== null && typeof data === "object" && nestsTooDeep(text)) {
    throw new UnexpectedResponseError(
      status,
      redactSecret(excerpt(text), secret),
      requestId,
      `nested deeper than ${MAX_ANSWER_DEPTH} levels`,
    );
  }
  if (stringified.length > 0 && data !== null && typeof data === "object") {
    const obj = data as Record<string, unknown>;
    for (const field of stringified) {
      const value = obj[field];
      if (typeof value !== "number") continue;
      const digits = lastIntegerDigits(text, field);
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
    if (key !== "set-cookie") out[key] = redactSecret(value, secret);
  });
  return out;
}
