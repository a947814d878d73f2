// `merchant-payments-verify load`: plans the load from the spec, writes the Artillery script and its
// processor, and with --run runs Artillery locally, reads its JSON report and judges it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { createAjv, loadBundle, operations } from "@merchant-payments/spec";
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

/** Prints the summary of an Artillery JSON report and every reason it fails; 0 when none, else 1. */
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
  output.out("");
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
      seed,
      ...(line.mix ? { mix: line.mix } : {}),
    });
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof LoadPlanError)) throw error;
    output.err(`${NAME}: ${error.message}`);
    output.err(LOAD_USAGE);
    return 2;
  }
  output.out(`${NAME}: seed ${seed} (replay the same bodies with --seed ${seed})`);
  for (const s of plan.scenarios) {
    output.out(
      `SEND ${s.operation.operationId}: weight ${s.weight}, ${s.requests.length} requests`,
    );
  }
  for (const s of plan.skipped) output.out(`SKIP ${s.operationId}: ${s.reason}`);
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
  output.out(`Artillery script: ${written.script}`);
  output.out(`Processor: ${written.processor}`);
  if (!line.run) return 0;

  const report = reportPathFor(line, written.script);
  // A report left from an earlier run must not be read as this run's.
  rmSync(report, { force: true });
  let status: number;
  try {
    const artillery = findArtillery();
    output.out(`Running Artillery ${artillery.version} (Node ${process.versions.node})`);
    status = await runArtillery({
      script: written.script,
      report,
      token: line.token as string,
      onLine: output.out,
    });
  } catch (error) {
    if (!(error instanceof ArtilleryNotFoundError)) throw error;
    output.err(`${NAME}: ${error.message}`);
    return 1;
  }
  if (!existsSync(report)) {
    output.err(`${NAME}: Artillery exited ${status} without writing its report ${report}`);
    return 1;
  }
  return judgeReport(report, line, output, status === 0 ? [] : [`Artillery exited ${status}`]);
}
