// The README's first command as a new user meets it: a fresh clone of the committed tree, `pnpm install` (the pnpm
// store already filled), then `pnpm start` to its URLs, first with nothing built and then with nothing changed.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { getFreePort } from "@merchant-payments/test-support";
import { x } from "tinyexec";
import { result, target } from "./report.js";

/** The longest a step may take before the section fails (a bound on hangs, not a target). */
const STEP_BOUND_MS = 600_000;

/** The variables of the outer `pnpm bench` run that would change the inner runs (turbo's and npm's). */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([k]) => !/^(TURBO|npm)_/.test(k));
  return {
    ...Object.fromEntries(kept),
    TURBO_TELEMETRY_DISABLED: "1",
    REDOCLY_TELEMETRY: "off",
    ...extra,
  };
}

/** Seconds `pnpm start` takes in `dir` until it prints its docs URL; then it is stopped with Ctrl-C (SIGINT). */
async function secondsToUrls(dir: string): Promise<number> {
  const env = cleanEnv({
    MOCK_PORT: `${await getFreePort()}`,
    DOCS_PORT: `${await getFreePort()}`,
  });
  const started = performance.now();
  const child = spawn("pnpm", ["start"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const seconds = await new Promise<number>((resolve, reject) => {
    const bound = setTimeout(
      () => reject(new Error(`pnpm start: no URLs within ${STEP_BOUND_MS} ms`)),
      STEP_BOUND_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk;
      if (!/\n\s+docs\s+http/.test(output)) return;
      clearTimeout(bound);
      resolve((performance.now() - started) / 1000);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) =>
      reject(new Error(`pnpm start exited ${code} before its URLs:\n${output}`)),
    );
  });
  child.removeAllListeners("exit");
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.kill("SIGINT");
  await exited;
  return seconds;
}

/** Seconds a command takes in `dir` (it must succeed). */
async function secondsOf(dir: string, command: string, args: string[]): Promise<number> {
  const started = performance.now();
  const options = {
    nodeOptions: { cwd: dir, env: cleanEnv({}) },
    timeout: STEP_BOUND_MS,
    throwOnError: true,
  };
  await x(command, args, options);
  return (performance.now() - started) / 1000;
}

/** A fresh clone of `root`'s HEAD: install, `pnpm start` cold, then twice with nothing changed. */
export async function benchStart(root: string) {
  const dir = join(mkdtempSync(join(tmpdir(), "bench-start-")), "clone");
  try {
    await x("git", ["clone", "--quiet", root, dir], { throwOnError: true });
    const install = await secondsOf(dir, "pnpm", ["install", "--frozen-lockfile", "--offline"]);
    const cold = await secondsToUrls(dir);
    const again = [await secondsToUrls(dir), await secondsToUrls(dir)];
    const first = new Map([
      ["`pnpm install --frozen-lockfile` (store filled)", [install]],
      ["`pnpm start`, first run, to its URLs", [cold]],
    ]);
    const warm = Math.max(...again);
    const note = "A fresh clone of the committed tree, the pnpm store already filled.";
    return [
      result("Start: a fresh clone's install and first `pnpm start`", "s", first, note, [
        target(
          "`pnpm start`, first run, to its URLs",
          "first start < 60 s",
          cold,
          60,
          `${cold.toFixed(1)} s`,
        ),
      ]),
      result(
        "Start: `pnpm start` again, nothing changed",
        "s",
        new Map([["to its URLs", again]]),
        "",
        [
          target(
            "to its URLs",
            "unchanged start < 10 s (slower of two)",
            warm,
            10,
            `${warm.toFixed(1)} s`,
          ),
        ],
      ),
    ];
  } finally {
    rmSync(dirname(dir), { recursive: true, force: true });
  }
}
