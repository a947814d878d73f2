// @ts-check
// `pnpm test:profile`: where the last `pnpm test` spent its time, from turbo's run summary (`.turbo/runs/*.json`,
// written by `--summarize`) and the packages' vitest reports: per package, its tasks before the tests (generate,
// build, lint, typecheck, release steps) and its test task, and its slowest test files. Prints a Markdown table.
//   node scripts/test-profile.mjs [summary.json] [--files N] [--write]
// `--write` also puts the table, with the machine's cores and load average, into packages/bench/results.md (its
// section "test-profile", which `pnpm bench` keeps): the READMEs link there rather than copy figures.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { replaceSection } from "./lib/md-sections.mjs";
import { ROOT } from "./lib/quiet-build.mjs";

const args = process.argv.slice(2);
const filesIndex = args.indexOf("--files");
/** Slowest test files listed per package. */
const FILES = filesIndex >= 0 ? Number(args[filesIndex + 1]) : 3;
const summaryPath = args.find((arg) => arg.endsWith(".json")) ?? newestSummary();
if (!summaryPath) {
  console.error("No turbo run summary: run `pnpm test` first (it writes .turbo/runs/<id>.json).");
  process.exit(2);
}
const summary = JSON.parse(readFileSync(summaryPath, "utf8"));
const tasks = summary.tasks.filter((task) => task.execution);
const seconds = (task) => (task.execution.endTime - task.execution.startTime) / 1000;
const runStart = Math.min(...tasks.map((task) => task.execution.startTime));
const runEnd = Math.max(...tasks.map((task) => task.execution.endTime));

/** @type {Map<string, { before: number, test: number, cached: boolean, dir: string }>} */
const byPackage = new Map();
for (const task of tasks) {
  const entry = byPackage.get(task.package) ?? {
    before: 0,
    test: 0,
    cached: false,
    dir: task.directory,
  };
  if (task.task === "test") {
    entry.test = seconds(task);
    entry.cached = task.cache?.status === "HIT";
  } else entry.before += seconds(task);
  byPackage.set(task.package, entry);
}

const lines = [
  `Run of ${new Date(runStart).toISOString()}${summary.scm?.sha ? ` at ${summary.scm.sha.slice(0, 7)}` : ""}: ${((runEnd - runStart) / 60_000).toFixed(1)} min wall, ${tasks.length} tasks (turbo ${summary.turboVersion}).`,
  "",
  "| package | tasks before tests (s) | test task (s) | slowest test files (s) |",
  "|---|---:|---:|---|",
];
const rows = [...byPackage].sort((a, b) => b[1].test + b[1].before - (a[1].test + a[1].before));
for (const [name, entry] of rows) {
  const files = slowestFiles(entry.dir)
    .map((file) => `${file.name} ${file.seconds.toFixed(0)}`)
    .join(", ");
  const test = entry.test ? `${entry.test.toFixed(0)}${entry.cached ? " (cached)" : ""}` : "";
  lines.push(`| ${name} | ${entry.before.toFixed(0)} | ${test} | ${files} |`);
}
console.log(lines.join("\n"));
if (args.includes("--write")) writeResults(lines);

/** Puts the table into packages/bench/results.md's "test-profile" section, with where it was measured. */
function writeResults(table) {
  const file = join(ROOT, "packages", "bench", "results.md");
  const machine = `${cpus().length} cores, load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(" / ")} (1/5/15 min) when the profile was written`;
  const body = [
    "## Where `pnpm test` spends its time (`pnpm test:profile --write`)",
    "",
    `Written from the last \`pnpm test\`'s turbo run summary and vitest reports; ${machine}. "Tasks before tests" are`,
    "the package's own generate, build, lint, typecheck and release steps; the slowest files are wall times of one file.",
    "",
    ...table,
  ].join("\n");
  writeFileSync(file, replaceSection(readFileSync(file, "utf8"), "test-profile", body));
  // Biome formats the committed file the way lint expects (as `pnpm bench` does).
  execFileSync(join(ROOT, "node_modules", ".bin", "biome"), ["format", "--write", file], {
    cwd: ROOT,
    stdio: "ignore",
  });
  console.log(`\nwrote the table into ${file} (section "test-profile")`);
}

/** The newest summary turbo wrote. */
function newestSummary() {
  const dir = join(ROOT, ".turbo", "runs");
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => join(dir, file))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

/** The package's slowest test files in its vitest report (wall time per file). */
function slowestFiles(dir) {
  const report = join(ROOT, dir ?? "", ".test-results", "vitest.json");
  if (!dir || !existsSync(report)) return [];
  const { testResults = [] } = JSON.parse(readFileSync(report, "utf8"));
  return testResults
    .map((suite) => ({
      name: String(suite.name).split(`/${dir}/`).pop(),
      seconds: ((suite.endTime ?? 0) - (suite.startTime ?? 0)) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, FILES);
}
