// What a request body is: malformed, too deep, or a value with the spec's verdict on it. The JSON inspection is pure
// and synchronous, so that it runs the same on the event loop and in a worker thread (other media: non-json-body.ts).
import type { Issue, OperationSpec, SpecAjv } from "@merchant-payments/spec/model";
import { bodyIssue } from "./request-issues.js";
import { schemaIssues } from "./schema-issues.js";

/** The result of inspecting one body (JSON, a form, text or bytes). */
export type BodyInspection =
  | {
      readonly kind: "malformed";
      /** Why it cannot be read. */
      readonly reason: string;
      /** The media type it does not conform to, when not JSON (`multipart/form-data` …). */
      readonly mediaType?: string;
    }
  | { readonly kind: "too-deep"; readonly maxDepth: number }
  | {
      readonly kind: "parsed";
      /** The parsed body (absent when inspected in a worker: the caller does not need it; and for bytes). */
      readonly value?: unknown;
      /** Every violation of the operation's request schema (and of a form's `encoding`). */
      readonly issues: readonly Issue[];
      /** The values of the top-level properties named by the caller (for header-equals-body rules). */
      readonly properties: Readonly<Record<string, unknown>>;
    };

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True when arrays and objects in `bytes` nest deeper than `maxDepth` (strings are skipped; one linear pass). */
export function nestsDeeperThan(bytes: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
  }
  return false;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Inspects a JSON body for `op`: refuses nesting deeper than `maxDepth` before parsing, parses strictly
 * (UTF-8, JSON), validates against the request schema with the project's validator, and picks `properties`.
 */
export function inspectBody(
  bytes: Uint8Array,
  op: OperationSpec | undefined,
  ajv: SpecAjv,
  options: { maxDepth: number; properties?: readonly string[]; keepValue?: boolean },
): BodyInspection {
  if (nestsDeeperThan(bytes, options.maxDepth))
    return { kind: "too-deep", maxDepth: options.maxDepth };
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(bytes));
  } catch (error) {
    return { kind: "malformed", reason: (error as Error).message };
  }
  const issues: Issue[] = op?.request
    ? schemaIssues(ajv, op.request.schemaPointer, value).map((issue) =>
        bodyIssue(issue.path, issue.message, issue.keyword),
      )
    : [];
  const properties: Record<string, unknown> = {};
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    for (const name of options.properties ?? []) {
      properties[name] = (value as Record<string, unknown>)[name];
    }
  }
  return {
    kind: "parsed",
    ...(options.keepValue === false ? {} : { value }),
    issues,
    properties,
  };
}
