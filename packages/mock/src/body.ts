// What a request body is: malformed, too deep, or a value with the spec's verdict on it. The JSON inspection is pure
// and synchronous, so that it runs the same on the event loop and in a worker thread (other media: non-json-body.ts).
import { nestsDeeperThan } from "@merchant-payments/kit/json-scan";
import type { Issue, OperationSpec, SpecAjv } from "@merchant-payments/spec/model";
import { bodyIssue, type RequestPart } from "./request-issues.js";
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
      readonly issues: readonly Issue<RequestPart>[];
      /** The values of the top-level properties named by the caller (for header-equals-body rules). */
      readonly properties: Readonly<Record<string, unknown>>;
    };

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
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch (error) {
    return { kind: "malformed", reason: (error as Error).message };
  }
  if (nestsDeeperThan(text, options.maxDepth))
    return { kind: "too-deep", maxDepth: options.maxDepth };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: "malformed", reason: (error as Error).message };
  }
  const issues: Issue<RequestPart>[] = op?.request
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
