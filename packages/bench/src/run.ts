// `pnpm bench`: runs every benchmark, prints the machine and each round, and writes results.json and
// results.md next to package.json. Flags: --only=id,id (loopback, overhead, batch, mock, pipeline, size)
// and --rounds=N (>= 5) for development runs, which write to .tmp/ instead.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { benchBatchMemory, benchBatchTime } from "./bench-batch.js";
import { benchLoopback } from "./bench-loopback.js";
import { benchMock } from "./bench-mock.js";
import { benchOverhead } from "./bench-overhead.js";
import { benchPipeline, repoRoot } from "./bench-pipeline.js";
import { benchSize } from "./bench-size.js";
import { loadClient } from "./client.js";
import { machineInfo } from "./machine.js";
import { renderMarkdown } from "./markdown.js";
import type { BenchResult, Results } from "./results.js";
import { loadSpec } from "./spec.js";

const ALL = ["loopback", "overhead", "batch", "mock", "pipeline", "size"] as const;

function flag(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

/** Formats written files with the repository's Biome (it formats JSON and Markdown), so lint accepts them. */
function formatWithBiome(root: string, files: string[], log: (line: string) => void): void {
  try {
    const requireFromRoot = createRequire(join(root, "package.json"));
    const pkgPath = requireFromRoot.resolve("@biomejs/biome/package.json");
    const bin = JSON.parse(readFileSync(pkgPath, "utf8")).bin;
    const script = join(dirname(pkgPath), typeof bin === "string" ? bin : bin.biome);
    execFileSync(process.execPath, [script, "format", "--write", ...files], {
      cwd: root,
      stdio: "ignore",
    });
  } catch (error) {
    log(`warning: could not format ${files.join(", ")} with Biome: ${(error as Error).message}`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const only = flag("only")?.split(",") ?? [...ALL];
  const roundsFlag = flag("rounds");
  const rounds = (n: number) => Math.max(5, roundsFlag ? Number(roundsFlag) : n);
  const partial = only.length !== ALL.length || roundsFlag !== undefined;
  const root = repoRoot();
  const machine = machineInfo(root);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log(
    `Node ${machine.node} | CPU ${machine.cpu} x${machine.cores} | ${machine.os} | commit ${machine.commit}`,
  );
  if (!(globalThis as { gc?: unknown }).gc)
    log("warning: run with --expose-gc for a clean heap before each run");

  const doc = loadSpec();
  const { module: client, reason } = await loadClient();
  if (!client) log(`warning: @merchant-payments/client not measured: ${reason}`);
  const benchmarks: BenchResult[] = [];
  const add = (r: BenchResult) => {
    benchmarks.push(r);
    log(
      `${r.title}: ${r.contenders.map((c) => `${c.name} ${c.summary.median.toFixed(2)} ${r.unit}${c.ratio ? ` (${c.ratio.summary.median.toFixed(2)}x)` : ""}`).join("; ")}`,
    );
  };

  const failures: string[] = [];
  /** Runs one benchmark; a failure is logged, recorded in the results and does not stop the others. */
  const section = async (
    id: string,
    title: string,
    run: () => Promise<BenchResult | BenchResult[]>,
  ): Promise<void> => {
    if (!only.includes(id)) return;
    try {
      const out = await run();
      for (const r of Array.isArray(out) ? out : [out]) add(r);
    } catch (error) {
      const message = (error as Error).message.slice(0, 2000);
      log(`${title} FAILED: ${message}`);
      failures.push(title);
      benchmarks.push({
        id,
        title,
        unit: "",
        rounds: 0,
        contenders: [],
        targets: [],
        notes: [`This benchmark failed in this run: ${message.split("\n")[0]}`],
      });
    }
  };

  await section("loopback", "1. Call overhead over loopback", () =>
    benchLoopback({ doc, client, rounds: rounds(7), calls: 2000, warmup: 300, slices: 40, log }),
  );
  await section("overhead", "2. Pure overhead with a stubbed fetch", () =>
    benchOverhead({
      doc,
      client,
      rounds: rounds(7),
      calls: 20_000,
      warmup: 2_000,
      slices: 10,
      log,
    }),
  );
  await section("batch", "3a. Batch: validate + serialize", () =>
    benchBatchTime({ doc, client, rounds: rounds(7), repeats: 3, log }),
  );
  await section("batch", "3b. Batch: peak extra memory", () =>
    benchBatchMemory({ doc, client, rounds: rounds(5), repeats: 1, log }),
  );
  await section("mock", "4. Mock latency", () =>
    benchMock({ doc, rounds: rounds(5), smallCalls: 200, batchCalls: 1, log }),
  );
  await section("size", "6. Size", () => benchSize(client !== null));
  await section("pipeline", "5. Pipeline", () => benchPipeline({ rounds: rounds(5), log }));

  machine.loadAverage.end = loadavg();
  const results: Results = {
    machine,
    durationSeconds: (performance.now() - started) / 1000,
    benchmarks,
  };
  const outDir = partial
    ? join(root, "packages", "bench", ".tmp")
    : join(root, "packages", "bench");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, "results.md"), renderMarkdown(results));
  if (!partial) {
    formatWithBiome(root, [join(outDir, "results.json"), join(outDir, "results.md")], log);
  }
  log(
    `wrote ${join(outDir, "results.json")} and results.md in ${results.durationSeconds.toFixed(0)} s`,
  );
  const missed = benchmarks.flatMap((b) => b.targets).filter((t) => t.met === false);
  for (const t of missed) log(`target missed: ${t.contender} ${t.description} (${t.measured})`);
  if (failures.length > 0) {
    log(`failed benchmarks: ${failures.join(", ")}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
