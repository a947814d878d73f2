// Sizes with size-limit (@size-limit/esbuild bundles for the browser and minifies, @size-limit/file gzips), and
// the client's own budget measure (what an app loads at start, dynamic imports split off as its bundler does),
// and the cold/cached turbo pipeline timed by hyperfine (a Debian package: apt-get install -y hyperfine).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import esbuildPlugin from "@size-limit/esbuild";
import filePlugin from "@size-limit/file";
import sizeLimit from "size-limit";
import { x } from "tinyexec";
// The same measure as the client's size budget test: one definition of "the core bundle".
import { measure as measureClientEntry } from "../../client/scripts/size.mjs";
import { type BenchResult, fromSpec } from "./report.js";
import { log } from "./rounds.js";
import { median } from "./stats.js";

const require = createRequire(import.meta.url);

/** KB (1024 bytes) min+gzip of all that each entry exports, with its dependencies: openapi-fetch, core, raw. */
export async function benchSize(dir: string): Promise<BenchResult> {
  mkdirSync(dir, { recursive: true });
  const entries = ["openapi-fetch", "@merchant-payments/client", "@merchant-payments/client/raw"];
  const checks = entries.map((specifier) => {
    const file = join(dir, `${specifier.replace(/\W+/g, "-")}.js`);
    writeFileSync(file, `import * as all from "${specifier}";\nconsole.log(all);\n`);
    return { files: [file], gzip: true, brotli: false };
  });
  const sizes = (await sizeLimit([esbuildPlugin, filePlugin], { checks })) as { size: number }[];
  const kb = entries.map((_, i) => (sizes[i]?.size ?? Number.NaN) / 1024);
  const clientDir = dirname(require.resolve("@merchant-payments/client/package.json"));
  const atStart = await measureClientEntry(join(clientDir, "dist", "index.js"));
  const rows = new Map(entries.map((entry, i) => [entry, [kb[i] as number]]));
  rows.set("@merchant-payments/client, loaded at start", [atStart.gzipped / 1024]);
  for (const chunk of atStart.lazy) rows.set(`  lazy chunk ${chunk.name}`, [chunk.gzipped / 1024]);
  return fromSpec("size", rows, { core: atStart.gzipped / 1024 });
}

/** hyperfine's version; throws the install instruction when it is missing. */
export async function requireHyperfine(): Promise<string> {
  try {
    return (await x("hyperfine", ["--version"], { throwOnError: true })).stdout.trim();
  } catch {
    throw new Error("hyperfine is not installed (a Debian package): apt-get install -y hyperfine");
  }
}

/** `turbo run build` from the repository root, cold (--force) and cached, 3 hyperfine runs each (15 min timeout). */
export async function benchPipeline(root: string, out: string): Promise<BenchResult> {
  const turbo = `${join(root, "node_modules", ".bin", "turbo")} run build --output-logs=none`;
  const cold = ["--prepare", "true", "--command-name", "cold (--force)", `${turbo} --force`];
  const cached = ["--prepare", turbo, "--command-name", "cached", turbo];
  const args = ["--style", "basic", "--runs", "3", "--ignore-failure", "--export-json", out];
  // Without the outer `pnpm bench` turbo run's variables, which would change the inner runs.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(TURBO_|npm_)/.test(k)),
  );
  log("pipeline: hyperfine, 3 runs each of cold and cached `turbo run build`");
  const nodeOptions = { cwd: root, env };
  await x("hyperfine", [...args, ...cold, ...cached], {
    nodeOptions,
    timeout: 900_000,
    throwOnError: true,
  });
  const runs: { command: string; times: number[]; exit_codes: number[] }[] = JSON.parse(
    readFileSync(out, "utf8"),
  ).results;
  const failed = runs.filter((r) => r.exit_codes.some((code) => code !== 0)).map((r) => r.command);
  const samples = new Map(runs.map((r) => [r.command, r.times]));
  return fromSpec("pipeline", samples, {
    cached: median(samples.get("cached") ?? []),
    failed: failed.length
      ? `Commands with runs that failed (a package broken meanwhile): ${failed}.`
      : "Every run exited 0.",
  });
}
