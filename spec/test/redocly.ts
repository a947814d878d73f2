// Runs the Redocly CLI of this package with the spec's own config (lint, bundle), for the spec's tests.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Json } from "../src/index.js";

/** The spec package's folder. */
export const specDir = fileURLToPath(new URL("..", import.meta.url));
/** The project's Redocly config (`redocly.yaml`). */
export const redoclyConfig = join(specDir, "redocly.yaml");
/** The root file of the grown test fixture (`fixtures/grown/openapi.yaml`). */
export const grownFixtureRoot = join(specDir, "fixtures", "grown", "openapi.yaml");

const redocly = join(specDir, "node_modules", ".bin", "redocly");
const env = { ...process.env, REDOCLY_TELEMETRY: "off", NO_COLOR: "1" };

/** One problem of a lint report. */
export interface LintProblem {
  readonly ruleId: string;
  readonly message: string;
}

/** Runs `redocly lint` with the spec's own config on a root file; returns exit code, totals and problems. */
export function lint(root: string) {
  const run = spawnSync(redocly, ["lint", root, "--config", redoclyConfig, "--format=json"], {
    encoding: "utf8",
    env,
    timeout: 60_000,
  });
  const report = JSON.parse(run.stdout.slice(run.stdout.indexOf("{")));
  return {
    status: run.status,
    totals: report.totals,
    problems: report.problems as LintProblem[],
  };
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
