import { UnexpectedResponseError } from "./errors.js";
import { redact } from "./redact.js";

/**
 * The tokens of JSON text that matter for finding a top-level member: a string (its raw text, and the colon when it is
 * a member's name, followed by an integer when the value is one), or a bracket.
 */
const TOKENS = /"((?:[^"\\]|\\.)*)"(\s*:\s*(-?\d+(?=\s*[,}]))?)?|[[{]|[\]}]/g;

/**
 * The digits of the integer value of `field` as a member of the top-level object of JSON `text` (a member of a nested
 * object with the same name is skipped), so no digit is lost; undefined when it is not an integer there.
 */
function rawIntegerDigits(text: string, field: string): string | undefined {
  let depth = 0;
  for (const [token, name, member, digits] of text.matchAll(TOKENS)) {
    if (name === undefined) depth += token === "{" || token === "[" ? 1 : -1;
    else if (member !== undefined && depth === 1 && name === field) return digits;
  }
  return undefined;
}

/** Parses a 2xx JSON body; fields typed integer-or-string become strings with every digit kept. */
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
    throw new UnexpectedResponseError(status, redact(text, secret), requestId);
  }
  if (stringified.length > 0 && data !== null && typeof data === "object") {
    const obj = data as Record<string, unknown>;
    for (const field of stringified) {
      const value = obj[field];
      if (typeof value !== "number") continue;
      const digits = rawIntegerDigits(text, field);
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
