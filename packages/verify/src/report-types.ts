// The types of verify's report (what `runVerify` gives and `--report-json` writes), beside the JSON Schema that
// describes them (report-schema.ts); test/report-schema.test-d.ts checks the two agree, field by field.
import type { Issue } from "@merchant-payments/spec";
import type { CaseKind } from "./case-kinds.js";
import type { DefectName } from "./checks/index.js";

/** The result of one request. */
export interface CaseResult {
  /** Case name, unique within its operation. */
  readonly name: string;
  /** How the request was made: `example`, `generated-valid`, `generated-invalid`, `no-credentials`, …. */
  readonly kind: CaseKind;
  /** `passed`, `failed` or `skipped`. */
  readonly outcome: "passed" | "failed" | "skipped";
  /** Status received, if any. */
  readonly status?: number;
  /** Milliseconds the exchange took. */
  readonly durationMs?: number;
  /** Every defect found, each with its `check` (a `DefectName`) set; empty unless failed. */
  readonly defects: readonly Issue<DefectName>[];
  /** What was broken in a generated invalid body. */
  readonly description?: string;
  /** Why it was skipped. */
  readonly reason?: string;
  /** The method and target sent (secrets redacted), e.g. `GET /transactions?limit=50`, for a failed case. */
  readonly request?: string;
  /** The body sent (first 2000 characters; binary as `<n bytes>`), for a failed case. */
  readonly requestBody?: string;
}

/** The results of one operation. */
export interface OperationResult {
  /** The spec's operationId, e.g. `getTransaction`. */
  readonly operationId: string;
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path under the base URL. */
  readonly path: string;
  /** Why the operation was not sent, if it was not. */
  readonly skippedReason?: string;
  /** Status keys the spec documents (`200`, `404`, `5XX`...). */
  readonly documentedStatuses: readonly string[];
  /** Documented status keys some answer fell under. */
  readonly seenStatuses: readonly string[];
  /** Every request planned for the operation, sent or skipped, with its outcome; the examples when skipped. */
  readonly cases: readonly CaseResult[];
}

/** Counts of a verification. */
export interface VerifySummary {
  /** Operations in the spec verified against, skipped ones included. */
  readonly operations: number;
  /** Operations at least one request was sent to. */
  readonly operationsSent: number;
  /** Operations not sent at all (writes not allowed, credentials missing): each has a `skippedReason`. */
  readonly operationsSkipped: number;
  /** The checks applied to every answer. */
  readonly checks: readonly string[];
  /** Requests planned (sent and skipped). */
  readonly cases: number;
  /** Requests whose answer passed every check. */
  readonly passed: number;
  /** Requests with at least one defect. */
  readonly failed: number;
  /** Requests not sent. */
  readonly skipped: number;
  /** Generated bodies dropped because the validator disagreed with the generator. */
  readonly discarded: number;
  /** Documented status keys, over all operations, and how many some answer fell under. */
  readonly statusCoverage: { readonly documented: number; readonly seen: number };
  /** Failed requests per defect name. */
  readonly defects: Readonly<Record<string, number>>;
}

/** Everything a verification found. */
export interface VerifyReport {
  /** Always `merchant-payments-verify`. */
  readonly tool: "merchant-payments-verify";
  /** True when no request failed. */
  readonly ok: boolean;
  /** The `baseUrl` option, trailing slashes removed. */
  readonly baseUrl: string;
  /** The seed of the generated bodies: the `seed` option, else one from the clock (replay with `--seed`). */
  readonly seed: number;
  /** Generated bodies per operation and kind. */
  readonly runs: number;
  /** Milliseconds per request. */
  readonly timeoutMs: number;
  /** Pages read per valid request of a paginated operation. */
  readonly maxPages: number;
  /** Whether writes were allowed. */
  readonly allowWrites: boolean;
  /** Whether a write without a body example was sent with a generated body (`--generated-writes`). */
  readonly generatedWrites: boolean;
  /** ISO 8601 start time. */
  readonly startedAt: string;
  /** Milliseconds the verification took. */
  readonly durationMs: number;
  /** Set when verify stopped because the server could not be reached: why (the requests left were not sent). */
  readonly unreachable?: string;
  /** The counts: operations, requests and their outcomes, statuses documented and seen. */
  readonly summary: VerifySummary;
  /** One result per operation of the spec, in spec order, skipped ones included. */
  readonly operations: readonly OperationResult[];
}
