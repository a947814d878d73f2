// Sizes (size-limit, and the client's own budget measure) and the turbo pipeline (hyperfine).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import esbuildPlugin from "@size-limit/esbuild";
import filePlugin from "@size-limit/file";
import { build } from "esbuild";
import { median } from "simple-statistics";
import sizeLimit from "size-limit";
import { x } from "tinyexec";
// The same measure as the client's size budget test: one definition of "the core bundle".
import { measure } from "../../client/scripts/size.mjs";
import { result, target } from "./report.js";

/** The Node bundle's row: what a service bundled for Node by esbuild (AWS CDK's NodejsFunction) carries. */
const NODE_BUNDLE = "@merchant-payments/client bundled for Node (esbuild, minified, not gzipped)";

/**
 * KB (1024 B) of all the client's Node entry exports, bundled by esbuild for Node (`--bundle --platform=node
 * --format=esm --minify`, dependencies included), minified and not gzipped: what lands in a Lambda bundle.
 */
async function nodeBundleKb(dir: string): Promise<number> {
  const out = await build({
    stdin: { contents: 'export * from "@merchant-payments/client";', resolveDir: dir },
    bundle: true,
    platform: "node",
    format: "esm",
    minify: true,
    write: false,
    logLevel: "silent",
  });
  return (out.outputFiles[0]?.contents.byteLength ?? Number.NaN) / 1024;
}

/**
 * KB (1024 B) min+gzip of all each entry exports, with its dependencies; the client's core loaded at start; and the
 * client's Node entry bundled for Node, minified.
 */
export async function benchSize(dir: string) {
  mkdirSync(dir, { recursive: true });
  const entries = ["openapi-fetch", "@merchant-payments/client", "@merchant-payments/client/raw"];
  const checks = entries.map((specifier) => {
    const file = join(dir, `${specifier.replace(/\W+/g, "-")}.js`);
    writeFileSync(file, `import * as all from "${specifier}";\nconsole.log(all);\n`);
    return { files: [file], gzip: true, brotli: false };
  });
  const sizes = (await sizeLimit([esbuildPlugin, filePlugin], { checks })) as { size: number }[];
  const rows = new Map(entries.map((entry, i) => [entry, [(sizes[i]?.size ?? Number.NaN) / 1024]]));
  const atStart = await measure(); // the client's dist/index.js
  const [core, loaded] = [atStart.gzipped / 1024, "@merchant-payments/client, loaded at start"];
  rows.set(loaded, [core]);
  for (const chunk of atStart.lazy) rows.set(`  lazy chunk ${chunk.name}`, [chunk.gzipped / 1024]);
  const nodeBundle = await nodeBundleKb(dir);
  rows.set(NODE_BUNDLE, [nodeBundle]);
  const title = "Size: min+gzip with dependencies (size-limit); the Node bundle minified (esbuild)";
  return result(title, "KB", rows, "", [
    target(loaded, "core entry (without raw) <= 6 KB", core, 6, `${core.toFixed(2)} KB`),
    target(
      NODE_BUNDLE,
      "Node bundle <= 80 KB minified",
      nodeBundle,
      80,
      `${nodeBundle.toFixed(1)} KB`,
    ),
  ]);
}

/** `turbo run build` from the repository root, cold (--force) and cached, 2 hyperfine runs each (15 min timeout). */
export async function benchPipeline(root: string, out: string) {
  const turbo = `${join(root, "node_modules", ".bin", "turbo")} run build --output-logs=none`;
  const cold = ["--prepare", "true", "--command-name", "cold (--force)", `${turbo} --force`];
  const cached = ["--prepare", turbo, "--command-name", "cached", turbo];
  const args = ["--style", "basic", "--runs", "2", "--export-json", out, ...cold, ...cached];
  // Without the outer `pnpm bench` turbo run's variables, which would change the inner runs.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(TURBO|npm)_/.test(k)),
  );
  const options = { nodeOptions: { cwd: root, env }, timeout: 900_000, throwOnError: true };
  await x("hyperfine", args, options);
  type Run = { command: string; times: number[] };
  const runs: Run[] = JSON.parse(readFileSync(out, "utf8")).results;
  const samples = new Map(runs.map((r) => [r.command, r.times]));
  const cachedS = median(samples.get("cached") ?? [Number.NaN]);
  return result("Pipeline: `turbo run build`, cold vs cached (hyperfine)", "s", samples, "", [
    target("cached", "cached run < 2 s", cachedS, 2, `${cachedS.toFixed(2)} s`),
  ]);
}
