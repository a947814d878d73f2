// Sizes with size-limit (@size-limit/esbuild bundles for the browser and minifies, @size-limit/file gzips),
// and the cold/cached turbo pipeline timed by hyperfine (a Debian package: apt-get install -y hyperfine).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import esbuildPlugin from "@size-limit/esbuild";
import filePlugin from "@size-limit/file";
import sizeLimit from "size-limit";
import { x } from "tinyexec";
import { type BenchResult, fromSpec } from "./report.js";
import { log } from "./rounds.js";
import { median } from "./stats.js";

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
  return fromSpec("size", new Map(entries.map((entry, i) => [entry, [kb[i] as number]])), {
    core: kb[1] as number,
  });
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
