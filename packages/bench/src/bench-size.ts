// Sizes with size-limit: @size-limit/esbuild bundles for the browser and minifies, @size-limit/file gzips.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import esbuildPlugin from "@size-limit/esbuild";
import filePlugin from "@size-limit/file";
import sizeLimit from "size-limit";
import { type BenchResult, limitTarget, result, type Samples } from "./report.js";
import { reason } from "./rounds.js";

/** KB (1024 bytes) min+gzip of all that `specifier` exports with its dependencies; throws when it cannot. */
async function gzippedKb(dir: string, specifier: string): Promise<number> {
  const entry = join(dir, `${specifier.replace(/\W+/g, "-")}.js`);
  writeFileSync(entry, `import * as all from "${specifier}";\nconsole.log(all);\n`);
  const checks = [{ files: [entry], gzip: true, brotli: false }];
  const [size] = (await sizeLimit([esbuildPlugin, filePlugin], { checks })) as { size: number }[];
  return (size?.size ?? Number.NaN) / 1024;
}

/** The client's core entry (target <= 6 KB), its raw entry, and openapi-fetch. */
export async function benchSize(dir: string): Promise<BenchResult> {
  mkdirSync(dir, { recursive: true });
  const [core, raw, reference] = [
    "@merchant-payments/client",
    "@merchant-payments/client/raw",
    "openapi-fetch",
  ];
  const [sizes, notes]: [Samples, string[]] = [new Map(), []];
  for (const specifier of [reference, core, raw]) {
    await gzippedKb(dir, specifier).then(
      (kb) => sizes.set(specifier, [kb]),
      (error) => notes.push(`${specifier}: not available yet (${reason(error)}).`),
    );
  }
  notes.unshift(
    "size-limit 12 of an entry importing all a package entry exports (`import * as all`), bundled for the browser with its dependencies, minified, gzipped; 1 KB = 1024 bytes. Deterministic: measured once.",
  );
  const show = (kb: number) => `${kb.toFixed(2)} KB`;
  const targets = [
    limitTarget(core, "core entry (without raw) <= 6 KB", sizes.get(core)?.[0], 6, show),
  ];
  const title = "Size: min+gzip with dependencies (size-limit)";
  return result({ title, unit: "KB", baseline: reference, rounds: 1, targets, notes }, sizes);
}
