import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Writes into `dir` an executable `curl` that prints its arguments, each followed by a NUL byte, and does nothing
 * else, so a sample's curl line can be run (with `dir` first on PATH) and its arguments read back with
 * `fakeCurlArgs`. A shell script (dash's builtin printf), not a node one: a run costs no node start.
 */
export function writeFakeCurl(dir: string): void {
  mkdirSync(dir, { recursive: true });
  // Written beside and renamed: a test file running at the same time never runs a half-written one.
  const written = join(dir, `curl.${process.pid}`);
  writeFileSync(written, "#!/bin/sh\n[ $# -eq 0 ] || printf '%s\\0' \"$@\"\n");
  chmodSync(written, 0o755);
  renameSync(written, join(dir, "curl"));
}

/** The arguments the fake curl printed (its whole standard output). */
export function fakeCurlArgs(stdout: string): string[] {
  return stdout.split("\0").slice(0, -1);
}

/** Where `curlArgs` keeps its fake curl (written once per test process). */
const sharedBin = fileURLToPath(new URL("../../.tmp/fake-curl-bin/", import.meta.url));
let written = false;

/**
 * A curl line (the console's `curlLine`) run by sh with the fake curl first on PATH and only `env` set besides
 * PATH: the arguments curl would get. Throws with sh's error output when the line does not run cleanly.
 */
export function curlArgs(line: string, env: Record<string, string> = {}): string[] {
  if (!written) {
    writeFakeCurl(sharedBin);
    written = true;
  }
  const run = spawnSync("sh", ["-c", line], {
    encoding: "utf8",
    timeout: 10_000,
    env: { PATH: `${sharedBin}:/usr/bin:/bin`, ...env },
  });
  if (run.status !== 0 || run.stderr !== "")
    throw new Error(`the curl line did not run (exit ${run.status}): ${run.stderr}`);
  return fakeCurlArgs(run.stdout);
}
