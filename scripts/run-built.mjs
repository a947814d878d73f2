// @ts-check
// `node scripts/run-built.mjs <package> <script> [args…]`: builds <package> (one cached turbo step), then runs
// `node <script> [args…]` from the folder the user ran pnpm in (INIT_CWD), so relative paths in the arguments mean
// what the user meant. The arguments never reach turbo. The exit status is the command's.
// Used by the root scripts that take user arguments: `pnpm verify`, `pnpm load`, `pnpm mock`, `pnpm mock:proxy`, `pnpm docs:serve`.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { resolve } from "node:path";
import { quietBuild, ROOT } from "./lib/quiet-build.mjs";

const [pkg, script, ...rest] = process.argv.slice(2);
// `pnpm mock -- --port 5000` hands the `--` on: the command's arguments are what follows it.
const args = rest[0] === "--" ? rest.slice(1) : rest;
if (!pkg || !script) {
  console.error("Usage: node scripts/run-built.mjs <package> <script> [args…]");
  process.exit(2);
}
const built = await quietBuild({ tasks: ["build"], packages: [pkg], what: pkg });
if (built !== 0) process.exit(built);

const child = spawn(process.execPath, [resolve(ROOT, script), ...args], {
  cwd: process.env.INIT_CWD || process.cwd(),
  stdio: "inherit",
});
// Ctrl-C reaches the whole process group, the command included: it decides how to stop. A signal sent to this
// process alone (a supervisor's SIGTERM) is passed on.
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.once("error", (error) => {
  console.error(`Could not run ${script}: ${error.message}`);
  process.exit(1);
});
child.once("exit", (code, signal) => {
  process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1));
});
