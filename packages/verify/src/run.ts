// Runs a verification: plans the requests, sends each once with bounded concurrency (send-case.ts: sent, judged by
// every check), follows the pages of a paginated operation, and sums the results up per operation (summarize.ts).

import { mapLimit } from "@merchant-payments/kit";
import {
  createAjv,
  largestMessageBytes,
  loadBundle,
  operations as operationsOf,
} from "@merchant-payments/spec";
import { nextCursor } from "./checks/pagination.js";
import { planCases, type VerifyCase } from "./plan.js";
import type { VerifyReport } from "./report-types.js";
import { type CaseSender, createCaseSender } from "./send-case.js";
import { skipLines } from "./skip-lines.js";
import { type OperationCase, operationResults, summarize } from "./summarize.js";

/** Options of `runVerify`. */
export interface VerifyOptions {
  /** Base URL of the server under test, e.g. `https://api.example.com/v1`. Required. */
  readonly baseUrl: string;
  /** Bearer token sent in Authorization to operations whose `security` asks for one. Required. */
  readonly token: string;
  /** API key sent where an `apiKey` scheme says (header, query or cookie); without it such operations are skipped. */
  readonly apiKey?: string;
  /** `user:password` sent (base64) in Authorization where an `http` `basic` scheme says; without it such operations are skipped. */
  readonly basic?: string;
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
  /**
   * With `allowWrites`: also send a write whose body the spec gives no example of, with one generated body; default
   * false (such a write is skipped with its reason).
   */
  readonly generatedWrites?: boolean;
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
/** The case and the pages after it: a paginated operation's next cursor followed, up to `maxPages` pages in all. */
async function sendWithPages(
  sender: CaseSender,
  verifyCase: VerifyCase,
  maxPages: number,
): Promise<OperationCase[]> {
  let page = await sender.send(verifyCase);
  const mine = [{ op: verifyCase.operation, result: page.result }];
  for (let n = 2; n <= maxPages && verifyCase.nextPage && page.result.outcome === "passed"; n++) {
    const cursor = nextCursor(verifyCase, page.received);
    if (cursor === undefined) break;
    page = await sender.send({
      operation: verifyCase.operation,
      kind: "next-page",
      name: `${verifyCase.name} page ${n}`,
      request: verifyCase.nextPage(cursor),
    });
    mine.push({ op: verifyCase.operation, result: page.result });
  }
  return mine;
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
  const generatedWrites = options.generatedWrites ?? false;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const log = options.onLine ?? (() => {});
  const ops = operationsOf(document);
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const plan = planCases(document, ops, ajv, {
    seed,
    runs,
    allowWrites,
    generatedWrites,
    token: options.token,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    ...(options.basic ? { basic: options.basic } : {}),
  });
  for (const line of skipLines(
    plan.skipped.map((s) => ({ operationId: s.operation.operationId, reason: s.reason })),
  ))
    log(line);
  const sender = createCaseSender({
    ajv,
    baseUrl,
    timeoutMs,
    maxResponseBytes: options.maxResponseBytes ?? largestMessageBytes(document, ops),
    secrets: [
      options.token,
      options.apiKey,
      options.basic,
      options.basic && Buffer.from(options.basic).toString("base64"),
    ],
    log,
  });
  const results = await mapLimit(
    plan.cases,
    options.concurrency ?? DEFAULT_CONCURRENCY,
    (verifyCase) => sendWithPages(sender, verifyCase, maxPages),
  );
  const operations = operationResults(ops, plan, results.flat());
  const summary = summarize(operations, plan.discarded);
  const unreachable = sender.unreachable();
  return {
    tool: "merchant-payments-verify",
    ok: summary.failed === 0,
    baseUrl,
    seed,
    runs,
    timeoutMs,
    maxPages,
    allowWrites,
    generatedWrites,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    ...(unreachable === undefined ? {} : { unreachable }),
    summary,
    operations,
  };
}
