// The request's headers and body against the operation's declaration, with the project's validator.
import type { IncomingHttpHeaders } from "node:http";
import { type OperationSpec, parsePointer, type SpecAjv } from "@merchant-payments/spec/model";
import type { FieldError } from "./problems.js";

/** Pointer prefix of a header in a `FieldError` (`header MerchantAccountNumber`). */
export const HEADER_POINTER_PREFIX = "header ";

/** A header value as the spec's schema types it: an integer header's digits become a number. */
export function typedHeaderValue(value: string, schema: { type?: unknown }): unknown {
  const trimmed = value.trim();
  if ((schema.type === "integer" || schema.type === "number") && /^-?\d+(\.\d+)?$/.test(trimmed))
    return Number(trimmed);
  return trimmed;
}

/** Every violation of the operation's header parameters (missing required, wrong type or range). */
export function headerErrors(
  ajv: SpecAjv,
  op: OperationSpec,
  headers: IncomingHttpHeaders,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const header of op.headers) {
    const raw = headers[header.name.toLowerCase()];
    const value = Array.isArray(raw) ? raw.join(", ") : raw;
    const pointer = `${HEADER_POINTER_PREFIX}${header.name}`;
    if (value === undefined) {
      if (header.required) errors.push({ pointer, detail: "is required" });
      continue;
    }
    if (!ajv.ajv.validate(header.schema, typedHeaderValue(value, header.schema))) {
      for (const error of ajv.ajv.errors ?? []) {
        errors.push({ pointer, detail: error.message ?? "is invalid" });
      }
    }
  }
  return errors;
}

/** The error of a request without the body the operation requires, if so. */
export function missingBodyError(op: OperationSpec, hasBody: boolean): FieldError[] {
  return op.requestBodyRequired && !hasBody
    ? [{ pointer: "", detail: "must have a body (the operation requires one)" }]
    : [];
}

/** A `FieldError` in words: `Request body property merchantAccountNumber must be >= 10000000`. */
export function describeError(error: FieldError): string {
  if (error.pointer.startsWith(HEADER_POINTER_PREFIX)) {
    return `Request header ${error.pointer.slice(HEADER_POINTER_PREFIX.length)} ${error.detail}`;
  }
  const field = parsePointer(error.pointer).join(".");
  return field ? `Request body property ${field} ${error.detail}` : `Request body ${error.detail}`;
}
