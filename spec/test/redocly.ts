// Runs the Redocly CLI of this package with the spec's own config (lint, bundle), for the spec's tests.
import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Json } from "../src/index.js";

/** The spec package's folder. */
export const specDir = fileURLToPath(new URL("..", import.meta.url));
/** The project's Redocly config (`redocly.yaml`). */
const redoclyConfig = join(specDir, "redocly.yaml");
/**
 * The configs of `pnpm lint`'s two passes over a spec holding another API's operations (`lint/`): the spec's own
 * files under every rule, and the files marked `x-foreign-source` under the rules of validity only.
 */
export const lintPasses = {
  own: join(specDir, "lint", "own-files.yaml"),
  foreign: join(specDir, "lint", "foreign-files.yaml"),
} as const;
/** The root file of the grown test fixture (`fixtures/grown/openapi.yaml`). */
export const grownFixtureRoot = join(specDir, "fixtures", "grown", "openapi.yaml");

const redocly = join(specDir, "node_modules", ".bin", "redocly");
const env = { ...process.env, REDOCLY_TELEMETRY: "off", NO_COLOR: "1" };

/** One problem of a lint report. */
export interface LintProblem {
  readonly ruleId: string;
  readonly message: string;
  /** Where: the file (`source.ref`) and the JSON Pointer in it. */
  readonly location?: { readonly source: { readonly ref: string }; readonly pointer: string }[];
}

/** What `redocly lint --format=json` reported. */
export interface LintResult {
  readonly status: number | null;
  readonly totals: { errors: number; warnings: number; ignored: number };
  readonly problems: LintProblem[];
}

const lintArgs = (root: string, config = redoclyConfig) => [
  "lint",
  root,
  "--config",
  config,
  "--format=json",
];

function lintResult(status: number | null, stdout: string): LintResult {
  const report = JSON.parse(stdout.slice(stdout.indexOf("{")));
  return { status, totals: report.totals, problems: report.problems };
}

/**
 * Runs `redocly lint` on a root file with the spec's own config (or `config`, e.g. one of `lintPasses`); returns exit
 * code, totals and problems.
 */
export function lint(root: string, config = redoclyConfig): LintResult {
  const run = spawnSync(redocly, lintArgs(root, config), {
    encoding: "utf8",
    env,
    timeout: 120_000,
  });
  return lintResult(run.status, run.stdout);
}

/** `lint` without blocking, so that several lints can run side by side. */
export function lintAsync(root: string): Promise<LintResult> {
  return new Promise((done, fail) => {
    execFile(redocly, lintArgs(root), { env, timeout: 60_000 }, (error, stdout) => {
      try {
        done(lintResult(error ? (typeof error.code === "number" ? error.code : null) : 0, stdout));
      } catch (parse) {
        fail(parse);
      }
    });
  });
}

/** Runs `redocly bundle` on a root file into `output` (JSON) and returns the parsed bundle. */
export function bundle(root: string, output: string): Json {
  const run = spawnSync(
    redocly,
    ["bundle", root, "--config", redoclyConfig, "--ext", "json", "--output", output],
    { encoding: "utf8", env, timeout: 60_000 },
  );
  if (run.status !== 0) throw new Error(`redocly bundle failed:\n${run.stdout}${run.stderr}`);
  return JSON.parse(readFileSync(output, "utf8"));
}
