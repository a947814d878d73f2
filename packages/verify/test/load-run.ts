// Runs `merchant-payments-verify load` in-process for the load tests: printed lines and exit status.
import { readFileSync } from "node:fs";
import { loadCommand } from "../src/load/command.js";
import { type LoadSummary, summarizeReport } from "../src/load/summary.js";

/** The token the load tests pass in MERCHANT_PAYMENTS_TOKEN (never written to a file). */
export const TEST_TOKEN = "load-test-token-5f0c";

/** Runs the load command with `args`; `MERCHANT_PAYMENTS_TOKEN` is TEST_TOKEN. */
export async function load(
  ...args: string[]
): Promise<{ exitCode: number; printed: string; errors: string }> {
  const lines: string[] = [];
  const errors: string[] = [];
  const exitCode = await loadCommand(
    args,
    { out: (line) => lines.push(line), err: (line) => errors.push(line) },
    { MERCHANT_PAYMENTS_TOKEN: TEST_TOKEN },
  );
  return { exitCode, printed: lines.join("\n"), errors: errors.join("\n") };
}

/** The summary of an Artillery JSON report file. */
export function summaryOf(reportPath: string): LoadSummary {
  return summarizeReport(JSON.parse(readFileSync(reportPath, "utf8")));
}

/** A bounded load run (3 s on loopback at `arrivalRate` a second, seeded), its Artillery report at `report`. */
export interface BoundedRun {
  readonly baseUrl: string;
  readonly out: string;
  readonly report: string;
  readonly arrivalRate: number;
  readonly seed: number;
}

/** Runs `load --run` for 3 s as `run` says, with `extra` options (`--spec`, `--mix`, thresholds...). */
export function runBounded(run: BoundedRun, ...extra: string[]) {
  return load(
    ...["--base-url", run.baseUrl, "--out", run.out, "--run", "--report-json", run.report],
    ...["--duration", "3", "--arrival-rate", String(run.arrivalRate), "--seed", String(run.seed)],
    ...extra,
  );
}
