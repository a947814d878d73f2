// The proxy's record of every exchange: the events and their counts, each failure's issues (through the
// violation reporter, or one log line), the first failure announced, and the JSON-lines report file.
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { dirname } from "node:path";
import type { ViolationReport } from "../lifecycle.js";
import type { Logger } from "../logger.js";
import { formatReportedIssues } from "../reported-issue.js";
import type { ExchangeRecord, ProxyOutcome } from "./classify.js";

/** One exchange through the proxy. */
export interface ProxyEvent extends ExchangeRecord {
  /** ISO 8601 time the request arrived. */
  time: string;
  /** HTTP method of the request, upper case. */
  method: string;
  /** Path and query. */
  path: string;
  /** The operation, if the request matched one. */
  operationId?: string;
}

/** The counts of a proxy's report. */
export interface ProxySummary {
  /** Exchanges recorded so far, `passed` plus `failed`. */
  exchanges: number;
  /** Exchanges without any failure. */
  passed: number;
  /** Exchanges with a failure (the sum of the counts below). */
  failed: number;
  /** Requests that violate the spec (or match no operation). */
  requestViolations: number;
  /** Answers that violate the spec. */
  responseViolations: number;
  /** Answers with a status the operation does not document. */
  undocumentedStatuses: number;
  /** Upstream connections that failed. */
  transportFailures: number;
  /** Upstreams slower than `upstreamTimeoutMs`. */
  timeouts: number;
  /** Upstream answers larger than `maxResponseBytes`. */
  tooLarge: number;
  /** Exchanges the proxy itself failed on (each is recorded and fails the run). */
  proxyErrors: number;
}

/** The report: a summary and every exchange. */
export interface ProxyReport {
  summary: ProxySummary;
  events: ProxyEvent[];
}

const OUTCOME_COUNT: Record<Exclude<ProxyOutcome, "ok">, keyof ProxySummary> = {
  "request-violation": "requestViolations",
  "response-violation": "responseViolations",
  "undocumented-status": "undocumentedStatuses",
  "transport-failure": "transportFailures",
  timeout: "timeouts",
  "response-too-large": "tooLarge",
  "proxy-error": "proxyErrors",
};

/** Options of `createRecorder`. */
export interface RecorderOptions {
  /** File to write the report to, as JSON lines; default none. */
  file?: string;
  /** Reports the violations of a failed exchange (the server's `onViolations`). */
  reportViolations(report: ViolationReport): void;
  /** Where a failed exchange is logged when `logFailures`. */
  logger: Logger;
  /** Log each failed exchange (when nobody else prints the violations). */
  logFailures: boolean;
  /** Called at the first failure; default none. */
  onFailure?: (event: ProxyEvent) => void;
}

/** The recorder of a proxy. */
export interface Recorder {
  /** Counts one exchange, writes it to the report file if any; reports a failure (`onFailure` on the first). */
  record(event: ProxyEvent): void;
  /** The report so far (copies). */
  report(): ProxyReport;
  /** Writes the summary line and closes the report file. */
  close(): Promise<void>;
}

/** Creates the recorder (and the report file, with its folder). */
export function createRecorder(options: RecorderOptions): Recorder {
  const events: ProxyEvent[] = [];
  const summary: ProxySummary = {
    exchanges: 0,
    passed: 0,
    failed: 0,
    requestViolations: 0,
    responseViolations: 0,
    undocumentedStatuses: 0,
    transportFailures: 0,
    timeouts: 0,
    tooLarge: 0,
    proxyErrors: 0,
  };
  let file: WriteStream | undefined;
  if (options.file) {
    mkdirSync(dirname(options.file), { recursive: true });
    file = createWriteStream(options.file, { flags: "w" });
  }
  let failedOnce = false;

  const fail = (event: ProxyEvent) => {
    summary.failed++;
    summary[OUTCOME_COUNT[event.outcome as Exclude<ProxyOutcome, "ok">]]++;
    // The event's issues as they are (already reported issues): to the reporter (the CLI's onViolations).
    options.reportViolations({
      method: event.method,
      path: event.path,
      status: event.status,
      issues: event.issues,
    });
    if (options.logFailures) {
      options.logger.error(
        `proxy: ${event.outcome} in ${event.method} ${event.path}: ${formatReportedIssues(event.issues)}`,
      );
    }
    if (!failedOnce) {
      failedOnce = true;
      options.onFailure?.(event);
    }
  };

  return {
    record(event) {
      events.push(event);
      summary.exchanges++;
      if (event.outcome === "ok") summary.passed++;
      else fail(event);
      file?.write(`${JSON.stringify({ type: "exchange", ...event })}\n`);
    },
    report: () => ({ summary: { ...summary }, events: [...events] }),
    async close() {
      if (!file) return;
      const open = file;
      open.write(`${JSON.stringify({ type: "summary", ...summary })}\n`);
      await new Promise<void>((resolve) => open.end(() => resolve()));
    },
  };
}
