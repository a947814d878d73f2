// `pnpm bench`: runs every benchmark and writes results.json and results.md next to package.json.
// `--only=loopback,concurrent,stubbed,batch,memory,mock,size,pipeline` runs some of them and writes to .tmp/ instead.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, type } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as client from "./bench-client.js";
import { benchMock } from "./bench-mock.js";
import { benchPipeline, benchSize, requireHyperfine } from "./bench-tools.js";
import { type BenchResult, type Results, renderMarkdown, status } from "./report.js";
import { log, reason } from "./rounds.js";

const benchDir = fileURLToPath(new URL("..", import.meta.url));
const [root, tmp] = [join(benchDir, "..", ".."), join(benchDir, ".tmp")];
const sections: Record<string, () => Promise<BenchResult | BenchResult[]>> = {
  loopback: client.benchLoopback,
  concurrent: client.benchConcurrent,
  stubbed: client.benchStubbed,
  batch: client.benchBatch,
  memory: client.benchBatchMemory,
  mock: benchMock,
  size: () => benchSize(join(tmp, "size")),
  pipeline: () => benchPipeline(root, join(tmp, "hyperfine.json")),
};
const only = process.argv
  .find((arg) => arg.startsWith("--only="))
  ?.slice(7)
  .split(",");
if (process.argv.includes("--help")) {
  log(`usage: node --expose-gc dist/run.js [--only=${Object.keys(sections)}]`);
  process.exit(0);
}
// A bound on the whole run: benchmark calls carry no timeout of their own (it would be measured).
setTimeout(() => {
  log("pnpm bench did not finish within 20 minutes");
  process.exit(1);
}, 1_200_000).unref();
const hyperfine = await requireHyperfine().catch((error) => {
  process.stderr.write(`pnpm bench: ${reason(error)}\n`);
  process.exit(1);
});
const started = performance.now();
mkdirSync(tmp, { recursive: true });
const results: Results = {
  machine: {
    node: process.version,
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    cores: cpus().length,
    os: `${type()} ${release()} ${process.arch}, ${hyperfine}`,
    commit: execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).toString().trim(),
    date: new Date().toISOString(),
  },
  loadAverage: { start: loadavg(), end: [] },
  durationSeconds: 0,
  benchmarks: [],
};
log(`${results.machine.node}, ${results.machine.cpu} x${results.machine.cores}, load ${loadavg()}`);

for (const [id, run] of Object.entries(sections).filter(([id]) => !only || only.includes(id))) {
  try {
    results.benchmarks.push(...[await run()].flat());
  } catch (error) {
    log(`${id} FAILED: ${(error as Error).stack}`);
    const notes = [`This benchmark failed in this run: ${reason(error)}`];
    results.benchmarks.push({ title: id, unit: "", rounds: 0, contenders: [], targets: [], notes });
    process.exitCode = 1;
  }
}

results.loadAverage.end = loadavg();
results.durationSeconds = (performance.now() - started) / 1000;
const files = ["results.json", "results.md"].map((name) => join(only ? tmp : benchDir, name));
writeFileSync(files[0] as string, `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(files[1] as string, renderMarkdown(results));
// Biome formats the committed files the way lint expects.
const biome = join(root, "node_modules", ".bin", "biome");
if (!only) execFileSync(biome, ["format", "--write", ...files], { cwd: root });
for (const { title, targets } of results.benchmarks) {
  for (const t of targets)
    log(`${status(t)}: ${title}: ${t.contender} ${t.description} (${t.measured})`);
}
log(`wrote ${files.join(" and ")} in ${results.durationSeconds.toFixed(0)} s`);
