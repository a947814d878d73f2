// The proxy's record of every exchange: the events and their counts, each failure's issues (through the
// violation reporter, or one log line), the first failure announced, and the JSON-lines report file.
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { dirname } from "node:path";
import type { Issue } from "@merchant-payments/spec/model";
import type { ViolationReport } from "../lifecycle.js";
import type { Logger } from "../logger.js";
import { formatReportedIssues, type ReportedCheck, shownIssue } from "../reported-issue.js";
import type { ExchangeRecord, ProxyOutcome } from "./classify.js";

/** One exchange through the proxy, as the report has it. */
export interface ProxyEvent extends Omit<RecordedExchange, "issues"> {
  /** What is wrong (empty when `ok`), each issue's `check` its side and part: `request query`, `response schema`. */
  issues: Issue<ReportedCheck>[];
}

/** One exchange through the proxy, as recorded: its issues keep their side apart (`ExchangeIssue`). */
export interface RecordedExchange extends ExchangeRecord {
  /** ISO 8601 time the request arrived. */
  time: string;
  /** HTTP method of the request, upper case. */
  method: string;
  /** Path and query. */
  path: string;
  /** The operation, if the request matched one. */
  operationId?: string;
  /** The request's `Merchant-Payments-Deliberately-Invalid` value (e.g. verify's `malformed-json`), if marked. */
  deliberatelyInvalid?: string;
}

/**
 * Which failures fail the run (exit status, `--fail-fast`, `verdict`): `all` (default) the caller's and the
 * server's; `responses` only the server's (answer violations) and the proxy's own errors.
 */
export type FailOn = "all" | "responses";

/** Every value of `FailOn`, the default first. */
export const FAIL_ON: readonly FailOn[] = ["all", "responses"];

/** The counts of a proxy's report. */
export interface ProxySummary {
  /** Exchanges recorded so far, `passed` plus `failed`. */
  exchanges: number;
  /** Exchanges without any failure (expected refusals included). */
  passed: number;
  /** Exchanges with a failure: `requestViolations` + `answerViolations` + `proxyErrors`. */
  failed: number;
  /** Requests marked deliberately invalid that the server refused as documented (among `passed`). */
  expectedRefusals: number;
  /** The caller's mistakes: requests that violate the spec (or match no operation), not marked deliberately invalid. */
  requestViolations: number;
  /** The server's mistakes: the sum of the five counts below. */
  answerViolations: number;
  /** Answers that violate the spec (a request marked deliberately invalid answered without a 4xx included). */
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
  /** Which failures fail the run. */
  failOn: FailOn;
  /** `failed` when a failure that `failOn` counts was seen (the CLI then exits 1), else `passed`. */
  verdict: "passed" | "failed";
}

/** The report: a summary and every exchange. */
export interface ProxyReport {
  summary: ProxySummary;
  events: ProxyEvent[];
}

/** The count of each failing outcome, and whose mistake it is. */
const OUTCOME_COUNT: Record<
  Exclude<ProxyOutcome, "ok" | "expected-refusal">,
  { count: keyof ProxySummary; blame: "caller" | "server" | "proxy" }
> = {
  "request-violation": { count: "requestViolations", blame: "caller" },
  "response-violation": { count: "responseViolations", blame: "server" },
  "undocumented-status": { count: "undocumentedStatuses", blame: "server" },
  "transport-failure": { count: "transportFailures", blame: "server" },
  timeout: { count: "timeouts", blame: "server" },
  "response-too-large": { count: "tooLarge", blame: "server" },
  "proxy-error": { count: "proxyErrors", blame: "proxy" },
};

/** Whether a failure of `blame` fails the run under `failOn`. */
function failsRun(blame: "caller" | "server" | "proxy", failOn: FailOn): boolean {
  return blame !== "caller" || failOn === "all";
}

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
  /** Called at the first failure that fails the run under `failOn`; default none. */
  onFailure?: (event: ProxyEvent) => void;
  /** Which failures fail the run; default `all`. */
  failOn?: FailOn;
}

/** The recorder of a proxy. */
export interface Recorder {
  /** Counts one exchange, writes it to the report file if any; reports a failure (`onFailure` on the first). */
  record(exchange: RecordedExchange): void;
  /** The report so far (copies). */
  report(): ProxyReport;
  /** Writes the summary line and closes the report file. */
  close(): Promise<void>;
}

/** Creates the recorder (and the report file, with its folder). */
export function createRecorder(options: RecorderOptions): Recorder {
  const events: ProxyEvent[] = [];
  const failOn = options.failOn ?? "all";
  const summary: ProxySummary = {
    exchanges: 0,
    passed: 0,
    failed: 0,
    expectedRefusals: 0,
    requestViolations: 0,
    answerViolations: 0,
    responseViolations: 0,
    undocumentedStatuses: 0,
    transportFailures: 0,
    timeouts: 0,
    tooLarge: 0,
    proxyErrors: 0,
    failOn,
    verdict: "passed",
  };
  let file: WriteStream | undefined;
  if (options.file) {
    mkdirSync(dirname(options.file), { recursive: true });
    file = createWriteStream(options.file, { flags: "w" });
  }

  const fail = (event: ProxyEvent, outcome: Exclude<ProxyOutcome, "ok" | "expected-refusal">) => {
    const { count, blame } = OUTCOME_COUNT[outcome];
    summary.failed++;
    (summary[count] as number)++;
    if (blame === "server") summary.answerViolations++;
    // The event's issues as they are (already reported issues): to the reporter (the CLI's onViolations).
    options.reportViolations({
      method: event.method,
      path: event.path,
      status: event.status,
      issues: event.issues,
      blame,
    });
    if (options.logFailures) {
      options.logger.error(
        `proxy: ${event.outcome} (the ${blame}'s) in ${event.method} ${event.path}: ${formatReportedIssues(event.issues)}`,
      );
    }
    if (failsRun(blame, failOn) && summary.verdict === "passed") {
      summary.verdict = "failed";
      options.onFailure?.(event);
    }
  };

  return {
    record(exchange) {
      // The one place an exchange's issues are shown: the side joins the part in `check`.
      const event: ProxyEvent = { ...exchange, issues: exchange.issues.map(shownIssue) };
      events.push(event);
      summary.exchanges++;
      if (event.outcome === "ok" || event.outcome === "expected-refusal") {
        summary.passed++;
        if (event.outcome === "expected-refusal") summary.expectedRefusals++;
      } else fail(event, event.outcome);
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
