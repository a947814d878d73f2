// `pnpm bench`: runs every benchmark and writes results.json and results.md next to package.json.
// `--only=loopback,concurrent,stubbed,batch,memory,mock,size,pipeline` runs some of them and writes to .tmp/ instead.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, type } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
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
const only = parseArgs({ options: { only: { type: "string" } } }).values.only?.split(",");
// A bound on the whole run: benchmark calls carry no timeout of their own (it would be measured).
setTimeout(() => {
  log("pnpm bench did not finish within 20 minutes");
  process.exit(1);
}, 1_200_000).unref();
const hyperfine = await requireHyperfine().catch((error) => {
  process.stderr.write(`pnpm bench: ${reason(error)}\n`);
  process.exit(1);
});
mkdirSync(tmp, { recursive: true });
const [started, cpu] = [performance.now(), cpus()];
const machine = {
  node: process.version,
  cpu: cpu[0]?.model.trim() ?? "unknown",
  cores: cpu.length,
  os: `${type()} ${release()} ${process.arch}, ${hyperfine}`,
  commit: execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).toString().trim(),
  date: new Date().toISOString(),
};
const results: Results = {
  machine,
  loadAverage: { start: loadavg(), end: [] },
  durationSeconds: 0,
  benchmarks: [],
};
log(`${machine.node}, ${machine.cpu} x${machine.cores}, load ${loadavg()}`);
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
const [json, md] = ["results.json", "results.md"].map((name) => join(only ? tmp : benchDir, name));
writeFileSync(json as string, `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(md as string, renderMarkdown(results));
// Biome formats the committed files the way lint expects.
const biome = join(root, "node_modules", ".bin", "biome");
if (!only) execFileSync(biome, ["format", "--write", json as string, md as string], { cwd: root });
for (const { title, targets } of results.benchmarks) {
  for (const t of targets)
    log(`${status(t)}: ${title}: ${t.contender} ${t.description} (${t.measured})`);
}
log(`wrote ${json} and ${md} in ${results.durationSeconds.toFixed(0)} s`);
