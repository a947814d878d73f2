#!/usr/bin/env node
// Size budget: the core ESM entry (dist/index.js, without `raw`), bundled with its dependencies, minified and gzipped,
// must be <= 12 KB. The raw entry (dist/raw.js, with openapi-fetch) is measured and printed beside it, unbudgeted.
// Usage: node scripts/size.mjs [--json]   (exit code 1 when over budget; SIZE_BUDGET_BYTES overrides it)
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

export const BUDGET_BYTES = 12 * 1024;

/** Bundles dist/index.js for the browser with its dependencies; returns { minified, gzipped } bytes. */
export async function measure(
  entry = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "index.js"),
) {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run the build first`);
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const code = out.outputFiles[0].contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const budget = Number(process.env.SIZE_BUDGET_BYTES ?? BUDGET_BYTES);
  const { minified, gzipped } = await measure();
  const raw = await measure(join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "raw.js"));
  const ok = gzipped <= budget;
  if (process.argv.includes("--json"))
    console.log(JSON.stringify({ minified, gzipped, budget, ok, raw }));
  else
    console.log(
      `ESM entry with dependencies: ${minified} B minified, ${gzipped} B gzipped (budget ${budget} B) ${ok ? "OK" : "OVER BUDGET"}; ` +
        `raw entry (openapi-fetch): ${raw.minified} B minified, ${raw.gzipped} B gzipped`,
    );
  process.exit(ok ? 0 : 1);
}
