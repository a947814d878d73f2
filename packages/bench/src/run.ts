// `pnpm bench`: runs every benchmark, writes results.json and results.md next to package.json, exits 1
// when one failed. `dist/run.js loopback,batch` (ids below) runs some of them and writes to .tmp/ instead.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, type } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { x } from "tinyexec";
import { batch, concurrent, loopback, memory, stubbed } from "./bench-client.js";
import { benchMock } from "./bench-mock.js";
import { benchPipeline, benchSize } from "./bench-tools.js";
import { log } from "./measure.js";
import { type Results, renderMarkdown, result, status } from "./report.js";

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const [dir, root, tmp] = [path(".."), path("../../.."), path("../.tmp")];
const size = () => benchSize(join(tmp, "size"));
const pipeline = () => benchPipeline(root, join(tmp, "hyperfine.json"));
const sections = { loopback, concurrent, stubbed, batch, memory, mock: benchMock, size, pipeline };
const only = process.argv[2]?.split(",");
const hyperfine = await Promise.resolve(x("hyperfine", ["--version"])).catch(() => {
  throw new Error("pnpm bench needs hyperfine (a Debian package): apt-get install -y hyperfine");
});
// A bound on the whole run: benchmark calls carry no timeout of their own (it would be measured).
setTimeout(() => {
  log("pnpm bench did not finish within 20 minutes");
  process.exit(1);
}, 1_200_000).unref();
mkdirSync(tmp, { recursive: true });
const [started, cpu, head] = [performance.now(), cpus(), ["rev-parse", "--short", "HEAD"]];
const os = `${type()} ${release()} ${process.arch}, ${hyperfine.stdout.trim()}`;
const machine = { node: process.version, cpu: `${cpu[0]?.model.trim()}`, cores: cpu.length, os };
const commit = execFileSync("git", head, { cwd: root }).toString().trim();
const results: Results = {
  machine: { ...machine, commit, date: new Date().toISOString() },
  loadAverage: { start: loadavg(), end: [] },
  durationSeconds: 0,
  benchmarks: [],
};
log(`${machine.node}, ${machine.cpu} x${machine.cores}, load ${loadavg()}`);
for (const [id, run] of Object.entries(sections).filter(([id]) => !only || only.includes(id))) {
  log(`${id}:`);
  try {
    results.benchmarks.push(...[await run()].flat());
  } catch (error) {
    log(`${id} FAILED: ${(error as Error).stack}`);
    const measured = `failed: ${`${(error as Error)?.message}`.split("\n")[0]}`;
    const failed = { contender: "-", description: "every target", measured, met: false };
    results.benchmarks.push(result(id, "", new Map(), "", [failed]));
    process.exitCode = 1;
  }
}
results.loadAverage.end = loadavg();
results.durationSeconds = (performance.now() - started) / 1000;
const [json, md] = [join(only ? tmp : dir, "results.json"), join(only ? tmp : dir, "results.md")];
writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(md, renderMarkdown(results));
// Biome formats the committed files the way lint expects.
const biome = join(root, "node_modules", ".bin", "biome");
if (!only) execFileSync(biome, ["format", "--write", json, md], { cwd: root });
for (const { title, targets } of results.benchmarks)
  for (const t of targets)
    log(`${status(t)}: ${title}: ${t.contender} ${t.description} (${t.measured})`);
log(`wrote ${json} and ${md} in ${results.durationSeconds.toFixed(0)} s`);
