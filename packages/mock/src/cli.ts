#!/usr/bin/env node
import { parseArgs } from "node:util";
import type { ViolationReport } from "./front.js";
import type { RunningServer } from "./server.js";
import { startMock } from "./start-mock.js";
import { startValidationProxy } from "./start-proxy.js";

const USAGE = `Usage:
  merchant-payments-mock mock [--port 4010] [--host 127.0.0.1] [--dynamic] [--seed <seed>] [--errors] [--spec <file>] [--quiet]
  merchant-payments-mock proxy <upstream-url> [--port 4010] [--host 127.0.0.1] [--no-errors] [--spec <file>] [--quiet]

mock   serves the bundled spec with Prism: static examples, or --dynamic generated data (--seed for reproducible data).
proxy  puts the spec in front of a real server and reports every violation of it.`;

/** Default port of the CLI (the spec's local server URL is http://127.0.0.1:4010). */
const DEFAULT_PORT = 4010;

/** The address of the Prism process behind the front, as Prism prints it. */
const PRISM_URL = /http:\/\/127\.0\.0\.1:\d+/g;

function formatViolations(report: ViolationReport): string {
  const lines = report.violations.map(
    (v) => `    ${v.severity} ${v.location.join(".")}: ${v.message}`,
  );
  return `✖ spec violation in ${report.method} ${report.path} (answered ${report.status}):\n${lines.join("\n")}`;
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
      quiet: { type: "boolean", short: "q" },
      help: { type: "boolean" },
    },
  });
  const [command = "mock", upstream] = positionals;
  if (values.help || !["mock", "proxy"].includes(command)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be an integer from 0 to 65535, got ${values.port}`);
    return 2;
  }
  const host = values.host ?? "127.0.0.1";
  const publicUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const common = {
    port,
    host,
    spec: values.spec,
    // Prism listens on an internal port behind the front: show the address callers use instead.
    onOutput: values.quiet
      ? undefined
      : (line: string) => console.log(port === 0 ? line : line.replace(PRISM_URL, publicUrl)),
    onViolations: (report: ViolationReport) => console.error(formatViolations(report)),
  };

  let server: RunningServer;
  if (command === "proxy") {
    if (!upstream) {
      console.error(`proxy needs the upstream URL.\n\n${USAGE}`);
      return 2;
    }
    server = await startValidationProxy({ ...common, upstream, errors: values.errors ?? true });
    console.log(`\nValidation proxy of the Merchant Payments spec in front of ${upstream}`);
  } else {
    server = await startMock({
      ...common,
      errors: values.errors ?? false,
      dynamic: values.dynamic ?? false,
      seed: values.seed,
    });
    const mode = values.dynamic
      ? `dynamic data${values.seed === undefined ? "" : ` (seed ${values.seed})`}`
      : "static examples";
    console.log(`\nMerchant Payments mock (Prism, ${mode})`);
  }
  console.log(`Base URL: ${server.baseUrl}`);
  console.log(
    `  createMerchantPaymentsClient({ baseUrl: "${server.baseUrl}", token: "any-token" })`,
  );
  console.log(
    '  Prefer header: "code=503", "example=TransactionIntegerBeneficiary", "dynamic=true"\n',
  );

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${signal}: stopping the mock`);
      void server.close().then(() => resolve(0));
    };
    process.once("SIGINT", () => stop("SIGINT"));
    process.once("SIGTERM", () => stop("SIGTERM"));
    // Orphaned (the process that started it died without stopping it, e.g. a killed test runner or turbo): stop too.
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) stop("parent process gone");
    }, 1000).unref();
    void server.crashed.then((output) => {
      console.error(`Prism stopped unexpectedly:\n${output}`);
      void server.close().then(() => resolve(1));
    });
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
