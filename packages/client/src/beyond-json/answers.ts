// Answers of operations with several 2xx answers or non-JSON ones: JSON, text, a Blob or nothing; integer-or-string
// fields below the top level as strings.

import { isJsonMedia } from "@merchant-payments/spec/wire";
import type { OperationInfo } from "../generated/operation-table.js";
import type { TransportResponse } from "../transport/transport.js";

/** How a 2xx answer is handed over: its declared kind, else (an undeclared status) by its Content-Type and body. */
export function answerKind(
  info: OperationInfo,
  response: TransportResponse,
): "json" | "text" | "blob" | "empty" {
  const declared = info.answers?.[String(response.status)]?.kind;
  if (declared !== undefined) return declared;
  if (response.status === 204 || response.status === 205 || response.text === "") return "empty";
  const type = (response.headers.get("content-type") ?? "").toLowerCase();
  if (type === "" || isJsonMedia(type)) return "json";
  return type.startsWith("text/") ? "text" : "blob";
}

/** A non-JSON answer: undefined (no body), its text, or a Blob of its bytes typed by its Content-Type. */
export function nonJsonAnswer(
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
 * The answer with every number at `paths` (property names, `*` for every item) replaced by its decimal digits (an
 * integer-or-string field below the top level, handed over as a string). Changes `data` in place.
 */
export function withNestedStrings(data: unknown, paths: readonly (readonly string[])[]): unknown {
  const visit = (node: unknown, path: readonly string[], i: number): void => {
    if (node === null || typeof node !== "object") return;
    const key = path[i] as string;
    const last = i === path.length - 1;
    const record = node as Record<string, unknown>;
    const keys = key === "*" ? (Array.isArray(node) ? node.map((_, j) => String(j)) : []) : [key];
    for (const k of keys) {
      if (!last) visit(record[k], path, i + 1);
      else if (typeof record[k] === "number") record[k] = String(record[k]);
    }
  };
  for (const path of paths) visit(data, path, 0);
  return data;
}

/**
 * The result of an answer of an operation with several 2xx answers or non-JSON ones: by the answer's kind (JSON
 * through `json`, the client's own decoding and checks; text; Blob; nothing), integer-or-string fields below the top
 * level as strings.
 */
export function decodeAnswer(
  info: OperationInfo,
  response: TransportResponse,
  json: () => unknown,
): unknown {
  const kind = answerKind(info, response);
  if (kind !== "json") return nonJsonAnswer(kind, response);
  const nested = info.nestedStringified;
  const data = json();
  if (!nested) return data;
  return data instanceof Promise
    ? data.then((d) => withNestedStrings(d, nested))
    : withNestedStrings(data, nested);
}
