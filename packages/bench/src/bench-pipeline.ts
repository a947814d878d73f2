import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchResult } from "./results.js";
import { type Contender, runRounds } from "./rounds.js";
import { specYamlPath } from "./spec.js";
import { contenderRows } from "./summary.js";

const require = createRequire(import.meta.url);

/** Options of the pipeline benchmark. */
export interface PipelineOptions {
  /** Rounds (>= 5). */
  rounds: number;
  log: (line: string) => void;
}

/** Root of the monorepo: the nearest ancestor holding pnpm-workspace.yaml. */
export function repoRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (!existsSync(join(dir, "pnpm-workspace.yaml"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("not inside the monorepo");
    dir = parent;
  }
  return dir;
}

/** Environment of the measured commands: the inherited one without the outer turbo run's own variables. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("TURBO_") && !key.startsWith("npm_")) env[key] = value;
  }
  env.TURBO_TELEMETRY_DISABLED = "1";
  env.REDOCLY_TELEMETRY = "off";
  env.TURBO_NO_UPDATE_NOTIFIER = "1";
  return env;
}

interface Timed {
  seconds: number;
  output: string;
}

/**
 * Runs a build command, repeating it (at most 3 attempts) when it fails: the tree is shared with
 * people at work, and a build can fail on a half-written file. Each repeat is recorded in `notes`.
 */
async function timeBuild(
  file: string,
  args: string[],
  cwd: string,
  notes: string[],
): Promise<Timed> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await timeCommand(file, args, cwd);
    } catch (error) {
      const first = (error as Error).message.split("\n")[0];
      notes.push(`\`turbo ${args.join(" ")}\` failed once and was repeated: ${first}`);
      if (attempt === 3) throw error;
    }
  }
}

/** Runs a command to completion; resolves with its wall time in seconds; rejects on failure. */
export function timeCommand(
  file: string,
  args: string[],
  cwd: string,
  timeoutMs = 600_000,
): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    execFile(
      file,
      args,
      { cwd, env: cleanEnv(), timeout: timeoutMs, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        const seconds = (performance.now() - start) / 1000;
        const output = `${stdout}\n${stderr}`;
        if (error)
          reject(
            new Error(`${file} ${args.join(" ")} failed: ${error.message}\n${output.slice(-3000)}`),
          );
        else resolve({ seconds, output });
      },
    );
  });
}

/** "N cached, M total" from turbo's summary, or null when absent. */
export function cachedCount(output: string): { cached: number; total: number } | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strip ANSI colour codes.
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  const match = /Cached:\s+(\d+) cached, (\d+) total/.exec(plain);
  return match ? { cached: Number(match[1]), total: Number(match[2]) } : null;
}

function openapiTypescriptBin(): string {
  const pkgPath = require.resolve("openapi-typescript/package.json");
  const bin = JSON.parse(readFileSync(pkgPath, "utf8")).bin;
  return join(dirname(pkgPath), typeof bin === "string" ? bin : bin["openapi-typescript"]);
}

/** Benchmark 5: cold vs cached `turbo run build`, and openapi-typescript on the bundled spec. */
export async function benchPipeline(options: PipelineOptions): Promise<BenchResult[]> {
  const { rounds, log } = options;
  const root = repoRoot();
  const turbo = join(root, "node_modules", ".bin", "turbo");
  const cacheNotes: string[] = [];
  let lastCold = { cached: -1, total: -1 };
  const contenders: Contender[] = [
    {
      name: "cold (--force)",
      run: async () => {
        const { seconds, output } = await timeBuild(
          turbo,
          ["run", "build", "--force", "--output-logs=errors-only"],
          root,
          cacheNotes,
        );
        lastCold = cachedCount(output) ?? lastCold;
        return seconds;
      },
    },
    {
      name: "cached",
      run: async () => {
        // Files edited between the cold run and this one (other work in the tree) make some tasks
        // miss the cache; such a run is not a cached run, so it is repeated (at most 3 attempts).
        for (let attempt = 1; ; attempt++) {
          const { seconds, output } = await timeBuild(
            turbo,
            ["run", "build", "--output-logs=errors-only"],
            root,
            cacheNotes,
          );
          const count = cachedCount(output);
          if (count && count.cached === count.total) return seconds;
          const seen = count ? `${count.cached}/${count.total} tasks cached` : "no turbo summary";
          cacheNotes.push(
            `A "cached" run was not a full cache hit (${seen}, ${seconds.toFixed(2)} s) and was repeated.`,
          );
          if (attempt === 3)
            throw new Error(`turbo run build missed the cache 3 times in a row: ${seen}`);
        }
      },
    },
  ];
  // Prime the cache once so the first "cached" round has a cache to hit regardless of round order.
  log("pipeline: priming the turbo cache");
  await timeBuild(turbo, ["run", "build", "--output-logs=errors-only"], root, cacheNotes);
  log("pipeline: cold and cached `turbo run build`, alternating");
  const samples = await runRounds(contenders, rounds, log);
  const rows = contenderRows(samples, "cold (--force)", { "cold (--force)": "baseline" });
  const cached = rows.find((r) => r.name === "cached");
  const build: BenchResult = {
    id: "pipeline",
    title: "5a. Pipeline: `turbo run build`, cold vs cached",
    unit: "s",
    baseline: "cold (--force)",
    rounds,
    contenders: rows,
    targets: [
      {
        contender: "cached",
        description: "cached run < 2 s",
        measured: cached
          ? `${cached.summary.median.toFixed(2)} s (max ${cached.summary.max.toFixed(2)} s)`
          : "not measured",
        met: cached ? cached.summary.median < 2 : null,
      },
    ],
    notes: [
      "Wall time of `turbo run build` from the repository root, spawned as a child process (node and turbo start-up included). Cold = `--force` (every task runs, the cache is not read); cached = the same command right after, every task replayed from the local cache (a sample counts only if turbo reports every task cached).",
      `The cold run executed ${lastCold.total} tasks.`,
      ...(cacheNotes.length > 0
        ? cacheNotes
        : ["Every cached run was a full cache hit at the first attempt."]),
    ],
  };

  const outDir = join(root, "packages", "bench", ".tmp");
  mkdirSync(outDir, { recursive: true });
  const bin = openapiTypescriptBin();
  const spec = specYamlPath();
  const generator: Contender[] = [
    {
      name: "openapi-typescript CLI",
      run: async () =>
        (
          await timeCommand(
            process.execPath,
            [bin, spec, "--output", join(outDir, "schema.d.ts")],
            root,
          )
        ).seconds,
    },
  ];
  await generator[0]?.run(); // warm the file system cache
  log("pipeline: openapi-typescript on the bundled spec");
  const genSamples = await runRounds(generator, rounds, log);
  const gen: BenchResult = {
    id: "openapi-typescript",
    title: "5b. openapi-typescript on the bundled spec",
    unit: "s",
    rounds,
    contenders: contenderRows(genSamples),
    targets: [],
    notes: [
      "Wall time of `openapi-typescript spec/dist/openapi.yaml --output packages/bench/.tmp/schema.d.ts` in a child process (node start-up included), after one unmeasured run.",
    ],
  };
  return [build, gen];
}
