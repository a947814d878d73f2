// @ts-check
// `pnpm test` (and `pnpm test:changed`): runs every package's tests through turbo (both cores, cached, builds first)
// and prints one line per package as its report arrives (passed, failed, skipped, time), then each failure in full;
// everything turbo and the tests printed goes to `.test-results/test.log`, which the last line names.
//   node scripts/test.mjs              every package
//   node scripts/test.mjs --affected   the packages changed since main (TURBO_SCM_BASE) and their dependents, and
//                                      in each only the test files whose imports or named packages reach a changed
//                                      file (TEST_CHANGED_SINCE, read by the vitest preset: test-support's test-graph)
// Other arguments are handed to `turbo run test` (e.g. `--filter=@merchant-payments/mock`).
import { spawn } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
} from "node:fs";
import { join } from "node:path";
import { ROOT } from "./lib/quiet-build.mjs";
import {
  packageLine,
  readPackageResult,
  runResult,
  testedPackageDirs,
  totalLine,
} from "./lib/test-reports.mjs";

/** Packages whose tests run at once: the machines this suite runs on have two cores. */
const CONCURRENCY = process.env.TEST_CONCURRENCY ?? "2";
/** How often the reports are looked for while turbo runs, in milliseconds. */
const POLL_MS = 2000;
/** Lines of a failed task's log printed when it left no test report to read the failures from. */
const LOG_TAIL_LINES = 80;

const LOG = join(ROOT, ".test-results", "test.log");
const LOG_NAME = ".test-results/test.log";
const startedAt = Date.now();

mkdirSync(join(ROOT, ".test-results"), { recursive: true });
const log = createWriteStream(LOG);
const turboArgs = [
  "run",
  "test",
  `--concurrency=${CONCURRENCY}`,
  "--continue",
  "--summarize",
  "--ui=stream",
  "--output-logs=full",
  ...process.argv.slice(2),
];
log.write(`$ turbo ${turboArgs.join(" ")}\n`);
console.log(
  `Testing (turbo, ${CONCURRENCY} packages at a time; builds first, cached packages replayed)…`,
);

const printed = new Set();
/** Packages whose test task was a cache hit (known once turbo has written its run summary). */
let replayed = new Set();
const dirs = testedPackageDirs(ROOT);
const poll = setInterval(() => printNewReports(false), POLL_MS);
const code = await runTurbo(turboArgs);
clearInterval(poll);
await new Promise((done) => log.end(done));

const summary = newestRunSummary();
const testTasks = (summary?.tasks ?? []).filter((task) => task.task === "test");
const ran = new Set(testTasks.map((task) => task.directory));
// A cache hit's report is the one turbo vouches for, whether it restored the file or found it already in place (then
// with the mtime of the run that wrote it).
replayed = new Set(
  testTasks.filter((task) => task.cache?.status === "HIT").map((task) => task.directory),
);
printNewReports(true);
const results = dirs.filter((dir) => ran.has(dir)).map(freshResult);

const failedTasks = (summary?.tasks ?? []).filter(
  (task) =>
    task.execution && task.execution.exitCode !== 0 && task.execution.exitCode !== undefined,
);
for (const result of results) for (const failure of result.failures) console.log(`\n${failure}`);
for (const task of failedTasks) {
  const result = results.find((r) => r.dir === task.directory);
  if (task.task === "test" && result && result.failures.length > 0 && result.reported) continue;
  console.log(`\nFAIL ${task.taskId} (exit ${task.execution.exitCode}); the end of its log:`);
  console.log(tail(join(ROOT, task.logFile ?? ""), LOG_TAIL_LINES));
}
if (!summary) console.log(`\nturbo wrote no run summary; see ${LOG_NAME}`);

const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
console.log(
  `\n${totalLine(results)} in ${results.length} packages, ${minutes} min${code === 0 ? "" : ` (turbo exited ${code})`}; full log: ${LOG_NAME}`,
);
process.exit(code);

/** Runs turbo with its output going to the log file only; resolves with its exit status. */
function runTurbo(args) {
  return new Promise((resolve) => {
    const turbo = spawn(join(ROOT, "node_modules", ".bin", "turbo"), args, {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        TURBO_TELEMETRY_DISABLED: "1",
        REDOCLY_TELEMETRY: "off",
        ...process.env,
        ...(args.includes("--affected")
          ? { TEST_CHANGED_SINCE: process.env.TURBO_SCM_BASE ?? "main" }
          : {}),
      },
    });
    turbo.stdout.pipe(log, { end: false });
    turbo.stderr.pipe(log, { end: false });
    for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
      process.on(signal, () => turbo.kill(signal));
    }
    turbo.once("error", (error) => {
      console.log(`Could not run turbo: ${error.message}`);
      resolve(1);
    });
    turbo.once("close", (status) => resolve(status ?? 1));
  });
}

/** A package's result from a report this run wrote or replayed (`runResult`); an older report counts as a failure. */
function freshResult(dir) {
  return runResult(readPackageResult(ROOT, dir), startedAt - 1000, replayed.has(dir));
}

/** Prints the line of each package whose report was written since the run started (all remaining ones at the end). */
function printNewReports(final) {
  for (const dir of dirs) {
    if (printed.has(dir)) continue;
    const report = join(ROOT, dir, ".test-results", "vitest.json");
    const fresh = existsSync(report) && statSync(report).mtimeMs >= startedAt - 1000;
    if (!fresh && !(final && ran.has(dir))) continue;
    let line;
    try {
      line = packageLine(freshResult(dir));
    } catch (error) {
      // vitest may still be writing the report: read it again on the next look (at the end, a broken report throws).
      if (!final && error instanceof SyntaxError) continue;
      throw error;
    }
    printed.add(dir);
    console.log(line);
  }
}

/** turbo's summary of this run (`--summarize` writes `.turbo/runs/<id>.json`), or undefined. */
function newestRunSummary() {
  const runs = join(ROOT, ".turbo", "runs");
  if (!existsSync(runs)) return undefined;
  const newest = readdirSync(runs)
    .filter((file) => file.endsWith(".json"))
    .map((file) => join(runs, file))
    .filter((file) => statSync(file).mtimeMs >= startedAt)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  return newest ? JSON.parse(readFileSync(newest, "utf8")) : undefined;
}

/** The last `lines` lines of a file, or a note that it is missing. */
function tail(file, lines) {
  if (!existsSync(file)) return `(no log at ${file})`;
  return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
}
