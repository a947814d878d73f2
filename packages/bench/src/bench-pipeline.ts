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

/** `turbo run build` from the repository root, cold (--force) vs cached, 5 hyperfine runs each. */
export function benchPipeline(root: string, out: string, log: Log): BenchResult {
  const turbo = `${join(root, "node_modules", ".bin", "turbo")} run build --output-logs=none`;
  // Without the outer `pnpm bench` turbo run's variables, which would make the inner runs differ.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(TURBO_|npm_)/.test(k)),
  );
  const cold = ["--prepare", "true", "--command-name", "cold (--force)", `${turbo} --force`];
  const cached = ["--prepare", turbo, "--command-name", "cached", turbo];
  const args = [
    "--runs",
    "5",
    "--ignore-failure",
    "--style",
    "basic",
    "--export-json",
    out,
    ...cold,
    ...cached,
  ];
  log("pipeline: hyperfine, 5 runs each of cold and cached `turbo run build`");
  execFileSync("hyperfine", args, {
    cwd: root,
    env: { ...env, TURBO_TELEMETRY_DISABLED: "1" },
    stdio: "inherit",
  });
  const runs: { command: string; times: number[]; exit_codes: number[] }[] = JSON.parse(
    readFileSync(out, "utf8"),
  ).results;
  const failed = runs.flatMap((r) =>
    r.exit_codes.filter((code) => code !== 0).map(() => r.command),
  );
  const seconds = median(runs.find((r) => r.command === "cached")?.times ?? [Number.NaN]);
  return result(
    {
      title: "Pipeline: `turbo run build`, cold vs cached (hyperfine)",
      ...{ unit: "s", baseline: "cold (--force)", rounds: 5 },
      targets: [limitTarget("cached", "cached run < 2 s", seconds, 2, `${seconds.toFixed(2)} s`)],
      notes: [
        "hyperfine, 5 runs per command from the repository root, node and turbo start-up included. Cold = `--force` (every task runs); before each cached run an untimed `turbo run build` (hyperfine --prepare) replays or redoes whatever others edited meanwhile, so the timed run is a full cache hit.",
        failed.length
          ? `Runs that exited non-zero (a package of the shared tree broken meanwhile): ${failed.join(", ")}.`
          : "Every run exited 0.",
      ],
    },
    new Map(runs.map((r) => [r.command, r.times])),
  );
}
