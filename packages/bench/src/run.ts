// `pnpm bench`: runs every benchmark, writes results.json and results.md next to package.json, exits 1
// when one failed. `dist/run.js loopback,batch` (ids below) runs some of them and writes to .tmp/ instead;
// `dist/run.js docs-product,start --merge` writes them into the committed results instead, replacing those tables.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, type } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { x } from "tinyexec";
import { benchArtillery } from "./bench-artillery.js";
import { batch, concurrent, loopback, memory, stubbed } from "./bench-client.js";
import { benchDocs, type DOCS_SPECS } from "./bench-docs.js";
import { benchMock } from "./bench-mock.js";
import { benchScale } from "./bench-scale.js";
import { benchStart } from "./bench-start.js";
import { benchThroughput } from "./bench-throughput.js";
import { benchPipeline, benchSize } from "./bench-tools.js";
import { type Results, result, resultsFiles, status } from "./report.js";

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const [dir, root, tmp] = [path(".."), path("../../.."), path("../.tmp")];
const size = () => benchSize(join(tmp, "size"));
const pipeline = () => benchPipeline(root, join(tmp, "hyperfine.json"));
const scale = () => benchScale(path("../../client"), join(tmp, "scale"));
const docsOf = (which: (typeof DOCS_SPECS)[number]) => () =>
  benchDocs(which, join(tmp, `docs-${which}`));
const sections = {
  ...{ loopback, concurrent, stubbed, batch, memory, mock: benchMock, artillery: benchArtillery },
  throughput: benchThroughput,
  ...{ size, scale, pipeline },
  start: () => benchStart(root),
  ...{
    "docs-product": docsOf("product"),
    "docs-grown": docsOf("grown"),
    "docs-scale": docsOf("scale"),
  },
};
const only = process.argv[2]?.split(",");
/** With --merge, the benchmarks run replace theirs in the committed results (the others are kept). */
const merge = process.argv.includes("--merge");
const hyperfine = await Promise.resolve(
  x("hyperfine", ["--version"], { throwOnError: true }),
).catch(() => {
  console.error("pnpm bench needs hyperfine (a Debian package): apt-get install -y hyperfine");
  process.exit(2);
});
// A bound on the whole run: benchmark calls carry no timeout of their own (it would be measured).
setTimeout(() => {
  throw new Error("pnpm bench did not finish within 45 minutes");
}, 2_700_000).unref();
mkdirSync(tmp, { recursive: true });
const [started, start, [cpu], cores] = [performance.now(), loadavg(), cpus(), cpus().length];
const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root });
const os = `${type()} ${release()} ${process.arch}, ${hyperfine.stdout.trim()}`;
const machine = { node: process.version, cpu: `${cpu?.model.trim()}`, cores, os };
const results: Results = {
  machine: { ...machine, commit: `${head}`.trim(), date: new Date().toISOString() },
  loadAverage: { start, end: [] },
  durationSeconds: 0,
  benchmarks: [],
};
console.log(`${machine.node}, ${machine.cpu} x${cores}, load ${start}`);
for (const [id, run] of Object.entries(sections).filter(([id]) => !only || only.includes(id))) {
  console.log(`${id}:`);
  try {
    results.benchmarks.push(...[await run()].flat());
  } catch (error) {
    console.log(`${id} FAILED: ${(error as Error).stack}`);
    const measured = `failed: ${`${(error as Error)?.message}`.split("\n")[0]}`;
    const failed = { contender: "-", description: "every target", measured, met: false };
    results.benchmarks.push(result(id, "", new Map(), "", [failed]));
    process.exitCode = 1;
  }
}
results.loadAverage.end = loadavg();
results.durationSeconds = (performance.now() - started) / 1000;
const inPlace = !only || merge;
const [json, md] = ["results.json", "results.md"].map((name) => join(inPlace ? dir : tmp, name));
const committed =
  merge && existsSync(`${json}`) ? JSON.parse(readFileSync(`${json}`, "utf8")) : undefined;
// What other commands keep in results.md (`pnpm test:profile --write`'s table) stays; a merge keeps all it did not run.
const previous = existsSync(`${md}`) ? readFileSync(`${md}`, "utf8") : undefined;
const written = resultsFiles(results, committed, previous);
writeFileSync(`${json}`, `${JSON.stringify(written.json, null, 2)}\n`);
writeFileSync(`${md}`, written.md);
// Biome formats the committed files the way lint expects.
const biome = join(root, "node_modules", ".bin", "biome");
if (inPlace) execFileSync(biome, ["format", "--write", `${json}`, `${md}`], { cwd: root });
for (const { title, targets } of results.benchmarks)
  for (const t of targets)
    console.log(`${status(t)}: ${title}: ${t.contender} ${t.description} (${t.measured})`);
console.log(`wrote ${json} and ${md} in ${results.durationSeconds.toFixed(0)} s`);
