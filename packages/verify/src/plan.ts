// What verify sends, per operation of whatever spec it is given: every named request example (parameters from
// their examples), generated valid requests (parameters and body, fast-check, seeded, bounded), requests with exactly
// one constraint broken (in the body, or in one parameter: wrong type, out of bounds, missing, outside the enum),
// malformed JSON, and a request without the credentials its `security` asks for. An operation that writes is
// skipped unless writes are allowed, and then gets only its examples. A paginated operation's example is followed
// page by page when it runs (see run.ts). Each kind of request has its planner in planners/ (one module per kind).
import type { OperationSpec, SpecAjv } from "@merchant-payments/spec/model";
import { valueAt } from "@merchant-payments/spec/wire";
import type { CaseKind } from "./case-kinds.js";
import { PLANNERS, type PlannedCase, type PlannedKind } from "./planners/index.js";
import { type Credentials, credentialsFor } from "./requests.js";
import { GENERATED_WRITES_HINT, writeReason } from "./side-effects.js";
import { draftOperation } from "./valid-requests.js";

const NO_CREDENTIALS: Credentials = { headers: {}, query: [] };

export type { CaseKind } from "./case-kinds.js";

/** One request to send and judge: a planned request (name, request, description, next page), its operation and kind. */
export interface VerifyCase extends PlannedCase {
  /** The operation it calls. */
  readonly operation: OperationSpec;
  /** What kind of request it is. */
  readonly kind: CaseKind;
}

/** An operation verify will not send, and why. */
interface SkippedOperation {
  /** The operation left out: it may write (and `--allow-writes` was not given) or needs credentials not given. */
  readonly operation: OperationSpec;
  /** Why, in words, with what to pass to send it. */
  readonly reason: string;
  /** Names of the cases it would have sent (its examples). */
  readonly caseNames: readonly string[];
}

/** Options of `planCases`. */
export interface PlanOptions {
  /** Seed of the generated values (the n-th operation drafts with `seed + 4n`): the same seed, the same cases. */
  readonly seed: number;
  /** Generated valid requests, and as many invalid bodies and broken values per parameter, per operation. */
  readonly runs: number;
  /** Send operations that move money or delete (their examples only, once each). */
  readonly allowWrites: boolean;
  /** With `allowWrites`: send a write whose body the spec gives no example of with one generated body. */
  readonly generatedWrites?: boolean;
  /** Bearer token for `http` `bearer` schemes. */
  readonly token: string;
  /** API key for `apiKey` schemes; operations that need one are skipped without it. */
  readonly apiKey?: string;
  /** `user:password` for `http` `basic` schemes; operations that need them are skipped without. */
  readonly basic?: string;
}

/** Everything verify will send and skip. */
export interface Plan {
  /** Requests to send, operation by operation. */
  readonly cases: readonly VerifyCase[];
  /** Operations not sent. */
  readonly skipped: readonly SkippedOperation[];
  /** Generated values dropped because the validator disagreed with the generator, or unsendable (never sent). */
  readonly discarded: number;
}

/**
 * Why `op` is not sent (an API key not given; a write not allowed; a write without a body example, unless
 * generated writes are asked for), or undefined when it is.
 */
function skipReason(
  found: ReturnType<typeof credentialsFor>,
  write: string | undefined,
  draft: { readonly examples: readonly unknown[]; readonly generatedBody: boolean },
  options: Pick<PlanOptions, "allowWrites" | "generatedWrites">,
): string | undefined {
  if ("missing" in found) return `${found.missing}: ${found.hint}`;
  if (write === undefined) return undefined;
  if (!options.allowWrites)
    return draft.generatedBody
      ? `${write}; pass --allow-writes with --generated-writes to send one generated body (the spec gives no example)`
      : `${write}; pass --allow-writes to send its ${draft.examples.length} example(s) once each`;
  if (draft.generatedBody && !options.generatedWrites) return `${write}; ${GENERATED_WRITES_HINT}`;
  return undefined;
}

/** Plans the requests for `operations` of `document`: per operation, each kind's planner (`PLANNERS`) in turn. */
export function planCases(
  document: unknown,
  operations: readonly OperationSpec[],
  ajv: SpecAjv,
  options: PlanOptions,
): Plan {
  const cases: VerifyCase[] = [];
  const skipped: SkippedOperation[] = [];
  let discarded = 0;
  operations.forEach((operation, index) => {
    const seed = options.seed + index * 4;
    const { token, apiKey, basic } = options;
    const found = credentialsFor(operation, {
      token,
      ...(apiKey ? { apiKey } : {}),
      ...(basic ? { basic } : {}),
    });
    const credentials = "credentials" in found ? found.credentials : NO_CREDENTIALS;
    const draft = draftOperation(document, operation, ajv, seed, credentials);
    const write = writeReason(operation);
    const reason = skipReason(found, write, draft, options);
    if (reason !== undefined) {
      skipped.push({ operation, reason, caseNames: draft.examples.map((e) => e.name) });
      return;
    }
    // An operation that writes gets its examples only (a generated body only under --generated-writes).
    const kinds =
      write === undefined ? (Object.keys(PLANNERS) as PlannedKind[]) : ["example" as const];
    for (const kind of kinds) {
      const planned = PLANNERS[kind]({ document, ajv, operation, draft, seed, runs: options.runs });
      discarded += planned.discarded;
      for (const c of planned.cases) cases.push({ operation, kind, ...c });
    }
  });
  return { cases, skipped, discarded };
}

/** The value at a JSON Pointer of an answer, or undefined (used to follow `x-pagination`). */
export const valueAtPointer: (value: unknown, pointer: string) => unknown = valueAt;
