// The cold/cached turbo pipeline, timed by hyperfine (a Debian package: apt-get install -y hyperfine).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type BenchResult, limitTarget, result } from "./report.js";
import type { Log } from "./rounds.js";
import { median } from "./stats.js";

/** hyperfine's version; throws the install instruction when it is missing. */
export function requireHyperfine(): string {
  try {
    return execFileSync("hyperfine", ["--version"], { encoding: "utf8" }).trim();
  } catch {
    throw new Error("hyperfine is not installed (a Debian package): apt-get install -y hyperfine");
  }
}

/** `turbo run build` from the repository root, cold (--force) and cached, 3 hyperfine runs each. */
export function benchPipeline(root: string, out: string, log: Log): BenchResult {
  const turbo = `${join(root, "node_modules", ".bin", "turbo")} run build --output-logs=none`;
  const cold = ["--prepare", "true", "--command-name", "cold (--force)", `${turbo} --force`];
  const cached = ["--prepare", turbo, "--command-name", "cached", turbo];
  const args = ["--runs", "3", "--ignore-failure", "--export-json", out, ...cold, ...cached];
  // Without the outer `pnpm bench` turbo run's variables, which would change the inner runs.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(TURBO_|npm_)/.test(k)),
  );
  log("pipeline: hyperfine, 3 runs each of cold and cached `turbo run build`");
  execFileSync("hyperfine", ["--style", "basic", ...args], {
    cwd: root,
    env,
    stdio: "inherit",
    timeout: 900_000,
  });
  const runs: { command: string; times: number[]; exit_codes: number[] }[] = JSON.parse(
    readFileSync(out, "utf8"),
  ).results;
  const failed = runs.filter((r) => r.exit_codes.some((code) => code !== 0)).map((r) => r.command);
  const cachedSeconds = median(runs.find((r) => r.command === "cached")?.times ?? [Number.NaN]);
  const title = "Pipeline: `turbo run build`, cold vs cached (hyperfine)";
  const show = (seconds: number) => `${seconds.toFixed(2)} s`;
  const target = limitTarget("cached", "cached run < 2 s", cachedSeconds, 2, show);
  const notes = [
    "hyperfine, 3 runs per command from the repository root, node and turbo start-up included. Cold = `--force` (every task runs); each cached run follows an untimed `turbo run build` (hyperfine --prepare) that redoes whatever others edited meanwhile, so it is a full cache hit.",
    failed.length
      ? `Commands with runs that failed (a package broken meanwhile): ${failed}.`
      : "Every run exited 0.",
  ];
  const samples = new Map(runs.map((r) => [r.command, r.times]));
  return result(
    { title, unit: "s", baseline: "cold (--force)", rounds: 3, targets: [target], notes },
    samples,
  );
}
