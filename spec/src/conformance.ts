// Does an answer conform to the spec? The one check shared by the contract suite, `verify`, the validation
// proxy and the docs console: documented status, media type, body schema, declared headers, stated invariants.
import type { Issue } from "./issues.js";
import { escapePointer } from "./json-pointer.js";
import {
  isObject,
  type OperationSpec,
  operationLabel,
  resolveSchema,
  responseFor,
  type SpecAjv,
} from "./model.js";
import { placed } from "./spec-model-error.js";

/** Which kind of check an issue comes from. */
export type ConformanceCheck = "status" | "media-type" | "body" | "schema" | "header" | "invariant";

/** An answer as received: status, headers (any case) and the body's exact text. */
export interface ReceivedAnswer {
  /** The answer's HTTP status code, e.g. 422; matched to a documented key: exact, then `4XX`/`5XX`, then `default`. */
  readonly status: number;
  /** Response headers; names in any case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The body as text (`""` for none). */
  readonly body: string;
}

/** The result of checking one answer. */
export interface Conformance {
  /** True when there is no issue. */
  readonly conforms: boolean;
  /**
   * Every issue found, in check order, each with its `check` set: `path` is the JSON Pointer in the body for `schema`
   * and `invariant` issues, the header name for `header`, else `""`; `keyword` is set on `schema` issues.
   */
  readonly issues: readonly Issue<ConformanceCheck>[];
  /** The parsed JSON body, when it parsed. */
  readonly json?: unknown;
}

/**
 * A relation between decimal fields of a response body that the spec states: `left = right - subtract`,
 * with every name a property of the same object. Read from a schema's `x-invariants` extension.
 */
export interface DifferenceInvariant {
  /** The field that must equal the difference, e.g. `amountReceived`. */
  readonly equals: string;
  /** The minuend, e.g. `amountSent`. */
  readonly minuend: string;
  /** The subtrahend, e.g. `transactionFee`. */
  readonly subtrahend: string;
}

/** The base media type of a Content-Type value, lower case (`application/json; charset=utf-8` gives `application/json`). */
export function baseMediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

function headerValue(headers: ReceivedAnswer["headers"], name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/** Decimal places of a number as JSON writes it (`1.5` gives 1, `1e-7` gives 7). */
function decimalPlaces(value: number): number {
  const [mantissa = "", exponent] = String(value).split("e");
  const fraction = mantissa.split(".")[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/** True when `equals = minuend - subtrahend` holds exactly at the precision of the operands. */
export function holdsDifference(equals: number, minuend: number, subtrahend: number): boolean {
  const places = Math.min(
    20,
    Math.max(decimalPlaces(equals), decimalPlaces(minuend), decimalPlaces(subtrahend)),
  );
  const scale = 10 ** places;
  return (
    Math.round(minuend * scale) - Math.round(subtrahend * scale) === Math.round(equals * scale)
  );
}

/** Parses `x-invariants` entries of the form `a = b - c`; other forms are refused loudly. */
export function parseInvariants(extension: unknown): DifferenceInvariant[] {
  if (extension === undefined) return [];
  if (!Array.isArray(extension)) throw new Error("x-invariants must be a list of strings");
  return extension.map((text) => {
    const match = /^\s*(\w+)\s*=\s*(\w+)\s*-\s*(\w+)\s*$/.exec(String(text));
    if (!match)
      throw new Error(
        `x-invariants: unsupported invariant ${JSON.stringify(text)} (only "a = b - c")`,
      );
    return {
      equals: match[1] as string,
      minuend: match[2] as string,
      subtrahend: match[3] as string,
    };
  });
}

/** Issues of every `x-invariants` relation found on objects of `value` whose schema states one. */
function invariantIssues(
  document: unknown,
  schemaNode: unknown,
  schemaAt: string,
  value: unknown,
  at: string,
  out: Issue<ConformanceCheck>[],
  depth = 0,
): void {
  if (depth > 32 || !isObject(value)) return;
  const { schema, pointer: schemaPointer } = resolveSchema(document, schemaNode, schemaAt);
  if (!isObject(schema)) return;
  const rules = placed({ pointer: `${schemaPointer}/x-invariants` }, () =>
    parseInvariants(schema["x-invariants"]),
  );
  for (const rule of rules) {
    const [e, m, s] = [value[rule.equals], value[rule.minuend], value[rule.subtrahend]];
    if (
      typeof e === "number" &&
      typeof m === "number" &&
      typeof s === "number" &&
      !holdsDifference(e, m, s)
    ) {
      out.push({
        check: "invariant",
        path: `${at}/${rule.equals}`,
        message: `${rule.equals} (${e}) must equal ${rule.minuend} (${m}) - ${rule.subtrahend} (${s})`,
      });
    }
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [key, sub] of Object.entries(properties)) {
    const child = value[key];
    const subAt = `${schemaPointer}/properties/${escapePointer(key)}`;
    if (Array.isArray(child)) {
      const { schema: items, pointer: itemsAt } = resolveSchema(document, sub, subAt);
      if (isObject(items) && items.items) {
        child.forEach((item, i) => {
          invariantIssues(
            document,
            items.items,
            `${itemsAt}/items`,
            item,
            `${at}/${key}/${i}`,
            out,
            depth + 1,
          );
        });
      }
    } else invariantIssues(document, sub, subAt, child, `${at}/${key}`, out, depth + 1);
  }
}

/**
 * Checks one answer to `op` against the spec: the status is documented, the media type is one the
 * response declares, the body parses and matches the schema, required headers are present and valid,
 * and the schema's `x-invariants` hold. `ajv` must be bound to the same document.
 */
export function checkResponse(
  ajv: SpecAjv,
  op: OperationSpec,
  answer: ReceivedAnswer,
): Conformance {
  const issues: Issue<ConformanceCheck>[] = [];
  const documented = responseFor(op, answer.status);
  if (!documented) {
    issues.push({
      check: "status",
      path: "",
      message: `status ${answer.status} is not documented for ${op.operationId} (documented: ${op.responses.map((r) => r.status).join(", ")})`,
    });
    return { conforms: false, issues };
  }
  for (const header of documented.headers) {
    const value = headerValue(answer.headers, header.name);
    if (value === undefined) {
      if (header.required)
        issues.push({
          check: "header",
          path: header.name,
          message: `header ${header.name} is missing`,
        });
      continue;
    }
    const headerIssues = ajv.ajv.validate(
      header.schema,
      header.schema.type === "integer" && /^-?\d+$/.test(value) ? Number(value) : value,
    );
    if (!headerIssues)
      issues.push({
        check: "header",
        path: header.name,
        message: `header ${header.name}: ${ajv.ajv.errorsText()}`,
      });
  }
  if (documented.content.length === 0) return { conforms: issues.length === 0, issues };
  const mediaType = baseMediaType(headerValue(answer.headers, "content-type"));
  const media = documented.content.find((m) => m.mediaType.toLowerCase() === mediaType);
  if (!media) {
    issues.push({
      check: "media-type",
      path: "",
      message: `content type "${mediaType || "(none)"}" is not documented for ${answer.status} (documented: ${documented.content.map((m) => m.mediaType).join(", ")})`,
    });
    return { conforms: false, issues };
  }
  if (!/[/+]json$/.test(mediaType)) return { conforms: issues.length === 0, issues };
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch (error) {
    issues.push({
      check: "body",
      path: "",
      message: `body is not valid JSON (${(error as Error).message}; ${answer.body.length} bytes)`,
    });
    return { conforms: false, issues };
  }
  for (const issue of ajv.issuesAt(media.schemaPointer, json)) {
    issues.push({
      check: "schema",
      path: issue.path,
      message: issue.message,
      keyword: issue.keyword,
    });
  }
  placed({ operation: operationLabel(op.method, op.path), pointer: media.schemaPointer }, () =>
    invariantIssues(ajv.document, media.schema, media.schemaPointer, json, "", issues),
  );
  return { conforms: issues.length === 0, issues, json };
}
