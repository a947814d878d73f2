// `pnpm bench`: runs every benchmark and writes results.json and results.md next to package.json.
// `--only=loopback,concurrent,stubbed,batch,memory,mock,size,pipeline` runs some of them and writes to .tmp/ instead.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, type } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as client from "./bench-client.js";
import { benchMock } from "./bench-mock.js";
import { benchPipeline, requireHyperfine } from "./bench-pipeline.js";
import { benchSize } from "./bench-size.js";
import { loadClient } from "./fixtures.js";
import { type BenchResult, type Results, renderMarkdown } from "./report.js";
import { reason } from "./rounds.js";

const benchDir = fileURLToPath(new URL("..", import.meta.url));
const [root, tmp] = [join(benchDir, "..", ".."), join(benchDir, ".tmp")];
const log = (line: string) => process.stdout.write(`${line}\n`);
if (process.argv.includes("--help")) {
  log(
    "usage: node --expose-gc dist/run.js [--only=loopback,concurrent,stubbed,batch,memory,mock,size,pipeline]",
  );
  process.exit(0);
}
const only = process.argv
  .find((arg) => arg.startsWith("--only="))
  ?.slice(7)
  .split(",");
const started = performance.now();
// A bound on the whole run: benchmark calls carry no timeout of their own (it would be measured).
setTimeout(() => {
  log("pnpm bench did not finish within 20 minutes");
  process.exit(1);
}, 1_200_000).unref();
const hyperfine = (() => {
  try {
    return requireHyperfine();
  } catch (error) {
    process.stderr.write(`pnpm bench: ${reason(error)}\n`);
    process.exit(1);
  }
})();
const clientModule = await loadClient();
if (typeof clientModule === "string") log(`warning: ${clientModule}`);
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

const sections: [string, () => Promise<BenchResult | BenchResult[]>][] = [
  ["loopback", () => client.benchLoopback(clientModule, log)],
  ["concurrent", () => client.benchConcurrent(clientModule, log)],
  ["stubbed", () => client.benchStubbed(clientModule, log)],
  ["batch", () => client.benchBatch(clientModule, log)],
  ["memory", () => client.benchBatchMemory(clientModule, log)],
  ["mock", () => benchMock(log)],
  ["size", () => benchSize(join(tmp, "size"))],
  ["pipeline", async () => benchPipeline(root, join(tmp, "hyperfine.json"), log)],
];
for (const [id, run] of sections.filter(([id]) => !only || only.includes(id))) {
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
if (!only)
  execFileSync(join(root, "node_modules", ".bin", "biome"), ["format", "--write", ...files], {
    cwd: root,
  });
for (const { title, targets } of results.benchmarks) {
  for (const t of targets) {
    const status = t.met === null ? "not available yet" : t.met ? "met" : "MISSED";
    log(`${status}: ${title}: ${t.contender} ${t.description} (${t.measured})`);
  }
}
log(`wrote ${files.join(" and ")} in ${results.durationSeconds.toFixed(0)} s`);
