import { UnexpectedResponseError } from "./errors.js";
import { redact } from "./redact.js";

const fieldPatterns = new Map<string, RegExp>();

/** Finds the raw digits of an integer field in JSON text (top-level occurrence), so no digit is lost. */
function rawIntegerDigits(text: string, field: string): string | undefined {
  let re = fieldPatterns.get(field);
  if (!re) {
    re = new RegExp(`(?:^|[^\\\\])"${field}"\\s*:\\s*(-?\\d+)\\s*[,}]`);
    fieldPatterns.set(field, re);
  }
  return re.exec(text)?.[1];
}

/** Parses a 2xx JSON body; fields typed integer-or-string become strings with every digit kept. */
export function parseResult(
  status: number,
  text: string,
  stringified: readonly string[],
  secret?: string,
): unknown {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UnexpectedResponseError(status, redact(text, secret));
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

/** The webhook delete confirmation as `{ message }`, from `{ "message": "…" }`, a bare JSON string, or plain text. */
export function toWebhookDeletion(text: string): { message: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { message: text };
  }
  if (typeof data === "string") return { message: data };
  if (
    data !== null &&
    typeof data === "object" &&
    typeof (data as { message?: unknown }).message === "string"
  ) {
    return data as { message: string };
  }
  return { message: text };
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

/** Response headers as a plain object with lower-case names, the access token redacted from values. */
export function headersToObject(headers: Headers, secret?: string): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = redact(value, secret);
  });
  return out;
}
