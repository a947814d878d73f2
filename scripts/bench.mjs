// @ts-check
// `pnpm bench`: checks for hyperfine first (one line and exit 2 without it: the benchmarks would otherwise build
// everything and fail minutes later), then builds the bench package and what it measures (one cached turbo step,
// quiet unless it fails) and runs every benchmark (`node --expose-gc packages/bench/dist/run.js [ids]`).
import { spawn, spawnSync } from "node:child_process";
import { constants } from "node:os";
import { resolve } from "node:path";
import { quietBuild, ROOT } from "./lib/quiet-build.mjs";

/** The exit status when a tool the benchmarks need is missing. */
const MISSING_TOOL_STATUS = 2;

const hyperfine = spawnSync("hyperfine", ["--version"], { stdio: "ignore" });
if (hyperfine.error || hyperfine.status !== 0) {
  console.error(
    "pnpm bench needs hyperfine (a Debian package): apt-get install -y hyperfine, then run pnpm bench again",
  );
  process.exit(MISSING_TOOL_STATUS);
}
const built = await quietBuild({
  tasks: ["build"],
  packages: ["@merchant-payments/bench..."],
  what: "the bench package and what it measures",
});
if (built !== 0) process.exit(built);
const args = process.argv.slice(2);
const child = spawn(
  process.execPath,
  [
    "--expose-gc",
    resolve(ROOT, "packages/bench/dist/run.js"),
    ...(args[0] === "--" ? args.slice(1) : args),
  ],
  { cwd: resolve(ROOT, "packages/bench"), stdio: "inherit" },
);
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.once("exit", (code, signal) => {
  process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1));
});
