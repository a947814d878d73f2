// The command line of `merchant-payments-verify load`, parsed strictly with the pieces verify's own command line
// uses (../arguments.ts).
import {
  baseUrlOption,
  type Env,
  fromInvocation,
  numberOption,
  parseStrict,
  specOption,
  TOKEN_VARIABLE,
  UsageError,
} from "../arguments.js";
import { DEFAULT_MAX_ERROR_RATE } from "./summary.js";

/** Default seconds of load. */
const DEFAULT_DURATION_SECONDS = 60;
/** Default new virtual users (one request each) per second. */
const DEFAULT_ARRIVAL_RATE = 10;

/** What `merchant-payments-verify load` is asked to do. */
export interface LoadCommandLine {
  /** Print the usage and exit 0. */
  readonly help: boolean;
  /** Base URL of the server under load. */
  readonly baseUrl: string;
  /** The OpenAPI document of `--spec`; undefined for the bundled spec. */
  readonly document?: unknown;
  /** Bearer token (from MERCHANT_PAYMENTS_TOKEN); required with --run. */
  readonly token?: string;
  /** Seconds of load. */
  readonly durationSeconds: number;
  /** Arrivals per second at the start. */
  readonly arrivalRate: number;
  /** Arrivals per second at the end, if ramping. */
  readonly rampTo?: number;
  /** Weights per operationId, if given. */
  readonly mix?: ReadonlyMap<string, number>;
  /** Include operations that move money or delete. */
  readonly allowWrites: boolean;
  /** With `allowWrites`: also send a write whose body the spec gives no example of, with generated bodies. */
  readonly generatedWrites?: boolean;
  /** Where to write the script (its processor goes next to it). */
  readonly out?: string;
  /** Run Artillery locally. */
  readonly run: boolean;
  /** Where Artillery writes its JSON report. */
  readonly reportJson?: string;
  /** Highest p99 in milliseconds. */
  readonly maxP99Ms?: number;
  /** Highest share of failed requests (0 to 1). */
  readonly maxErrorRate: number;
  /** Seed of the generated bodies. */
  readonly seed?: number;
  /** An Artillery JSON report to summarise and judge instead of writing a script (e.g. from run-fargate). */
  readonly checkReport?: string;
}

export { UsageError };

/** The usage text of `load`. */
export const LOAD_USAGE = `Usage: merchant-payments-verify load --base-url <url> (--out <script.yml> | --run) [options]
       merchant-payments-verify load --check-report <report.json> [--max-p99-ms <ms>] [--max-error-rate <r>]

Writes an Artillery script from the Merchant Payments spec (one scenario per operation, every answer checked
against the spec by the processor written next to it) and, with --run, runs it locally.

  --base-url <url>        base URL of the server, e.g. https://api.example.com/v1 (required)
  --spec <file>           the OpenAPI document to load from, JSON or YAML (default: the bundled spec)
  --duration <s>          seconds of load (default ${DEFAULT_DURATION_SECONDS})
  --arrival-rate <n>      new virtual users per second, one request each (default ${DEFAULT_ARRIVAL_RATE})
  --ramp-to <n>           ramp the arrival rate linearly to <n> per second over the duration
  --mix <op=w,...>        operations and weights, e.g. getTransaction=3,getMerchantUser=1
                          (default: every read operation, weight 1)
  --allow-writes          also send operations that move money or delete (x-side-effect), their examples only
  --generated-writes      with --allow-writes, also a write whose body the spec gives no example of (generated)
  --out <script.yml>      write the script there, and <script>.processor.mjs next to it
  --run                   run the script with Artillery locally (needs MERCHANT_PAYMENTS_TOKEN)
  --report-json <file>    where Artillery writes its JSON report (default: next to the script)
  --max-p99-ms <ms>       fail when an operation's p99 (or the overall p99) is above <ms> (default: no limit)
  --max-error-rate <r>    fail when more than this share of requests fail in transport or are answered
                          5xx or 429 (default ${DEFAULT_MAX_ERROR_RATE})
  --seed <n>              seed of the generated bodies (default: from the clock; printed)
  --check-report <file>   summarise and judge an Artillery JSON report of this script instead (e.g. the
                          --output of artillery run-fargate or run-lambda); thresholds apply
  -h, --help              print this help

The Bearer token is read from MERCHANT_PAYMENTS_TOKEN, the API key of apiKey schemes from MERCHANT_PAYMENTS_API_KEY,
the user:password of HTTP Basic schemes from MERCHANT_PAYMENTS_BASIC_CREDENTIALS, when the script runs; none is
ever written to a file.
Exit status: 0 when every answer conforms and no threshold is crossed, 1 otherwise, 2 for a command line it
cannot run.`;

function parseMix(text: string): Map<string, number> {
  const mix = new Map<string, number>();
  for (const part of text.split(",")) {
    const match = /^\s*([A-Za-z0-9_-]+)\s*=\s*(\d+)\s*$/.exec(part);
    if (!match || Number(match[2]) < 1) {
      throw new UsageError(
        `--mix takes operationId=weight pairs separated by commas, weights whole numbers of at least 1; got ${JSON.stringify(part)}`,
      );
    }
    if (mix.has(match[1] as string)) throw new UsageError(`--mix names ${match[1]} twice`);
    mix.set(match[1] as string, Number(match[2]));
  }
  return mix;
}

/** Parses `args` (after `load`); throws UsageError for what cannot run. */
export function parseLoadCommandLine(
  args: readonly string[],
  env: Env = process.env,
): LoadCommandLine {
  const values = parseStrict(args, {
    "base-url": { type: "string" },
    spec: { type: "string" },
    duration: { type: "string" },
    "arrival-rate": { type: "string" },
    "ramp-to": { type: "string" },
    mix: { type: "string" },
    "allow-writes": { type: "boolean", default: false },
    "generated-writes": { type: "boolean", default: false },
    out: { type: "string" },
    run: { type: "boolean", default: false },
    "report-json": { type: "string" },
    "max-p99-ms": { type: "string" },
    "max-error-rate": { type: "string" },
    seed: { type: "string" },
    "check-report": { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  });
  const base = {
    baseUrl: "",
    durationSeconds: DEFAULT_DURATION_SECONDS,
    arrivalRate: DEFAULT_ARRIVAL_RATE,
    allowWrites: false,
    run: false,
    maxErrorRate: DEFAULT_MAX_ERROR_RATE,
  };
  if (values.help) return { help: true, ...base };
  if (values["generated-writes"] === true && values["allow-writes"] !== true)
    throw new UsageError(
      "--generated-writes needs --allow-writes: it sends generated bodies to operations that write",
    );
  const maxErrorRate = numberOption("max-error-rate", values["max-error-rate"], 0, false);
  if (maxErrorRate !== undefined && maxErrorRate > 1) {
    throw new UsageError(`--max-error-rate is a share between 0 and 1, got ${maxErrorRate}`);
  }
  const maxP99Ms = numberOption("max-p99-ms", values["max-p99-ms"], 1, false);
  const thresholds = {
    ...(maxP99Ms === undefined ? {} : { maxP99Ms }),
    maxErrorRate: maxErrorRate ?? DEFAULT_MAX_ERROR_RATE,
  };
  if (values["check-report"]) {
    const others = [
      "base-url",
      "out",
      "run",
      "report-json",
      "mix",
      "allow-writes",
      "duration",
      "spec",
    ] as const;
    const extra = others.filter((name) => values[name] !== undefined && values[name] !== false);
    if (extra.length > 0) {
      throw new UsageError(`--check-report reads a report: drop --${extra.join(", --")}`);
    }
    return {
      help: false,
      ...base,
      ...thresholds,
      checkReport: fromInvocation(env, values["check-report"]),
    };
  }
  const baseUrl = baseUrlOption(values["base-url"]);
  if (!values.out && !values.run) throw new UsageError("give --out <script.yml>, --run, or both");
  const token = env[TOKEN_VARIABLE];
  if (values.run && !token) throw new UsageError(`--run needs the token in ${TOKEN_VARIABLE}`);
  if (values["report-json"] && !values.run) throw new UsageError("--report-json needs --run");
  const rampTo = numberOption("ramp-to", values["ramp-to"], 0);
  const seed = numberOption("seed", values.seed, 0);
  const document = specOption(values.spec, env);
  return {
    help: false,
    baseUrl,
    ...(document === undefined ? {} : { document }),
    ...(token ? { token } : {}),
    durationSeconds: numberOption("duration", values.duration, 1) ?? DEFAULT_DURATION_SECONDS,
    arrivalRate: numberOption("arrival-rate", values["arrival-rate"], 1) ?? DEFAULT_ARRIVAL_RATE,
    ...(rampTo === undefined ? {} : { rampTo }),
    ...(values.mix === undefined ? {} : { mix: parseMix(values.mix) }),
    allowWrites: values["allow-writes"] === true,
    ...(values["generated-writes"] === true ? { generatedWrites: true } : {}),
    ...(values.out ? { out: fromInvocation(env, values.out) } : {}),
    run: values.run === true,
    ...(values["report-json"] ? { reportJson: fromInvocation(env, values["report-json"]) } : {}),
    ...thresholds,
    ...(seed === undefined ? {} : { seed }),
  };
}
