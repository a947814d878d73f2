// @ts-check
// One cached build step before a command runs: `turbo run <tasks> --filter=<package>…` with its output captured and
// shown only when it fails. The command's own arguments never reach turbo, so they are never part of a cache key.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Milliseconds of silent building after which one line says what is going on (a warm cache is quicker). */
const ANNOUNCE_AFTER_MS = 1500;

/**
 * Runs `turbo run <tasks>` for `packages` (and what they depend on) quietly: nothing is printed when every task is
 * cached, one line when it takes longer, everything turbo printed when it fails.
 * @param {{ tasks: string[], packages: string[], what: string }} options `what` names the build in the one line.
 * @returns {Promise<number>} turbo's exit status (0: built).
 */
export function quietBuild({ tasks, packages, what }) {
  const args = [
    "run",
    ...tasks,
    ...packages.map((name) => `--filter=${name}`),
    "--output-logs=errors-only",
    "--ui=stream",
    "--log-prefix=none",
  ];
  const turbo = spawn(fileURLToPath(new URL("node_modules/.bin/turbo", `file://${ROOT}`)), args, {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { TURBO_TELEMETRY_DISABLED: "1", REDOCLY_TELEMETRY: "off", ...process.env },
    shell: process.platform === "win32",
  });
  /** @type {Buffer[]} */
  const output = [];
  turbo.stdout.on("data", (chunk) => output.push(chunk));
  turbo.stderr.on("data", (chunk) => output.push(chunk));
  const announce = setTimeout(
    () =>
      process.stderr.write(
        `Building ${what} (turbo; a second run with nothing changed is cached)…\n`,
      ),
    ANNOUNCE_AFTER_MS,
  );
  return new Promise((resolve) => {
    turbo.once("error", (error) => {
      clearTimeout(announce);
      process.stderr.write(`Could not run turbo: ${error.message}\n`);
      resolve(1);
    });
    turbo.once("close", (code) => {
      clearTimeout(announce);
      if (code !== 0) {
        process.stderr.write(Buffer.concat(output));
        process.stderr.write(`The build of ${what} failed (turbo exited ${code}).\n`);
      }
      resolve(code ?? 1);
    });
  });
}
