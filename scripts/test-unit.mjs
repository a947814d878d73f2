// @ts-check
// `pnpm test:unit`: the unit tier (vitest.unit.config.ts), every test file that needs no server, browser, child
// process or built output of its own package, in one vitest run across the packages. First one cached turbo step
// makes what those files import from other packages (their `^build`) and each package's generated sources.
//   pnpm test:unit             run once
//   pnpm test:unit --watch     vitest's watch mode: each save reruns the unit tests whose imports reach the file
// Other arguments go to vitest (e.g. a file name filter, `--project unit:mock`).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { quietBuild, ROOT } from "./lib/quiet-build.mjs";

const args = process.argv.slice(2);
const watch = args.includes("--watch") || args.includes("-w");
const built = await quietBuild({
  tasks: ["generate"],
  packages: ["./spec", "./docs", "./packages/*"],
  what: "what the unit tests import",
});
if (built !== 0) process.exit(built);
const vitest = spawn(
  join(ROOT, "node_modules", ".bin", "vitest"),
  [
    watch ? "watch" : "run",
    "--config",
    "vitest.unit.config.ts",
    ...args.filter((arg) => arg !== "--watch" && arg !== "-w"),
  ],
  { cwd: ROOT, stdio: "inherit" },
);
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => vitest.kill(signal));
}
vitest.once("close", (code) => process.exit(code ?? 1));
