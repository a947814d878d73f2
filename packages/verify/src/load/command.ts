// `merchant-payments-verify load`: plans the load from the spec, writes the Artillery script and its
// processor, and with --run runs Artillery locally, reads its JSON report and judges it.
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { createAjv, loadBundle, operations } from "@merchant-payments/spec";
import { probeServer, UNREACHABLE_STATUS, unreachableLine } from "../probe.js";
import { skipLines } from "../skip-lines.js";
import { ArtilleryNotFoundError, findArtillery, runArtillery } from "./artillery.js";
import { writeLoadFiles } from "./files.js";
import { LOAD_USAGE, type LoadCommandLine, parseLoadCommandLine, UsageError } from "./options.js";
import { LoadPlanError, planLoad } from "./scenarios.js";
import { formatLoadSummary, summarizeReport, verdict } from "./summary.js";

/** Where the load command prints; default the process's stdout and stderr. */
export interface LoadOutput {
  /** Prints one line of normal output. */
  out(line: string): void;
  /** Prints one line of error output. */
  err(line: string): void;
}

const processOutput: LoadOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

const NAME = "merchant-payments-verify load";

/** The report path: --report-json, else `<script>.report.json` next to the script. */
function reportPathFor(line: LoadCommandLine, script: string): string {
  return (
    line.reportJson ??
    join(dirname(script), `${basename(script).replace(/\.(ya?ml|json)$/i, "")}.report.json`)
  );
}

/** Artillery's own output: `<script name>.artillery.log` next to the script (it is kept out of the console). */
function logPathFor(script: string): string {
  return join(dirname(script), `${basename(script).replace(/\.(ya?ml|json)$/i, "")}.artillery.log`);
}

/** Lines of Artillery's log shown when it fails: the last ones, where its error is. */
const LOG_TAIL_LINES = 30;

/** The last LOG_TAIL_LINES non-empty lines of Artillery's log (none when it cannot be read). */
function logTail(logPath: string): string[] {
  try {
    return readFileSync(logPath, "utf8")
      .split("\n")
      .filter((text) => text.trim() !== "")
      .slice(-LOG_TAIL_LINES);
  } catch {
    return [];
  }
}

/**
 * Prints the summary of an Artillery JSON report, every reason it fails, and the verdict last (`load: PASS` or
 * `load: FAIL (n reasons)`); 0 when it passes, else 1.
 */
function judgeReport(
  report: string,
  line: LoadCommandLine,
  output: LoadOutput,
  extraReasons: string[] = [],
): number {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(report, "utf8"));
  } catch (error) {
    output.err(`${NAME}: cannot read the Artillery report ${report}: ${(error as Error).message}`);
    return 1;
  }
  const summary = summarizeReport(parsed);
  output.out(formatLoadSummary(summary));
  output.out(`JSON report: ${report}`);
  const reasons = [
    ...verdict(summary, {
      maxErrorRate: line.maxErrorRate,
      ...(line.maxP99Ms === undefined ? {} : { maxP99Ms: line.maxP99Ms }),
    }),
    ...extraReasons,
  ];
  for (const reason of reasons) output.out(`FAIL ${reason}`);
  output.out(
    reasons.length === 0
      ? `load: PASS (${summary.requests} requests answered as the spec says)`
      : `load: FAIL (${reasons.length} reason${reasons.length === 1 ? "" : "s"} above)`,
  );
  return reasons.length === 0 ? 0 : 1;
}

/**
 * Runs `merchant-payments-verify load` with `args` (after `load`): 0 when the script was written (and, with
 * --run, every answer conformed and no threshold was crossed), 1 otherwise, 2 for a command line it cannot run.
 */
export async function loadCommand(
  args: readonly string[],
  output: LoadOutput = processOutput,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  let line: LoadCommandLine;
  let plan: ReturnType<typeof planLoad>;
  let document: unknown;
  let seed = 0;
  try {
    line = parseLoadCommandLine(args, env);
    document = line.document ?? loadBundle();
    if (line.help) {
      output.out(LOAD_USAGE);
      return 0;
    }
    if (line.checkReport) return judgeReport(line.checkReport, line, output);
    seed = line.seed ?? Date.now() % 2 ** 31;
    plan = planLoad(document, operations(document), createAjv(document), {
      allowWrites: line.allowWrites,
      ...(line.generatedWrites ? { generatedWrites: true } : {}),
      seed,
      ...(line.mix ? { mix: line.mix } : {}),
    });
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof LoadPlanError)) throw error;
    output.err(`${NAME}: ${error.message}`);
    output.err(LOAD_USAGE);
    return 2;
  }
  if (line.run) {
    const unreachable = await probeServer(line.baseUrl);
    if (unreachable !== undefined) {
      output.err(unreachableLine(NAME, line.baseUrl, unreachable));
      return UNREACHABLE_STATUS;
    }
  }
  // The plan in one line: the operations and their weights (how many requests each gets is Artillery's draw,
  // counted in the summary after the run); each body pool is what the requests are drawn from, not a count.
  output.out(
    `${NAME}: ${plan.scenarios.length} operations, weights ${plan.scenarios.map((s) => `${s.operation.operationId} ${s.weight}`).join(", ")} (seed ${seed}: replay with --seed ${seed})`,
  );
  for (const line of skipLines(plan.skipped)) output.out(line);
  const scriptPath =
    line.out ?? join(mkdtempSync(join(tmpdir(), "merchant-payments-load-")), "load.yml");
  const written = writeLoadFiles(scriptPath, document, plan, {
    baseUrl: line.baseUrl,
    phase: {
      durationSeconds: line.durationSeconds,
      arrivalRate: line.arrivalRate,
      ...(line.rampTo === undefined ? {} : { rampTo: line.rampTo }),
    },
  });
  output.out(`Artillery script: ${written.script} (processor: ${written.processor})`);
  if (!line.run) {
    output.out(
      `Next: artillery run ${written.script} (token in MERCHANT_PAYMENTS_TOKEN), or add --run to run it here`,
    );
    return 0;
  }

  const report = reportPathFor(line, written.script);
  // A report left from an earlier run must not be read as this run's.
  rmSync(report, { force: true });
  let status: number;
  const logPath = logPathFor(written.script);
  try {
    const artillery = findArtillery();
    output.out(
      `Running Artillery ${artillery.version} (Node ${process.versions.node}) for ${line.durationSeconds} s; its log: ${logPath}`,
    );
    const log = createWriteStream(logPath);
    try {
      status = await runArtillery({
        script: written.script,
        report,
        token: line.token as string,
        onLine: (text) => log.write(`${text}\n`),
      });
    } finally {
      await new Promise((done) => log.end(done));
    }
  } catch (error) {
    if (!(error instanceof ArtilleryNotFoundError)) throw error;
    output.err(`${NAME}: ${error.message}`);
    return 1;
  }
  if (!existsSync(report)) {
    for (const text of logTail(logPath)) output.err(text);
    output.err(`${NAME}: Artillery exited ${status} without writing its report ${report}`);
    return 1;
  }
  if (status !== 0) for (const text of logTail(logPath)) output.err(text);
  return judgeReport(
    report,
    line,
    output,
    status === 0 ? [] : [`Artillery exited ${status} (its log: ${logPath})`],
  );
}
