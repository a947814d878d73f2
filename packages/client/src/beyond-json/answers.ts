// Answers of operations with several 2xx answers or non-JSON ones: JSON (the client's own decoding), text, a Blob or
// nothing.
import type { OperationInfo } from "../generated/operation-table.js";
import type { TransportResponse } from "../transport/transport.js";

/**
 * How a 2xx answer is handed over: its status's declared kind; a 204 or 205 as nothing; another status the spec does
 * not declare as the operation's first declared 2xx answer (JSON: parsed and checked, so an HTML page or an empty body
 * is an UnexpectedResponseError), since the method's type promises no other.
 */
function answerKind(
  info: OperationInfo,
  response: TransportResponse,
): "json" | "text" | "blob" | "empty" {
  const declared = info.answers?.[String(response.status)]?.kind;
  if (declared !== undefined) return declared;
  if (response.status === 204 || response.status === 205) return "empty";
  return Object.values(info.answers ?? {})[0]?.kind ?? "json";
}

/** A non-JSON answer: undefined (no body), its text, or a Blob of its bytes typed by its Content-Type. */
function nonJsonAnswer(
  kind: "text" | "blob" | "empty",
  response: TransportResponse,
): string | Blob | undefined {
  if (kind === "empty") return undefined;
  if (kind === "text") return response.text;
  const type = response.headers.get("content-type") ?? "";
  const bytes = response.bytes ?? new TextEncoder().encode(response.text);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
}

/**
 * The result of an answer of an operation with several 2xx answers or non-JSON ones: by the answer's kind (JSON
 * through `json`, the client's own decoding and checks, which also keeps integer-or-string fields below the top level
 * as strings; text; Blob; nothing).
 */
export function decodeAnswer(
  info: OperationInfo,
  response: TransportResponse,
  json: () => unknown,
): unknown {
  const kind = answerKind(info, response);
  return kind === "json" ? json() : nonJsonAnswer(kind, response);
}
