// Runs a verification: plans the requests, sends each once with bounded concurrency, judges every answer
// and gathers the results per operation.
import {
  createAjv,
  type Issue,
  largestMessageBytes,
  loadBundle,
  type OperationSpec,
  operations as operationsOf,
  responseFor,
} from "@merchant-payments/spec";
import { isJsonMedia } from "@merchant-payments/spec/wire";
import { type Exchange, exchange } from "./exchange.js";
import { type DefectName, defect, defectName, judge } from "./judge.js";
import { type CaseKind, planCases, type VerifyCase, valueAtPointer } from "./plan.js";
import { mapLimit } from "./pool.js";
import { defectPlace } from "./reports.js";
import { scrubDefects, scrubText } from "./secrets.js";

/** Options of `runVerify`. */
export interface VerifyOptions {
  /** Base URL of the server under test, e.g. `https://api.example.com/v1`. Required. */
  readonly baseUrl: string;
  /** Bearer token sent in Authorization to operations whose `security` asks for one. Required. */
  readonly token: string;
  /** API key sent where an `apiKey` scheme says (header, query or cookie); without it such operations are skipped. */
  readonly apiKey?: string;
  /** Pages of a paginated operation (`x-pagination`) read per valid request, the first included; default 3. */
  readonly maxPages?: number;
  /**
   * Largest answer body read, in bytes (as decoded); a bigger one is the defect `response-too-large`. Default: from
   * the spec, as the mock's body limit (its largest `maxItems` × 1 KiB + 1 MiB).
   */
  readonly maxResponseBytes?: number;
  /** Seed of the generated bodies; default one taken from the clock (printed, and in the report). */
  readonly seed?: number;
  /** Milliseconds one request may take, headers and body together; default 10000. */
  readonly timeoutMs?: number;
  /** Generated valid bodies, and as many invalid ones, per operation; default 10. */
  readonly runs?: number;
  /** Requests in flight at once; default 4. */
  readonly concurrency?: number;
  /** Send operations that move money or delete, their examples only and once each; default false. */
  readonly allowWrites?: boolean;
  /** The OpenAPI document to verify against; default the bundled spec of `@merchant-payments/spec`. */
  readonly document?: unknown;
  /** Called with each line of progress (failures, skips); default none. */
  readonly onLine?: (line: string) => void;
}

/** Default milliseconds per request. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Default generated valid (and invalid) bodies per operation. */
export const DEFAULT_RUNS = 10;
/** Default `concurrency`: requests in flight at once. */
export const DEFAULT_CONCURRENCY = 4;
/** Default pages read per valid request of a paginated operation, the first included. */
export const DEFAULT_MAX_PAGES = 3;
/** Connection failures in a row (refused or failed, nothing answered) after which verify stops: the server is not reachable. */
export const MAX_CONSECUTIVE_CONNECTION_FAILURES = 5;

const CONNECTION_FAILURES: ReadonlySet<string> = new Set([
  "connection-refused",
  "connection-failed",
]);

/** The checks applied to every answer, in the order the report lists them. */
export const CHECKS = [
  "transport (timeout, reset, truncated body)",
  "documented status",
  "media type",
  "body schema",
  "headers",
  "x-invariants",
  "no body for 204, 205 and HEAD",
  "x-pagination",
  "status expected for the kind of request",
] as const;

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

function statusKey(op: OperationSpec, status: number): string | undefined {
  return responseFor(op, status)?.status;
}

/** The parsed JSON body of a 2xx answer of a paginated operation, else undefined. */
function pageOf(verifyCase: VerifyCase, received: Exchange | undefined): unknown {
  if (!verifyCase.operation.pagination || received?.kind !== "answer") return undefined;
  if (received.status < 200 || received.status > 299) return undefined;
  if (!isJsonMedia(received.headers["content-type"])) return undefined;
  try {
    return JSON.parse(received.body);
  } catch {
    return undefined;
  }
}

/** The next cursor of a page: a non-empty string at `x-pagination.next`, else undefined (the last page). */
function nextCursor(verifyCase: VerifyCase, received: Exchange | undefined): string | undefined {
  const page = pageOf(verifyCase, received);
  const pagination = verifyCase.operation.pagination;
  if (page === undefined || !pagination) return undefined;
  const next = valueAtPointer(page, pagination.next);
  return typeof next === "string" && next !== "" ? next : undefined;
}

/** A page whose items (`x-pagination.items`) are not an array, or whose next cursor is neither a string nor null. */
function paginationDefects(verifyCase: VerifyCase, received: Exchange): Issue<DefectName>[] {
  const page = pageOf(verifyCase, received);
  const pagination = verifyCase.operation.pagination;
  if (page === undefined || !pagination) return [];
  const out: Issue<DefectName>[] = [];
  if (!Array.isArray(valueAtPointer(page, pagination.items)))
    out.push(
      defect(
        "broken-pagination",
        `x-pagination items ${pagination.items} is not an array in the answer`,
        pagination.items,
      ),
    );
  const next = valueAtPointer(page, pagination.next);
  if (next !== undefined && next !== null && typeof next !== "string")
    out.push(
      defect(
        "broken-pagination",
        `x-pagination next ${pagination.next} is neither a string nor null`,
        pagination.next,
      ),
    );
  return out;
}

/** Verifies the server at `options.baseUrl` against the spec; never throws for what the server does. */
export async function runVerify(options: VerifyOptions): Promise<VerifyReport> {
  const started = Date.now();
  const document = options.document ?? loadBundle();
  const ajv = createAjv(document);
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const runs = options.runs ?? DEFAULT_RUNS;
  const allowWrites = options.allowWrites ?? false;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const log = options.onLine ?? (() => {});
  const ops = operationsOf(document);
  const maxResponseBytes = options.maxResponseBytes ?? largestMessageBytes(document, ops);
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const plan = planCases(document, ops, ajv, {
    seed,
    runs,
    allowWrites,
    token: options.token,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  });
  for (const skip of plan.skipped) log(`SKIP ${skip.operation.operationId}: ${skip.reason}`);

  let consecutiveConnectionFailures = 0;
  let unreachable: string | undefined;
  const secrets = [options.token, options.apiKey];
  const send = async (
    verifyCase: VerifyCase,
  ): Promise<{ result: CaseResult; received?: Exchange }> => {
    if (unreachable !== undefined) {
      const result: CaseResult = {
        name: verifyCase.name,
        kind: verifyCase.kind,
        outcome: "skipped",
        defects: [],
        reason: "not sent: the server could not be reached",
      };
      return { result };
    }
    const before = Date.now();
    const { request } = verifyCase;
    const received = await exchange(
      {
        method: request.method,
        url: baseUrl + request.target,
        // Content-Length stated: Node sends a DELETE's (or GET's) body neither chunked nor with a length.
        headers:
          request.body === undefined
            ? request.headers
            : {
                ...request.headers,
                "content-length": String(Buffer.byteLength(request.body.body)),
              },
        ...(request.body ? { body: request.body.body } : {}),
      },
      timeoutMs,
      maxResponseBytes,
    );
    const defects = scrubDefects(
      [...judge(ajv, verifyCase, received), ...paginationDefects(verifyCase, received)],
      secrets,
    );
    const connectionFailure = defects.find((d) => CONNECTION_FAILURES.has(defectName(d)));
    consecutiveConnectionFailures = connectionFailure ? consecutiveConnectionFailures + 1 : 0;
    if (
      connectionFailure &&
      unreachable === undefined &&
      consecutiveConnectionFailures >= MAX_CONSECUTIVE_CONNECTION_FAILURES
    ) {
      unreachable = `${baseUrl} could not be reached (${connectionFailure.message}; ${consecutiveConnectionFailures} connection failures in a row): stopped`;
      log(`verify: ${unreachable}`);
    }
    const status = received.status;
    const result: CaseResult = {
      name: verifyCase.name,
      kind: verifyCase.kind,
      outcome: defects.length > 0 ? "failed" : "passed",
      ...(status === undefined ? {} : { status }),
      durationMs: Date.now() - before,
      defects,
      ...(verifyCase.description === undefined ? {} : { description: verifyCase.description }),
      ...(defects.length > 0
        ? {
            request: scrubText(`${request.method} ${request.target}`, secrets),
            requestBody: scrubText((request.body?.text ?? "").slice(0, 2000), secrets),
          }
        : {}),
    };
    for (const d of defects) {
      log(
        `FAIL ${verifyCase.operation.operationId} ${verifyCase.name}: ${defectName(d)}${defectPlace(d)}: ${d.message}`,
      );
    }
    return { result, received };
  };
  const results = await mapLimit(
    plan.cases,
    options.concurrency ?? DEFAULT_CONCURRENCY,
    async (verifyCase) => {
      const first = await send(verifyCase);
      const mine = [{ op: verifyCase.operation, result: first.result }];
      // A paginated operation: follow the next cursor of each good page, up to maxPages pages in all.
      let page = first;
      for (
        let n = 2;
        n <= maxPages && verifyCase.nextPage && page.result.outcome === "passed";
        n++
      ) {
        const cursor = nextCursor(verifyCase, page.received);
        if (cursor === undefined) break;
        page = await send({
          operation: verifyCase.operation,
          kind: "next-page",
          name: `${verifyCase.name} page ${n}`,
          request: verifyCase.nextPage(cursor),
        });
        mine.push({ op: verifyCase.operation, result: page.result });
      }
      return mine;
    },
  ).then((lists) => lists.flat());

  const operations: OperationResult[] = ops.map((op) => {
    const skip = plan.skipped.find((s) => s.operation === op);
    const mine = results.filter((r) => r.op === op);
    const seen = new Set<string>();
    for (const { result } of mine) {
      const key = result.status === undefined ? undefined : statusKey(op, result.status);
      if (key !== undefined) seen.add(key);
    }
    const cases: CaseResult[] = skip
      ? skip.caseNames.map((name) => ({
          name,
          kind: "example" as const,
          outcome: "skipped" as const,
          defects: [],
          reason: skip.reason,
        }))
      : mine.map((r) => r.result);
    return {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      ...(skip ? { skippedReason: skip.reason } : {}),
      documentedStatuses: op.responses.map((r) => r.status),
      seenStatuses: op.responses.map((r) => r.status).filter((s) => seen.has(s)),
      cases,
    };
  });

  const all = operations.flatMap((o) => o.cases);
  const defects: Record<string, number> = {};
  for (const c of all)
    for (const name of new Set(c.defects.map(defectName))) defects[name] = (defects[name] ?? 0) + 1;
  const failed = all.filter((c) => c.outcome === "failed").length;
  const summary: VerifySummary = {
    operations: operations.length,
    operationsSent: operations.filter((o) => o.skippedReason === undefined).length,
    operationsSkipped: operations.filter((o) => o.skippedReason !== undefined).length,
    checks: CHECKS,
    cases: all.length,
    passed: all.filter((c) => c.outcome === "passed").length,
    failed,
    skipped: all.filter((c) => c.outcome === "skipped").length,
    discarded: plan.discarded,
    statusCoverage: {
      documented: operations.reduce((n, o) => n + o.documentedStatuses.length, 0),
      seen: operations.reduce((n, o) => n + o.seenStatuses.length, 0),
    },
    defects,
  };
  return {
    tool: "merchant-payments-verify",
    ok: failed === 0,
    baseUrl,
    seed,
    runs,
    timeoutMs,
    maxPages,
    allowWrites,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    ...(unreachable === undefined ? {} : { unreachable }),
    summary,
    operations,
  };
}
