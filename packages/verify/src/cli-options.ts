// The command line of merchant-payments-verify, parsed strictly (arguments.ts: unknown options and stray arguments
// are refused) and checked into VerifyOptions plus the report files.
import {
  API_KEY_VARIABLE,
  BASIC_CREDENTIALS_VARIABLE,
  baseUrlOption,
  type Env,
  fromInvocation,
  numberOption,
  parseStrict,
  secretOption,
  specOption,
  TOKEN_VARIABLE,
  UsageError,
} from "./arguments.js";
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_PAGES,
  DEFAULT_RUNS,
  DEFAULT_TIMEOUT_MS,
  type VerifyOptions,
} from "./run.js";
import { MAX_CONSECUTIVE_CONNECTION_FAILURES } from "./send-case.js";

/** What the command line asks for. */
export interface CommandLine {
  /** Print the usage and exit 0. */
  readonly help: boolean;
  /** The options from the flags; the token from --token-file, --token or MERCHANT_PAYMENTS_TOKEN; empty with `help`. */
  readonly options: VerifyOptions;
  /** Where to write the JSON report, if anywhere. */
  readonly reportJson?: string;
  /** Where to write the JUnit XML report, if anywhere. */
  readonly junit?: string;
}

export { UsageError };

/** What `--help` prints, and a usage error follows with: every option of the CLI with its default. */
export const USAGE = `Usage: merchant-payments-verify --base-url <url> [options]   (token: MERCHANT_PAYMENTS_TOKEN or --token-file)

Sends every operation of the Merchant Payments spec to a live server and checks every answer against the spec.

  --base-url <url>       base URL of the server, e.g. https://api.example.com/v1 (required)
  --spec <file>          the OpenAPI document to check against, JSON or YAML (default: the bundled spec)
  --token-file <file>    read the Bearer token sent in Authorization from <file> (or set MERCHANT_PAYMENTS_TOKEN;
                         --token <token> also works, but a package manager echoes its command line)
  --api-key-file <file>  read the API key of apiKey security schemes from <file> (or set MERCHANT_PAYMENTS_API_KEY);
                         without one, operations that need it are skipped
  --basic-credentials-file <file>  read the user:password of http basic security schemes from <file> (or set
                         MERCHANT_PAYMENTS_BASIC_CREDENTIALS); without them, operations that need them are skipped
  --max-response-bytes <n>  largest answer body read, in bytes (default from the spec: ${"largest maxItems × 1 KiB + 1 MiB"})
  --report-json <file>   write the JSON report to <file>
  --junit <file>         write a JUnit XML report to <file>
  --seed <n>             seed of the generated values (default: from the clock; printed)
  --timeout-ms <n>       milliseconds one request may take, headers and body (default ${DEFAULT_TIMEOUT_MS})
  --runs <n>             generated valid requests, and as many invalid bodies and broken values per parameter (default ${DEFAULT_RUNS})
  --concurrency <n>      requests in flight at once (default ${DEFAULT_CONCURRENCY})
  --max-pages <n>        pages of a paginated operation (x-pagination) read per valid request (default ${DEFAULT_MAX_PAGES})
  --allow-writes         also send operations that move money or delete (x-side-effect), their examples
                         only, once each
  --generated-writes     with --allow-writes, also send a write whose body the spec gives no example of, with
                         one generated body (without it, such a write is skipped with its reason)
  -h, --help             print this help

Exit status: 0 when every answer passed, 1 when any failed, 2 for a command line it cannot run, 3 when the
server could not be reached (it stops after ${MAX_CONSECUTIVE_CONNECTION_FAILURES} connection failures in a row).`;

/** Parses `args` (without node and the script); throws UsageError for what cannot run. */
export function parseCommandLine(args: readonly string[], env: Env = process.env): CommandLine {
  const values = parseStrict(args, {
    "base-url": { type: "string" },
    spec: { type: "string" },
    token: { type: "string" },
    "token-file": { type: "string" },
    "api-key-file": { type: "string" },
    "basic-credentials-file": { type: "string" },
    "max-response-bytes": { type: "string" },
    "report-json": { type: "string" },
    junit: { type: "string" },
    seed: { type: "string" },
    "timeout-ms": { type: "string" },
    runs: { type: "string" },
    concurrency: { type: "string" },
    "max-pages": { type: "string" },
    "allow-writes": { type: "boolean", default: false },
    "generated-writes": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  });
  if (values.help) return { help: true, options: { baseUrl: "", token: "" } };
  const baseUrl = baseUrlOption(values["base-url"]);
  const token =
    values["token-file"] !== undefined
      ? secretOption("token-file", values["token-file"], env, TOKEN_VARIABLE)
      : (values.token ?? (env[TOKEN_VARIABLE] || undefined));
  if (!token) {
    throw new UsageError(
      `a token is required: set ${TOKEN_VARIABLE} or give --token-file <file> (or --token)`,
    );
  }
  const apiKey = secretOption("api-key-file", values["api-key-file"], env, API_KEY_VARIABLE);
  const basic = secretOption(
    "basic-credentials-file",
    values["basic-credentials-file"],
    env,
    BASIC_CREDENTIALS_VARIABLE,
  );
  if (values["generated-writes"] === true && values["allow-writes"] !== true)
    throw new UsageError(
      "--generated-writes needs --allow-writes: it sends generated bodies to operations that write",
    );
  const document = specOption(values.spec, env);
  const maxResponseBytes = numberOption("max-response-bytes", values["max-response-bytes"], 1);
  const seed = numberOption("seed", values.seed, 0);
  const timeoutMs = numberOption("timeout-ms", values["timeout-ms"], 1);
  const runs = numberOption("runs", values.runs, 0);
  const concurrency = numberOption("concurrency", values.concurrency, 1);
  const maxPages = numberOption("max-pages", values["max-pages"], 1);
  return {
    help: false,
    options: {
      baseUrl,
      token,
      ...(apiKey ? { apiKey } : {}),
      ...(basic ? { basic } : {}),
      ...(document === undefined ? {} : { document }),
      allowWrites: values["allow-writes"] === true,
      ...(values["generated-writes"] === true ? { generatedWrites: true } : {}),
      ...(seed === undefined ? {} : { seed }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(runs === undefined ? {} : { runs }),
      ...(concurrency === undefined ? {} : { concurrency }),
      ...(maxPages === undefined ? {} : { maxPages }),
      ...(maxResponseBytes === undefined ? {} : { maxResponseBytes }),
    },
    ...(values["report-json"] ? { reportJson: fromInvocation(env, values["report-json"]) } : {}),
    ...(values.junit ? { junit: fromInvocation(env, values.junit) } : {}),
  };
}
