// The mock's command as a function: parse, start the mock or the proxy, print how to use it, stop on a signal
// (or, for the proxy with --fail-fast, at the first failure); returns the exit status.

import type { ViolationReport } from "../lifecycle.js";
import type { ProxySummary } from "../proxy/recorder.js";
import { formatReportedIssue } from "../reported-issue.js";
import type { StartMockOptions } from "../start-mock.js";
import type { StartValidationProxyOptions, ValidationProxy } from "../start-proxy.js";
import { parseCommandLine, USAGE, UsageError } from "./parse.js";

/** The parent process at load, before the mock or proxy starts: one that dies during the start is noticed too. */
const STARTED_BY = process.ppid;

/** The one line for a listen error: a taken port names the port and how to choose another. */
function listenErrorLine(error: unknown, host: string, port: number): string | undefined {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === "EADDRINUSE")
    return `Port ${port} is already in use on ${host}: pass --port <port> or set MOCK_PORT to a free port, e.g. MOCK_PORT=${port + 1}`;
  if (code === "EACCES")
    return `Port ${port} on ${host} is not allowed for this user: pass --port or set MOCK_PORT to a port above 1023`;
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return `Host ${host} is not an address of this machine: pass --host or set HOST, e.g. HOST=127.0.0.1`;
  return undefined;
}

/** What a report's first line calls it, by whose mistake it is (the proxy's reports say; the mock's do not). */
const VIOLATION_KIND: Record<NonNullable<ViolationReport["blame"]> | "none", string> = {
  caller: "request violation (the caller's)",
  server: "answer violation (the server's)",
  proxy: "proxy error",
  none: "spec violation",
};

/** A report in lines: the exchange, then one line per issue (`    response body /amount must be >= 0`). */
function formatViolations(report: ViolationReport): string {
  const lines = report.issues.map((issue) => `    ${formatReportedIssue(issue)}`);
  const kind = VIOLATION_KIND[report.blame ?? "none"];
  return `✖ ${kind} in ${report.method} ${report.path} (answered ${report.status}):\n${lines.join("\n")}`;
}

/** The proxy's summary at stop: the counts, the caller's and the server's mistakes apart, the verdict last. */
function proxySummaryLines(summary: ProxySummary): string[] {
  const s = summary;
  return [
    `Proxy summary: ${s.exchanges} exchanges, ${s.passed} passed, ${s.failed} failed (${s.expectedRefusals} of the passed: expected refusals of requests marked deliberately invalid)`,
    `  request violations (the caller's): ${s.requestViolations}`,
    `  answer violations (the server's): ${s.answerViolations} (${s.responseViolations} non-conforming answers, ${s.undocumentedStatuses} undocumented statuses, ${s.transportFailures} transport failures, ${s.timeouts} timeouts, ${s.tooLarge} too large)`,
    ...(s.proxyErrors > 0 ? [`  proxy errors: ${s.proxyErrors}`] : []),
    `Proxy verdict: ${s.verdict === "passed" ? "PASSED" : "FAILED"} (--fail-on ${s.failOn})`,
  ];
}

/** The exit status of an error: 2 for a command line it cannot run, else 1; the one line says why. */
export function errorExit(error: unknown): { status: number; line: string } {
  const where = error as { address?: string; port?: number } | undefined;
  return {
    status: error instanceof UsageError ? 2 : 1,
    line:
      (where?.address !== undefined && where.port !== undefined
        ? listenErrorLine(error, where.address, where.port)
        : undefined) ?? (error instanceof Error ? error.message : String(error)),
  };
}

/**
 * Runs `merchant-payments-mock` with `args` until it is stopped: 0 after a clean stop, 1 when the proxy saw a
 * failure, 2 for --help's opposite (an unknown command). Throws `UsageError` and listen errors (see `errorExit`).
 */
export async function mockCommand(args: readonly string[]): Promise<number> {
  const commandLine = parseCommandLine(args, {
    // The folder the user ran the command in: INIT_CWD when pnpm or npm runs it from elsewhere, else this one.
    invokedFrom: process.env.INIT_CWD || process.cwd(),
    port: process.env.MOCK_PORT,
    host: process.env.HOST,
  });
  if (commandLine.command === "usage") {
    console.log(USAGE);
    return commandLine.status;
  }
  if (commandLine.command === "webhook") {
    const { webhookCommand } = await import("./webhook-command.js");
    return webhookCommand(commandLine);
  }
  const onViolations = commandLine.quiet
    ? undefined
    : (report: ViolationReport) => console.error(formatViolations(report));
  const what = commandLine.command === "proxy" ? "the validation proxy" : "the mock";

  let proxy: ValidationProxy | undefined;
  let stopEarly: ((reason: string) => void) | undefined;
  let server: { baseUrl: string; close(): Promise<void> };
  if (commandLine.command === "proxy") {
    const { options } = commandLine;
    // Loaded only now: Prism and the spec model take seconds to load, a usage error or --help none.
    const { startValidationProxy } = await import("../start-proxy.js");
    proxy = await startValidationProxy({
      ...options,
      onViolations,
      onFailure: (event) => {
        if (commandLine.failFast)
          stopEarly?.(`--fail-fast: ${event.outcome} in ${event.method} ${event.path}`);
      },
    });
    server = proxy;
    // One write, so that a reader of the banner gets it whole.
    console.log(proxyBanner(options, proxy.baseUrl));
  } else {
    const { startMock } = await import("../start-mock.js");
    server = await startMock({ ...commandLine.options, onViolations });
    console.log(mockBanner(commandLine.options, server.baseUrl));
  }
  const stopping = untilStopped(what, server, proxy);
  stopEarly = stopping.stopEarly;
  return stopping.status;
}

/** What the proxy prints once it listens. */
function proxyBanner(options: StartValidationProxyOptions, baseUrl: string): string {
  return [
    `\nValidation proxy of the Merchant Payments spec in front of ${options.upstream}`,
    `Proxy URL: ${baseUrl}   (point the client under test here)`,
    ...(options.report ? [`Report: ${options.report} (JSON lines, a summary line at stop)`] : []),
  ].join("\n");
}

/** What the mock prints once it listens. */
function mockBanner(options: StartMockOptions, baseUrl: string): string {
  const { faults } = options;
  const mode = options.dynamic
    ? `dynamic data${options.seed === undefined ? "" : ` (seed ${options.seed})`}`
    : "static examples";
  return [
    `\nMerchant Payments mock (Prism's mocker, ${mode})${faults ? `, faults at rate ${faults.rate}` : ""}`,
    `Base URL: ${baseUrl}`,
    `  createMerchantPaymentsClient({ baseUrl: "${baseUrl}", token: "any-token" })`,
    '  Prefer header: "code=503", "example=TransactionIntegerBeneficiary", "dynamic=true", "fault=reset"\n',
  ].join("\n");
}

/**
 * Stops the server at SIGINT, SIGTERM, or when the parent process is gone (`stopEarly`: now, as a failure);
 * `status` resolves once it closed: 1 when the proxy saw a failure or it stopped early, else 0.
 */
function untilStopped(
  what: string,
  server: { close(): Promise<void> },
  proxy: ValidationProxy | undefined,
): { status: Promise<number>; stopEarly: (reason: string) => void } {
  let stop: (reason: string, failed?: boolean) => void = () => {};
  const status = new Promise<number>((resolve) => {
    let stopping = false;
    stop = (reason, failed = false) => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${reason}: stopping ${what}`);
      void server.close().then(() => {
        if (!proxy) return resolve(0);
        const { summary } = proxy.report();
        console.log(proxySummaryLines(summary).join("\n"));
        resolve(failed || summary.verdict === "failed" ? 1 : 0);
      });
    };
    // `on`, not `once`: a second Ctrl-C (or one passed on by a wrapper) while stopping changes nothing.
    process.on("SIGINT", () => stop("SIGINT"));
    process.on("SIGTERM", () => stop("SIGTERM"));
    // Orphaned (the process that started it died without stopping it, e.g. a killed test runner or turbo): stop too.
    setInterval(() => {
      if (process.ppid !== STARTED_BY) stop("parent process gone");
    }, 1000).unref();
  });
  return { status, stopEarly: (reason) => stop(reason, true) };
}
