// The command line of merchant-payments-verify, parsed with node:util parseArgs (strict: unknown options and
// stray arguments are refused) and checked into VerifyOptions plus the report files.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { checkBaseUrl } from "@merchant-payments/spec/base-url";
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_RUNS,
  DEFAULT_TIMEOUT_MS,
  MAX_CONSECUTIVE_CONNECTION_FAILURES,
  type VerifyOptions,
} from "./run.js";

/** What the command line asks for. */
export interface CommandLine {
  /** Print the usage and exit 0. */
  readonly help: boolean;
  /** The verification's options. */
  readonly options: VerifyOptions;
  /** Where to write the JSON report, if anywhere. */
  readonly reportJson?: string;
  /** Where to write the JUnit XML report, if anywhere. */
  readonly junit?: string;
}

/** A command line verify cannot run: the message says what to change. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** The usage text. */
export const USAGE = `Usage: merchant-payments-verify --base-url <url> [options]   (token: MERCHANT_PAYMENTS_TOKEN or --token-file)

Sends every operation of the Merchant Payments spec to a live server and checks every answer against the spec.

  --base-url <url>       base URL of the server, e.g. https://api.example.com/v1 (required)
  --token-file <file>    read the Bearer token sent in Authorization from <file> (or set MERCHANT_PAYMENTS_TOKEN;
                         --token <token> also works, but a package manager echoes its command line)
  --max-response-bytes <n>  largest answer body read, in bytes (default from the spec: ${"largest maxItems × 1 KiB + 1 MiB"})
  --report-json <file>   write the JSON report to <file>
  --junit <file>         write a JUnit XML report to <file>
  --seed <n>             seed of the generated bodies (default: from the clock; printed)
  --timeout-ms <n>       milliseconds one request may take, headers and body (default ${DEFAULT_TIMEOUT_MS})
  --runs <n>             generated valid bodies, and as many invalid ones, per operation (default ${DEFAULT_RUNS})
  --concurrency <n>      requests in flight at once (default ${DEFAULT_CONCURRENCY})
  --allow-writes         also send operations that move money or delete (x-side-effect), their examples
                         only, once each
  -h, --help             print this help

Exit status: 0 when every answer passed, 1 when any failed, 2 for a command line it cannot run, 3 when the
server could not be reached (it stops after ${MAX_CONSECUTIVE_CONNECTION_FAILURES} connection failures in a row).`;

function integer(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min) {
    throw new UsageError(
      `--${name} must be a whole number of at least ${min}, got ${JSON.stringify(text)}`,
    );
  }
  return value;
}

/**
 * The folder relative report paths are resolved against: where the user ran the command (`INIT_CWD`, set by
 * pnpm and npm when `pnpm verify` runs the package's script elsewhere), else the current folder.
 */
function invokedFrom(env: Readonly<Record<string, string | undefined>>): string {
  return env.INIT_CWD || process.cwd();
}

/** Parses `args` (without node and the script); throws UsageError for what cannot run. */
export function parseCommandLine(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): CommandLine {
  let values: ReturnType<typeof parse>["values"];
  function parse() {
    return parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        "base-url": { type: "string" },
        token: { type: "string" },
        "token-file": { type: "string" },
        "max-response-bytes": { type: "string" },
        "report-json": { type: "string" },
        junit: { type: "string" },
        seed: { type: "string" },
        "timeout-ms": { type: "string" },
        runs: { type: "string" },
        concurrency: { type: "string" },
        "allow-writes": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  }
  try {
    values = parse().values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { help: true, options: { baseUrl: "", token: "" } };
  // The workspace's one base-URL check; a query is refused (each operation's path is appended to the base URL).
  const base = checkBaseUrl(values["base-url"]);
  if (!base.ok) throw new UsageError(`--base-url ${base.problem}`);
  const baseUrl = base.prefix;
  const tokenFile = values["token-file"];
  let token = values.token ?? env.MERCHANT_PAYMENTS_TOKEN;
  if (tokenFile !== undefined) {
    try {
      token = readFileSync(resolve(invokedFrom(env), tokenFile), "utf8").trim();
    } catch (error) {
      throw new UsageError(
        `--token-file: cannot read ${tokenFile}: ${(error as NodeJS.ErrnoException).code ?? "error"}`,
      );
    }
  }
  if (!token) {
    throw new UsageError(
      "a token is required: set MERCHANT_PAYMENTS_TOKEN or give --token-file <file> (or --token)",
    );
  }
  const maxResponseBytes = integer("max-response-bytes", values["max-response-bytes"], 1);
  const seed = integer("seed", values.seed, 0);
  const timeoutMs = integer("timeout-ms", values["timeout-ms"], 1);
  const runs = integer("runs", values.runs, 0);
  const concurrency = integer("concurrency", values.concurrency, 1);
  return {
    help: false,
    options: {
      baseUrl,
      token,
      allowWrites: values["allow-writes"] === true,
      ...(seed === undefined ? {} : { seed }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(runs === undefined ? {} : { runs }),
      ...(concurrency === undefined ? {} : { concurrency }),
      ...(maxResponseBytes === undefined ? {} : { maxResponseBytes }),
    },
    ...(values["report-json"]
      ? { reportJson: resolve(invokedFrom(env), values["report-json"]) }
      : {}),
    ...(values.junit ? { junit: resolve(invokedFrom(env), values.junit) } : {}),
  };
}
