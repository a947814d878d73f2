#!/usr/bin/env node
// @ts-check
// Size budget: what an app loads at start from the core ESM entry (dist/index.js, without `raw`), bundled with its
// dependencies for the browser, minified and gzipped. Code the entry imports with a dynamic `import()` (the answer
// validators, loaded only with `validateResponses`) is split into lazy chunks, measured and printed beside it,
// unbudgeted, as is the raw entry (dist/raw.js, with openapi-fetch).
// Usage: node scripts/size.mjs [--json]   (exit code 1 when over budget; SIZE_BUDGET_BYTES overrides it)
import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

// The size reached (10,471 B: 9,200 B plus 1,271 B for hostile answers: the bounded body read of the fetch transport,
// ResponseTooLargeError, the linear JSON scan, the token-fragment redaction of request ids and withResponse headers)
// and about 5% headroom, so the budget keeps catching growth.
export const BUDGET_BYTES = 11_000;

/** @param {Uint8Array} code its gzipped size in bytes */
const gzipped = (code) => gzipSync(code, { level: 9 }).length;

/**
 * Bundles `entry` for the browser with its dependencies, splitting dynamic imports into chunks as an app's bundler
 * does. Returns the bytes loaded at start ({ minified, gzipped }: the entry chunk and the chunks it imports
 * statically) and `lazy`, one { name, minified, gzipped } per chunk loaded only by a dynamic `import()`.
 * @param {string} [entry] the ESM entry (default: dist/index.js)
 * @returns {Promise<{ minified: number, gzipped: number, lazy: { name: string, minified: number, gzipped: number }[] }>}
 */
export async function measure(
  entry = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "index.js"),
) {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run the build first`);
  const outdir = "/size-measure";
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    outdir,
    chunkNames: "[name]",
    metafile: true,
    write: false,
    logLevel: "silent",
  });
  const files = new Map(
    out.outputFiles.map((f) => [f.path.replace(/^.*?\/size-measure\//, ""), f]),
  );
  const outputs = Object.entries(out.metafile.outputs).map(
    ([path, meta]) => /** @type {const} */ ([basename(path), meta]),
  );
  const meta = new Map(outputs);
  const [entryName] = outputs.find(([, m]) => m.entryPoint !== undefined) ?? [];
  // The entry and everything it imports statically load at start; the rest only on a dynamic import().
  /** @type {Set<string>} */
  const atStart = new Set();
  /** @param {string} name */
  const visit = (name) => {
    if (atStart.has(name)) return;
    atStart.add(name);
    for (const i of meta.get(name)?.imports ?? [])
      if (i.kind === "import-statement" && !i.external) visit(basename(i.path));
  };
  if (entryName !== undefined) visit(entryName);
  /** @param {string} name */
  const sizeOf = (name) => {
    const code = files.get(name)?.contents ?? new Uint8Array();
    return { minified: code.length, gzipped: gzipped(code) };
  };
  const js = outputs.map(([name]) => name).filter((name) => name.endsWith(".js"));
  const start = js.filter((name) => atStart.has(name)).map(sizeOf);
  return {
    minified: start.reduce((sum, s) => sum + s.minified, 0),
    gzipped: start.reduce((sum, s) => sum + s.gzipped, 0),
    lazy: js.filter((name) => !atStart.has(name)).map((name) => ({ name, ...sizeOf(name) })),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const budget = Number(process.env.SIZE_BUDGET_BYTES ?? BUDGET_BYTES);
  const { minified, gzipped, lazy } = await measure();
  const raw = await measure(join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "raw.js"));
  const ok = gzipped <= budget;
  if (process.argv.includes("--json"))
    console.log(JSON.stringify({ minified, gzipped, budget, ok, lazy, raw }));
  else
    console.log(
      `ESM entry with dependencies, loaded at start: ${minified} B minified, ${gzipped} B gzipped (budget ${budget} B) ${ok ? "OK" : "OVER BUDGET"}; ` +
        lazy
          .map((c) => `lazy chunk ${c.name}: ${c.minified} B minified, ${c.gzipped} B gzipped; `)
          .join("") +
        `raw entry (openapi-fetch): ${raw.minified} B minified, ${raw.gzipped} B gzipped`,
    );
  process.exit(ok ? 0 : 1);
}
