import { UnexpectedResponseError } from "./errors.js";
import { redact } from "./redact.js";

/** An integer written as JSON, ending where the member ends. */
const INTEGER = /-?\d+(?=\s*[,}])/y;

const isSpace = (code: number) => code === 32 || code === 10 || code === 13 || code === 9;

/**
 * The digits of the integer value of `field` as a member of the top-level object of JSON `text` (a member of a nested
 * object with the same name is skipped), so no digit is lost; undefined when it is not an integer there.
 */
function rawIntegerDigits(text: string, field: string): string | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const start = i + 1;
      for (i = start; i < text.length && text.charCodeAt(i) !== 34; i++) {
        if (text.charCodeAt(i) === 92) i++;
      }
      if (depth !== 1 || text.slice(start, i) !== field) continue;
      let j = i + 1;
      while (isSpace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) !== 58) continue;
      j++;
      while (isSpace(text.charCodeAt(j))) j++;
      INTEGER.lastIndex = j;
      return INTEGER.exec(text)?.[0];
    }
    if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
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
