import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { repoRoot } from "./bench-pipeline.js";
import { fmtBytes } from "./format.js";
import type { BenchResult } from "./results.js";
import { CLIENT_NOT_BUILT } from "./summary.js";

/** Minified and gzipped size of an ESM entry bundled with its dependencies. */
export interface BundleSize {
  minified: number;
  gzipped: number;
}

/** Bundles `source` (an ESM module text) with esbuild (browser, minified) and gzips it (level 9). */
export async function bundleSize(source: string, resolveDir: string): Promise<BundleSize> {
  const out = await build({
    stdin: { contents: source, resolveDir, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const code = out.outputFiles[0]?.contents;
  if (!code) throw new Error("esbuild produced no output");
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength };
}

/** Benchmark 6: the client's ESM entry vs bare openapi-fetch, minified+gzipped with dependencies. */
export async function benchSize(clientBuilt: boolean): Promise<BenchResult> {
  const dir = join(repoRoot(), "packages", "bench");
  const entries: [string, string][] = [
    ["openapi-fetch", 'export * from "openapi-fetch";\nexport { default } from "openapi-fetch";'],
  ];
  if (clientBuilt)
    entries.push(["@merchant-payments/client", 'export * from "@merchant-payments/client";']);
  const sizes = new Map<string, BundleSize>();
  for (const [name, source] of entries) sizes.set(name, await bundleSize(source, dir));
  const base = sizes.get("openapi-fetch") as BundleSize;
  const contenders = [...sizes].map(([name, size]) => ({
    name,
    samples: [size.gzipped / 1024],
    summary: {
      median: size.gzipped / 1024,
      min: size.gzipped / 1024,
      max: size.gzipped / 1024,
      n: 1,
    },
    ...(name === "openapi-fetch"
      ? { note: "baseline" }
      : {
          ratio: {
            samples: [size.gzipped / base.gzipped],
            summary: {
              median: size.gzipped / base.gzipped,
              min: size.gzipped / base.gzipped,
              max: size.gzipped / base.gzipped,
              n: 1,
            },
          },
        }),
  }));
  return {
    id: "size",
    title: "6. Size: ESM entry, minified + gzipped, with dependencies",
    unit: "KiB gzipped",
    baseline: "openapi-fetch",
    rounds: 1,
    contenders,
    targets: [],
    notes: [
      "esbuild bundle of the package's whole ESM entry (`export *`) with its dependencies, platform browser, minified, ES2022; gzip level 9 (node:zlib). Deterministic, so measured once. No numeric target in the issue; recorded as a fact.",
      ...[...sizes].map(
        ([name, s]) =>
          `${name}: ${fmtBytes(s.minified)} minified, ${fmtBytes(s.gzipped)} gzipped (${s.gzipped} bytes).`,
      ),
      ...(clientBuilt ? [] : [CLIENT_NOT_BUILT]),
    ],
  };
}
