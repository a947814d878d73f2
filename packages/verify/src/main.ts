// The verify command as a function: parse, run, print, write the reports; returns the exit status.
import { parseCommandLine, USAGE, UsageError } from "./cli-options.js";
import { probeServer, UNREACHABLE_STATUS, unreachableLine } from "./probe.js";
import { formatFailures, formatSummary, writeJsonReport, writeJunitReport } from "./reports.js";
import { runVerify } from "./run.js";

export { UNREACHABLE_STATUS };

/** Where the command prints; default the process's stdout and stderr. */
export interface CommandOutput {
  /** Prints one line of normal output. */
  out(line: string): void;
  /** Prints one line of error output. */
  err(line: string): void;
}

const processOutput: CommandOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/**
 * Runs `merchant-payments-verify` with `args` (secrets from `env`, default the process's environment): 0 when every answer passed, 1 when any failed (or a report
 * could not be written), 2 for a command line it cannot run, 3 (`UNREACHABLE_STATUS`) when nothing answers at the base URL
 * (a first request, before any check) or the server stopped answering during the run.
 */
export async function verifyCommand(
  args: readonly string[],
  output: CommandOutput = processOutput,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  let commandLine: ReturnType<typeof parseCommandLine>;
  try {
    commandLine = parseCommandLine(args, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(`merchant-payments-verify: ${error.message}`);
    output.err(USAGE);
    return 2;
  }
  if (commandLine.help) {
    output.out(USAGE);
    return 0;
  }
  const unreachable = await probeServer(commandLine.options.baseUrl);
  if (unreachable !== undefined) {
    output.err(
      unreachableLine("merchant-payments-verify", commandLine.options.baseUrl, unreachable),
    );
    return UNREACHABLE_STATUS;
  }
  const seed = commandLine.options.seed ?? Date.now() % 2 ** 31;
  output.out(`merchant-payments-verify: seed ${seed} (replay with --seed ${seed})`);
  // Failures are printed grouped once the run is over (formatFailures); the other progress lines as they come.
  const report = await runVerify({
    ...commandLine.options,
    seed,
    onLine: (line) => {
      if (!line.startsWith("FAIL ")) output.out(line);
    },
  });
  for (const line of formatFailures(report)) output.out(line);
  // The verdict is the last line: the summary, then where the reports are, then the verdict.
  const summary = formatSummary(report).split("\n");
  const verdictLine = summary.pop() ?? "";
  for (const line of summary) output.out(line);
  const status = report.unreachable ? UNREACHABLE_STATUS : report.ok ? 0 : 1;
  try {
    if (commandLine.reportJson) {
      writeJsonReport(report, commandLine.reportJson);
      output.out(`JSON report: ${commandLine.reportJson}`);
    }
    if (commandLine.junit) {
      writeJunitReport(report, commandLine.junit);
      output.out(`JUnit report: ${commandLine.junit}`);
    }
  } catch (error) {
    output.err(`merchant-payments-verify: could not write a report: ${(error as Error).message}`);
    output.out("verify: FAILED (a report could not be written)");
    return 1;
  }
  output.out(verdictLine);
  return status;
}
