#!/usr/bin/env node
// @ts-check
// Size budget: what an app loads at start from the core ESM entry (dist/index.js, without `raw`), bundled with its
// dependencies for the browser, minified and gzipped. Code the entry imports with a dynamic `import()` (the answer
// validators, loaded only with `validateResponses`) is split into lazy chunks, measured and printed beside it,
// unbudgeted, as is the raw entry (dist/raw.js, with openapi-fetch).
// The budget grows with the spec: the core once (CORE_BUDGET_BYTES) and each operation's share
// (PER_OPERATION_BUDGET_BYTES), the operation count read from the spec by the spec model. `measureShares` measures the
// two apart: the client generated from the spec's first operation alone (the core and one share) against the whole.
// Usage: node scripts/size.mjs [--json] [--shares]   (exit code 1 when over budget; SIZE_BUDGET_BYTES overrides it;
// --shares also measures the core and the per-operation share, about 15 s more)
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { bundleJsonPath, loadDocument, operations } from "@merchant-payments/spec";
import { build } from "esbuild";

const clientDir = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The budget of the core, loaded at start whatever the spec: 9,486 B measured (the client of one operation, 9,667 B,
 * less one operation's share) and about 5% headroom. The product spec's eight operations load 10,918 B in all.
 */
export const CORE_BUDGET_BYTES = 10_000;

/** The budget of each operation's share of what loads at start (its table entry, method, validators): 181 B measured. */
export const PER_OPERATION_BUDGET_BYTES = 300;

/**
 * The start-size budget of a client of `operationCount` operations: the core once, plus each operation's share.
 * @param {number} operationCount
 */
export function budgetFor(operationCount) {
  return CORE_BUDGET_BYTES + operationCount * PER_OPERATION_BUDGET_BYTES;
}

/** @param {Uint8Array} code its gzipped size in bytes */
const gzipped = (code) => gzipSync(code, { level: 9 }).length;

/**
 * Bundles `entry` for the browser with its dependencies, splitting dynamic imports into chunks as an app's bundler
 * does. Returns the bytes loaded at start ({ minified, gzipped }: the entry chunk and the chunks it imports
 * statically) and `lazy`, one { name, minified, gzipped } per chunk loaded only by a dynamic `import()`.
 * @param {string} [entry] the ESM entry (default: dist/index.js)
 * @returns {Promise<{ minified: number, gzipped: number, lazy: { name: string, minified: number, gzipped: number }[] }>}
 */
export async function measure(entry = join(clientDir, "dist", "index.js")) {
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

/** The keys of a path item that are operations. */
const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/**
 * The core and the per-operation share of a client's start size: the client generated (by this package's generator)
 * from `specPath`'s first operation alone, in a copy of `sourceDir` (a client's `src/`, whose package resolves its
 * imports), against `entry`, the whole client. core = one-operation size − share; share = (whole − one) / (n − 1).
 * @param {{ specPath?: string, sourceDir?: string, entry?: string }} [options] default: this client, its spec, its src
 * @returns {Promise<{ operations: number, total: number, one: number, core: number, perOperation: number }>}
 */
export async function measureShares({
  specPath = bundleJsonPath,
  sourceDir = join(clientDir, "src"),
  entry = join(sourceDir, "index.ts"),
} = {}) {
  const document = loadDocument(specPath);
  const count = operations(document).length;
  const [first] = operations(document);
  if (!first || count < 2)
    throw new Error(`${specPath}: measuring shares needs two operations or more`);
  const scratch = join(dirname(sourceDir), `.tmp-size-${process.pid}-${Date.now().toString(36)}`);
  try {
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    cpSync(sourceDir, join(scratch, "src"), {
      recursive: true,
      filter: (path) => !path.includes(`${sourceDir}/generated`),
    });
    // The first operation's path item with its other operations left out (path-level parameters kept).
    const pathItem = document.paths[first.path];
    const method = first.method.toLowerCase();
    const kept = Object.entries(pathItem).filter(
      ([key]) => !HTTP_METHODS.has(key) || key === method,
    );
    const single = { ...document, paths: { [first.path]: Object.fromEntries(kept) } };
    const singleSpec = join(scratch, "one-operation.json");
    writeFileSync(singleSpec, JSON.stringify(single));
    // The generator in this process (loaded only here: the size check without --shares does not need it).
    const { generate } = await import("./generate.js");
    await generate({ specPath: singleSpec, outDir: join(scratch, "src", "generated") });
    const one = (await measure(join(scratch, "src", "index.ts"))).gzipped;
    const total = (await measure(entry)).gzipped;
    const perOperation = (total - one) / (count - 1);
    return { operations: count, total, one, core: one - perOperation, perOperation };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = operations(loadDocument(bundleJsonPath)).length;
  const budget = Number(process.env.SIZE_BUDGET_BYTES ?? budgetFor(count));
  const { minified, gzipped, lazy } = await measure();
  const raw = await measure(join(clientDir, "dist", "raw.js"));
  const shares = process.argv.includes("--shares") ? await measureShares() : undefined;
  const ok = gzipped <= budget;
  if (process.argv.includes("--json"))
    console.log(
      JSON.stringify({ minified, gzipped, budget, operations: count, ok, lazy, raw, shares }),
    );
  else
    console.log(
      `ESM entry with dependencies, loaded at start: ${minified} B minified, ${gzipped} B gzipped (budget ${budget} B: ${CORE_BUDGET_BYTES} B core + ${count} operations × ${PER_OPERATION_BUDGET_BYTES} B) ${ok ? "OK" : "OVER BUDGET"}; ` +
        (shares
          ? `core ${Math.round(shares.core)} B, ${Math.round(shares.perOperation)} B per operation; `
          : "") +
        lazy
          .map((c) => `lazy chunk ${c.name}: ${c.minified} B minified, ${c.gzipped} B gzipped; `)
          .join("") +
        `raw entry (openapi-fetch): ${raw.minified} B minified, ${raw.gzipped} B gzipped`,
    );
  process.exit(ok ? 0 : 1);
}
