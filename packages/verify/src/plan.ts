// What verify sends: per operation, every named request example, generated valid and invalid bodies
// (fast-check, seeded, bounded), a malformed JSON body and a request without credentials. An operation that
// writes is skipped unless writes are allowed, and then gets only its examples.
import type { OperationSpec, SpecAjv } from "@merchant-payments/spec";
import fc from "fast-check";
import { invalidArbitrary, validArbitrary } from "./arbitraries.js";
import { writeReason } from "./side-effects.js";

/** Kinds of request verify sends, each with what the answer must be. */
export type CaseKind =
  | "example"
  | "generated-valid"
  | "generated-invalid"
  | "malformed-json"
  | "no-credentials";

/** One request to send and judge. */
export interface VerifyCase {
  /** The operation it calls. */
  readonly operation: OperationSpec;
  /** Unique within the operation, e.g. `example GetTransactionRequest`, `generated-invalid #3`. */
  readonly name: string;
  /** What kind of request it is. */
  readonly kind: CaseKind;
  /** The body's exact text. */
  readonly body: string;
  /** What was broken, for `generated-invalid` (e.g. `merchantAccountNumber: above maximum`). */
  readonly description?: string;
  /** Headers to send. */
  readonly headers: Readonly<Record<string, string>>;
}

/** An operation verify will not send, and why. */
export interface SkippedOperation {
  /** The operation. */
  readonly operation: OperationSpec;
  /** Why, in words, with what to pass to send it. */
  readonly reason: string;
  /** Names of the cases it would have sent (its examples). */
  readonly caseNames: readonly string[];
}

/** Options of `planCases`. */
export interface PlanOptions {
  /** Seed of the generated bodies. */
  readonly seed: number;
  /** Generated valid bodies, and as many invalid ones, per operation. */
  readonly runs: number;
  /** Send operations that move money or delete (their examples only, once each). */
  readonly allowWrites: boolean;
  /** Bearer token sent in Authorization. */
  readonly token: string;
}

/** Everything verify will send and skip. */
export interface Plan {
  /** Requests to send, operation by operation. */
  readonly cases: readonly VerifyCase[];
  /** Operations not sent. */
  readonly skipped: readonly SkippedOperation[];
  /** Generated bodies dropped because the validator disagreed with the generator (never sent). */
  readonly discarded: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The headers of a request with `body`: JSON, the operation's response media types, credentials, headers bound to body properties. */
function headersFor(
  op: OperationSpec,
  ajv: SpecAjv,
  body: unknown,
  fallback: unknown,
  token: string | undefined,
): Record<string, string> {
  const accept = [...new Set(op.responses.flatMap((r) => r.content.map((m) => m.mediaType)))];
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: accept.join(", ") || "*/*",
  };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  for (const header of op.headers) {
    const property = header.equalsBodyProperty;
    if (property === undefined) continue;
    // A header repeats a body property: from the body when it is valid there, else from a valid example.
    const own = isRecord(body) ? body[property] : undefined;
    const value =
      own !== undefined && ajv.ajv.validate(header.schema, own)
        ? own
        : isRecord(fallback)
          ? fallback[property]
          : undefined;
    if (value !== undefined) headers[header.name] = String(value);
  }
  return headers;
}

/** Plans the requests for `operations`; throws for an operation without a JSON request body or example. */
export function planCases(
  document: unknown,
  operations: readonly OperationSpec[],
  ajv: SpecAjv,
  options: PlanOptions,
): Plan {
  const cases: VerifyCase[] = [];
  const skipped: SkippedOperation[] = [];
  let discarded = 0;
  operations.forEach((op, index) => {
    const request = op.request;
    if (!request)
      throw new Error(`${op.operationId} has no JSON request body: verify cannot call it`);
    const examples = request.examples;
    if (examples.length === 0) throw new Error(`${op.operationId} has no named request example`);
    const fallback = examples[0]?.value;
    const add = (kind: CaseKind, name: string, value: unknown, extra: Partial<VerifyCase> = {}) =>
      cases.push({
        operation: op,
        kind,
        name,
        body: JSON.stringify(value),
        headers: headersFor(op, ajv, value, fallback, options.token),
        ...extra,
      });
    const reason = writeReason(op);
    if (reason !== undefined && !options.allowWrites) {
      skipped.push({
        operation: op,
        reason: `${reason}; pass --allow-writes to send its ${examples.length} example(s) once each`,
        caseNames: examples.map((e) => `example ${e.name}`),
      });
      return;
    }
    for (const example of examples) add("example", `example ${example.name}`, example.value);
    if (reason !== undefined) return;

    const valid = fc.sample(validArbitrary(document as Record<string, unknown>, request.schema), {
      seed: options.seed + index * 2,
      numRuns: options.runs,
    });
    valid.forEach((body, i) => {
      if (ajv.issuesAt(request.schemaPointer, body).length > 0) discarded++;
      else add("generated-valid", `generated-valid #${i}`, body);
    });
    const invalid = fc.sample(
      invalidArbitrary(document as Record<string, unknown>, request.schema),
      {
        seed: options.seed + index * 2 + 1,
        numRuns: options.runs,
      },
    );
    invalid.forEach(({ description, value }, i) => {
      if (ajv.issuesAt(request.schemaPointer, value).length === 0) discarded++;
      else add("generated-invalid", `generated-invalid #${i}`, value, { description });
    });
    const text = JSON.stringify(fallback);
    add("malformed-json", "malformed JSON", fallback, {
      body: text.slice(0, -1),
      description: "the first example without its last character",
    });
    cases.push({
      operation: op,
      kind: "no-credentials",
      name: "no credentials",
      body: text,
      headers: headersFor(op, ajv, fallback, fallback, undefined),
    });
  });
  return { cases, skipped, discarded };
}
