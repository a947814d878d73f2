// The command line of merchant-payments-mock, parsed with node:util parseArgs and checked into the options of
// startMock or startValidationProxy (what the command prints and how it stops is command.ts).
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { UsageError } from "@merchant-payments/kit/usage-error";
import { FAULT_KINDS, type FaultKind, isFaultKind } from "../fault-kinds.js";
import type { FaultOptions, FaultRule } from "../faults.js";
import { LOG_LEVELS, type LogLevelOption, logLevelOf } from "../logger.js";
import type { FailOn } from "../proxy/recorder.js";
import { FAIL_ON } from "../proxy/recorder.js";
import type { StartMockOptions } from "../start-mock.js";
import type { StartValidationProxyOptions } from "../start-proxy.js";

/** What `--help` or an unknown command prints (a usage error may quote it): each command and option, defaults. */
export const USAGE = `Usage:
  merchant-payments-mock mock [--port 4010] [--host 127.0.0.1] [--dynamic] [--seed <seed>] [--errors]
                              [--spec <file>] [--log-level off|error|warn|info]
                              [--fault-rate <0..1>] [--fault-kinds <kind,...>] [--fault-seed <seed>]
                              [--fault-latency-ms <ms>] [--fault-retry-after <s>] [--fault-operation <id=rate>]...
  merchant-payments-mock proxy <upstream-url> [--port 4010] [--host 127.0.0.1] [--no-errors] [--spec <file>]
                              [--report <file>] [--fail-fast] [--fail-on all|responses]
                              [--upstream-timeout-ms 30000] [--max-response-bytes <n>] [--log-level …]
  merchant-payments-mock webhook <name> --to <url> [--spec <file>] [--timeout-ms 10000]

mock   serves the spec with Prism's mocker: static examples, or --dynamic generated data (--seed for
       reproducible data). --fault-* answer a seeded share of requests with a fault (${FAULT_KINDS.join(", ")}).
proxy  puts the spec in front of a real server, checks every request and answer, and exits 1 at stop if it
       saw a violation, a transport failure, an undocumented status or a timeout (--fail-fast: at the first).
       Request violations (the caller's) and answer violations (the server's) are counted apart; --fail-on
       responses fails on the server's only (default all). A request with the header
       Merchant-Payments-Deliberately-Invalid (verify sets it) is forwarded, and its documented 4xx expected.
webhook  delivers the spec's webhook <name> (its documented method, headers and body example) to the receiver
       at --to, prints the receiver's status and exits 0 for a 2xx, 1 for another status, 3 when nothing
       answers (\`pnpm mock webhook <name> --to <url>\` from the repository root).

The port defaults to MOCK_PORT (else 4010), the host to HOST (else 127.0.0.1). Relative --report and --spec
paths are read from the folder the command was run in (INIT_CWD when run by pnpm or npm).`;

/** Default port of the CLI (the spec's local server URL is http://127.0.0.1:4010). */
const DEFAULT_PORT = 4010;

export { UsageError };

/** What the command line asks for. */
export type CommandLine =
  /** Print the usage; `status` 0 for --help, 2 for an unknown command. */
  | { readonly command: "usage"; readonly status: 0 | 2 }
  /** Serve the mock. */
  | { readonly command: "mock"; readonly quiet: boolean; readonly options: StartMockOptions }
  /** Deliver webhook `name` of the spec (`spec`, else the bundled one) to `to`, waiting `timeoutMs` at most. */
  | {
      readonly command: "webhook";
      readonly name: string;
      readonly to: string;
      readonly spec?: string;
      readonly timeoutMs: number;
    }
  /** Run the validation proxy; `failFast`: stop at the first failure. */
  | {
      readonly command: "proxy";
      readonly quiet: boolean;
      readonly failFast: boolean;
      readonly options: StartValidationProxyOptions;
    };

/** Where the command line is read relative to and which defaults the environment gives. */
export interface CommandEnvironment {
  /** The folder relative paths are read from (INIT_CWD when run by pnpm or npm, else the working folder). */
  invokedFrom: string;
  /** MOCK_PORT, if set. */
  port?: string | undefined;
  /** HOST, if set. */
  host?: string | undefined;
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
    if (!isFaultKind(kind))
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

/** The `webhook` command's line: its name, an absolute http(s) `--to` URL, the spec and the timeout. */
function webhookCommandLine(
  name: string | undefined,
  values: Record<string, unknown>,
  env: CommandEnvironment,
): CommandLine {
  if (!name) throw new UsageError(`webhook needs the webhook's name.\n\n${USAGE}`);
  const to = values.to as string | undefined;
  if (!to) throw new UsageError("webhook needs --to <url>: the receiver to deliver the webhook to");
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    throw new UsageError(`--to must be an absolute http(s) URL, got ${to}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`--to must be an absolute http(s) URL, got ${to}`);
  const spec = values.spec as string | undefined;
  return {
    command: "webhook",
    name,
    to: url.href,
    ...(spec ? { spec: resolve(env.invokedFrom, spec) } : {}),
    timeoutMs:
      number("timeout-ms", values["timeout-ms"] as string | undefined, 1, 600_000) ?? 10_000,
  };
}

/** Parses `argv` (without the node and script paths); throws `UsageError` for a command line it cannot run. */
export function parseCommandLine(argv: readonly string[], env: CommandEnvironment): CommandLine {
  const { values, positionals } = parseArgs({
    args: [...argv],
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
      "fail-on": { type: "string" },
      "upstream-timeout-ms": { type: "string" },
      "max-response-bytes": { type: "string" },
      help: { type: "boolean" },
      to: { type: "string" },
      "timeout-ms": { type: "string" },
    },
  });
  // `pnpm mock webhook …` runs the bin as `mock webhook …`.
  const words =
    positionals[0] === "mock" && positionals[1] === "webhook" ? positionals.slice(1) : positionals;
  const [command = "mock", upstream] = words;
  if (values.help || (command !== "mock" && command !== "proxy" && command !== "webhook"))
    return { command: "usage", status: values.help ? 0 : 2 };
  if (command === "webhook") return webhookCommandLine(upstream, values, env);
  const port = number(
    values.port === undefined && env.port ? "port (from MOCK_PORT)" : "port",
    values.port ?? (env.port || String(DEFAULT_PORT)),
    0,
    65535,
  ) as number;
  const logLevel = logLevelOf((values["log-level"] ?? "error") as LogLevelOption);
  if (!LOG_LEVELS.includes(logLevel))
    throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(", ")}`);
  const sharedOptions = {
    port,
    host: values.host ?? (env.host || "127.0.0.1"),
    ...(values.spec ? { spec: resolve(env.invokedFrom, values.spec) } : {}),
    logLevel,
  };
  const quiet = values.quiet ?? false;
  if (command === "proxy") {
    if (!upstream) throw new UsageError(`proxy needs the upstream URL.\n\n${USAGE}`);
    const failOn = (values["fail-on"] ?? "all") as FailOn;
    if (!FAIL_ON.includes(failOn))
      throw new UsageError(`--fail-on must be one of ${FAIL_ON.join(", ")}, got ${failOn}`);
    return {
      command,
      quiet,
      failFast: values["fail-fast"] ?? false,
      options: {
        ...sharedOptions,
        upstream,
        errors: values.errors ?? true,
        failOn,
        ...(values.report ? { report: resolve(env.invokedFrom, values.report) } : {}),
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
              ) as number,
            }),
      },
    };
  }
  const faults = faultOptions(values);
  return {
    command,
    quiet,
    options: {
      ...sharedOptions,
      errors: values.errors ?? false,
      dynamic: values.dynamic ?? false,
      ...(values.seed === undefined ? {} : { seed: values.seed }),
      ...(faults ? { faults } : {}),
    },
  };
}
