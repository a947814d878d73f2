// Makes one mutant in the shared temporary copy, rebuilds what it touches, runs the suites that must catch it, says
// which tests failed, and puts the copy back as it was. Every process runs with a time limit (tinyexec).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { x } from "tinyexec";
import type { Mutant } from "./mutants.js";
import { applyEdit, restoreState, saveState } from "./workspace-copy.js";

/** Milliseconds one rebuild or one suite may take. */
const STEP_TIMEOUT_MS = 120_000;

/** What happened to one mutant. */
export interface MutantOutcome {
  /** Full names of the tests that failed. */
  readonly failedTests: readonly string[];
  /** Failed tests that match the mutant's killers (the right reason). */
  readonly killedBy: readonly string[];
  /** Test files that failed without a failed test (e.g. a crash), with the message. */
  readonly failedFiles: readonly string[];
}

interface VitestJson {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string }[];
  }[];
}

/** The environment of the nested processes: the parent's, less what marks a running vitest. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^VITEST|^TEST$|^NODE_ENV$|^TURBO_HASH$/.test(key)) env[key] = value;
  }
  return { ...env, CI: "true", FORCE_COLOR: "0", NO_COLOR: "1", REDOCLY_TELEMETRY: "off" };
}

async function runCommand(
  command: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; output: string }> {
  const result = await x(command, args, {
    nodeOptions: { cwd, env: childEnv() },
    timeout: STEP_TIMEOUT_MS,
    throwOnError: false,
  });
  return { code: result.exitCode ?? -1, output: `${result.stdout}\n${result.stderr}` };
}

/**
 * Runs `mutant` in `copy` (a `copyWorkspace` of the repository, shared by the mutants, one at a time), reporting each
 * step's time to `log` (default console.log). The folders it rebuilds and the files it edits are saved before and put
 * back after, so the copy is unbroken again for the next mutant.
 */
export async function runMutant(
  copy: string,
  mutant: Mutant,
  log: (line: string) => void = console.log,
): Promise<MutantOutcome> {
  const saving = Date.now();
  const edited = [...new Set(mutant.edits.flatMap((edit) => edit.files))];
  const rebuilt = mutant.rebuild.map((step) => step.dir);
  const saved = saveState(copy, rebuilt, edited);
  log(`${mutant.id}: saved ${rebuilt.join(", ")} in ${Date.now() - saving} ms`);
  try {
    for (const edit of mutant.edits) applyEdit(copy, edit);
    for (const { dir, args, files } of mutant.rebuild) {
      for (const [name, text] of Object.entries(files ?? {}))
        writeFileSync(join(copy, dir, name), text);
      const started = Date.now();
      const build = await runCommand("pnpm", [...args], join(copy, dir));
      log(`${mutant.id}: rebuilt ${dir} (pnpm ${args.join(" ")}) in ${Date.now() - started} ms`);
      if (build.code !== 0)
        throw new Error(`rebuilding ${dir} failed:\n${build.output.slice(-2000)}`);
    }
    const failedTests: string[] = [];
    const failedFiles: string[] = [];
    for (const suite of mutant.suites) {
      // Every package's vitest config (the test-support preset) writes this JSON report.
      const report = join(copy, suite.dir, ".test-results", "vitest.json");
      // An earlier mutant's report must never be read as this one's.
      rmSync(report, { force: true });
      const vitest = join(copy, suite.dir, "node_modules", ".bin", "vitest");
      const started = Date.now();
      const result = await runCommand(vitest, ["run", ...suite.files], join(copy, suite.dir));
      log(
        `${mutant.id}: ${suite.dir} ${suite.files.join(" ")} exited ${result.code} in ${Date.now() - started} ms`,
      );
      let parsed: VitestJson;
      try {
        parsed = JSON.parse(readFileSync(report, "utf8"));
      } catch {
        throw new Error(
          `${suite.dir}: vitest wrote no report (exit ${result.code}):\n${result.output.slice(-2000)}`,
        );
      }
      for (const file of parsed.testResults ?? []) {
        const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
        failedTests.push(...failed.map((t) => t.fullName));
        if (file.status === "failed" && failed.length === 0) {
          failedFiles.push(`${file.name}: ${(file.message ?? "").slice(0, 500)}`);
        }
      }
    }
    const killedBy = failedTests.filter((name) =>
      mutant.killers.some((killer) => killer.test(name)),
    );
    return { failedTests, killedBy, failedFiles };
  } finally {
    const restoring = Date.now();
    restoreState(copy, saved);
    log(`${mutant.id}: put the copy back in ${Date.now() - restoring} ms`);
  }
}
