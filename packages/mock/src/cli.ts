#!/usr/bin/env node
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { FAULT_KINDS, type FaultKind, type FaultOptions, type FaultRule } from "./faults.js";
import { LOG_LEVELS, type LogLevel } from "./logger.js";
import type { ViolationReport } from "./running.js";
import { startMock } from "./start-mock.js";
import { startValidationProxy, type ValidationProxy } from "./start-proxy.js";

const USAGE = `Usage:
  merchant-payments-mock mock [--port 4010] [--host 127.0.0.1] [--dynamic] [--seed <seed>] [--errors]
                              [--spec <file>] [--log-level silent|error|warn|info]
                              [--fault-rate <0..1>] [--fault-kinds <kind,...>] [--fault-seed <seed>]
                              [--fault-latency-ms <ms>] [--fault-retry-after <s>] [--fault-operation <id=rate>]...
  merchant-payments-mock proxy <upstream-url> [--port 4010] [--host 127.0.0.1] [--no-errors] [--spec <file>]
                              [--report <file>] [--fail-fast] [--upstream-timeout-ms 30000] [--log-level …]
                              [--max-response-bytes <n>]

mock   serves the spec with Prism's mocker: static examples, or --dynamic generated data (--seed for
       reproducible data). --fault-* answer a seeded share of requests with a fault (${FAULT_KINDS.join(", ")}).
proxy  puts the spec in front of a real server, checks every request and answer, and exits 1 at stop if it
       saw a violation, a transport failure, an undocumented status or a timeout (--fail-fast: at the first).

The port defaults to MOCK_PORT (else 4010), the host to HOST (else 127.0.0.1). Relative --report and --spec
paths are read from the folder the command was run in (INIT_CWD when run by pnpm or npm).`;

/** Default port of the CLI (the spec's local server URL is http://127.0.0.1:4010). */
const DEFAULT_PORT = 4010;

class UsageError extends Error {}

/** The folder the user ran the command in: INIT_CWD when pnpm or npm runs it from elsewhere, else this one. */
const invokedFrom = process.env.INIT_CWD || process.cwd();

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

function formatViolations(report: ViolationReport): string {
  const lines = report.violations.map(
    (v) => `    ${v.severity} ${v.location.join(".")}: ${v.message}`,
  );
  return `✖ spec violation in ${report.method} ${report.path} (answered ${report.status}):\n${lines.join("\n")}`;
}

function number(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max)
    throw new UsageError(`--${name} must be a number from ${min} to ${max}, got ${value}`);
  return parsed;
}

function faultKinds(value: string | undefined): FaultKind[] | undefined {
  if (value === undefined) return undefined;
  const kinds = value.split(",").map((k) => k.trim());
  for (const kind of kinds)
    if (!FAULT_KINDS.includes(kind as FaultKind))
      throw new UsageError(
        `--fault-kinds: unknown fault ${kind} (known: ${FAULT_KINDS.join(", ")})`,
      );
  return kinds as FaultKind[];
}

/** The `faults` option from the --fault-* flags; undefined when none is given. */
function faultOptions(values: Record<string, unknown>): FaultOptions | undefined {
  const rate = number("fault-rate", values["fault-rate"] as string | undefined, 0, 1);
  // Checked first: an unknown kind is a usage error even when no rate makes it apply.
  const kinds = faultKinds(values["fault-kinds"] as string | undefined);
  const operationFlags = (values["fault-operation"] as string[] | undefined) ?? [];
  if (rate === undefined && operationFlags.length === 0) {
    const unused = ["fault-kinds", "fault-seed", "fault-latency-ms", "fault-retry-after"].filter(
      (flag) => values[flag] !== undefined,
    );
    if (unused.length > 0)
      throw new UsageError(
        `--${unused[0]} needs --fault-rate <0..1> or --fault-operation <id=rate>: without one no request is faulted`,
      );
    return undefined;
  }
  const operations: Record<string, FaultRule> = {};
  for (const flag of operationFlags) {
    const match = /^([\w.-]+)=([\d.]+)$/.exec(flag);
    if (!match) throw new UsageError(`--fault-operation must be <operationId>=<rate>, got ${flag}`);
    operations[match[1] as string] = { rate: number("fault-operation", match[2], 0, 1) as number };
  }
  const latencyMs = number(
    "fault-latency-ms",
    values["fault-latency-ms"] as string | undefined,
    0,
    600_000,
  );
  const retryAfterSeconds = number(
    "fault-retry-after",
    values["fault-retry-after"] as string | undefined,
    0,
    86_400,
  );
  return {
    rate: rate ?? 0,
    ...(kinds ? { kinds } : {}),
    ...(latencyMs === undefined ? {} : { latencyMs }),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    ...(values["fault-seed"] === undefined ? {} : { seed: values["fault-seed"] as string }),
    operations,
  };
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    allowNegative: true,
    options: {
      port: { type: "string", short: "p" },
      host: { type: "string", short: "h" },
      dynamic: { type: "boolean", short: "d" },
      seed: { type: "string" },
      errors: { type: "boolean" },
      spec: { type: "string" },
      "log-level": { type: "string" },
      quiet: { type: "boolean", short: "q" },
      "fault-rate": { type: "string" },
      "fault-kinds": { type: "string" },
      "fault-seed": { type: "string" },
      "fault-latency-ms": { type: "string" },
      "fault-retry-after": { type: "string" },
      "fault-operation": { type: "string", multiple: true },
      report: { type: "string" },
      "fail-fast": { type: "boolean" },
      "upstream-timeout-ms": { type: "string" },
      "max-response-bytes": { type: "string" },
      help: { type: "boolean" },
    },
  });
  const [command = "mock", upstream] = positionals;
  if (values.help || !["mock", "proxy"].includes(command)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const port = number(
    values.port === undefined && process.env.MOCK_PORT ? "port (from MOCK_PORT)" : "port",
    values.port ?? (process.env.MOCK_PORT || String(DEFAULT_PORT)),
    0,
    65535,
  ) as number;
  const logLevel = (values["log-level"] ?? "error") as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(", ")}`);
  const common = {
    port,
    host: values.host ?? (process.env.HOST || "127.0.0.1"),
    ...(values.spec ? { spec: resolve(invokedFrom, values.spec) } : {}),
    logLevel,
    onViolations: values.quiet
      ? undefined
      : (report: ViolationReport) => console.error(formatViolations(report)),
  };
  const what = command === "proxy" ? "the validation proxy" : "the mock";

  let proxy: ValidationProxy | undefined;
  let stopEarly: ((reason: string) => void) | undefined;
  let server: { baseUrl: string; close(): Promise<void> };
  if (command === "proxy") {
    if (!upstream) throw new UsageError(`proxy needs the upstream URL.\n\n${USAGE}`);
    proxy = await startValidationProxy({
      ...common,
      upstream,
      errors: values.errors ?? true,
      ...(values.report ? { report: resolve(invokedFrom, values.report) } : {}),
      upstreamTimeoutMs:
        number("upstream-timeout-ms", values["upstream-timeout-ms"], 1, 3_600_000) ?? 30_000,
      ...(values["max-response-bytes"] === undefined
        ? {}
        : {
            maxResponseBytes: number(
              "max-response-bytes",
              values["max-response-bytes"],
              1,
              Number.MAX_SAFE_INTEGER,
            ),
          }),
      onFailure: (event) => {
        if (values["fail-fast"])
          stopEarly?.(`--fail-fast: ${event.outcome} in ${event.method} ${event.path}`);
      },
    });
    server = proxy;
    console.log(`\nValidation proxy of the Merchant Payments spec in front of ${upstream}`);
    console.log(`Proxy URL: ${proxy.baseUrl}   (point the client under test here)`);
    if (values.report)
      console.log(
        `Report: ${resolve(invokedFrom, values.report)} (JSON lines, a summary line at stop)`,
      );
  } else {
    const faults = faultOptions(values);
    server = await startMock({
      ...common,
      errors: values.errors ?? false,
      dynamic: values.dynamic ?? false,
      ...(values.seed === undefined ? {} : { seed: values.seed }),
      ...(faults ? { faults } : {}),
    });
    const mode = values.dynamic
      ? `dynamic data${values.seed === undefined ? "" : ` (seed ${values.seed})`}`
      : "static examples";
    console.log(
      `\nMerchant Payments mock (Prism's mocker, ${mode})${faults ? `, faults at rate ${faults.rate}` : ""}`,
    );
    console.log(`Base URL: ${server.baseUrl}`);
    console.log(
      `  createMerchantPaymentsClient({ baseUrl: "${server.baseUrl}", token: "any-token" })`,
    );
    console.log(
      '  Prefer header: "code=503", "example=TransactionIntegerBeneficiary", "dynamic=true", "fault=reset"\n',
    );
  }

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (reason: string, failed = false) => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${reason}: stopping ${what}`);
      void server.close().then(() => {
        if (!proxy) return resolve(0);
        const { summary } = proxy.report();
        console.log(
          `Proxy summary: ${summary.exchanges} exchanges, ${summary.passed} passed, ${summary.failed} failed (${summary.requestViolations} request violations, ${summary.responseViolations} response violations, ${summary.undocumentedStatuses} undocumented statuses, ${summary.transportFailures} transport failures, ${summary.timeouts} timeouts)`,
        );
        resolve(failed || summary.failed > 0 ? 1 : 0);
      });
    };
    stopEarly = (reason) => stop(reason, true);
    // `on`, not `once`: a second Ctrl-C (or one passed on by a wrapper) while stopping changes nothing.
    process.on("SIGINT", () => stop("SIGINT"));
    process.on("SIGTERM", () => stop("SIGTERM"));
    // Orphaned (the process that started it died without stopping it, e.g. a killed test runner or turbo): stop too.
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) stop("parent process gone");
    }, 1000).unref();
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const where = error as { address?: string; port?: number } | undefined;
    console.error(
      (where?.address !== undefined && where.port !== undefined
        ? listenErrorLine(error, where.address, where.port)
        : undefined) ?? (error instanceof Error ? error.message : String(error)),
    );
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
