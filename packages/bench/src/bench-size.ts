// Sizes with size-limit: @size-limit/esbuild bundles for the browser and minifies, @size-limit/file gzips.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import esbuildPlugin from "@size-limit/esbuild";
import filePlugin from "@size-limit/file";
import sizeLimit from "size-limit";
import { type BenchResult, limitTarget, result } from "./report.js";
import { reason } from "./rounds.js";

/** KB (1024 bytes) min+gzip of all that `specifier` exports with its dependencies, or why it cannot be built. */
async function gzippedKb(dir: string, specifier: string): Promise<number | string> {
  const entry = join(dir, `${specifier.replace(/\W+/g, "-")}.js`);
  writeFileSync(entry, `import * as all from "${specifier}";\nconsole.log(all);\n`);
  const checks = [{ files: [entry], gzip: true, brotli: false }];
  const sizes = (await sizeLimit([esbuildPlugin, filePlugin], { checks }).catch(reason)) as
    | string
    | { size: number }[];
  return typeof sizes === "string"
    ? `not available yet (${sizes})`
    : (sizes[0]?.size ?? Number.NaN) / 1024;
}

/** The client's core entry (target <= 6 KB), its raw entry, and openapi-fetch. */
export async function benchSize(dir: string): Promise<BenchResult> {
  mkdirSync(dir, { recursive: true });
  const [core, raw, reference] = [
    "@merchant-payments/client",
    "@merchant-payments/client/raw",
    "openapi-fetch",
  ];
  const sizes = new Map<string, number | string>();
  for (const specifier of [core, raw, reference])
    sizes.set(specifier, await gzippedKb(dir, specifier));
  const kb = sizes.get(core);
  const measured = typeof kb === "number" ? `${kb.toFixed(2)} KB` : String(kb);
  const notes = [
    "size-limit 12 of an entry importing all a package entry exports (`import * as all`), bundled for the browser with its dependencies, minified, gzipped; 1 KB = 1024 bytes. Deterministic: measured once.",
    ...[...sizes]
      .filter(([, size]) => typeof size === "string")
      .map(([name, size]) => `${name}: ${size}.`),
  ];
  const targets = [
    limitTarget(
      core,
      "core entry (without raw) <= 6 KB",
      typeof kb === "number" ? kb : undefined,
      6,
      measured,
    ),
  ];
  const found = new Map(
    [...sizes].flatMap(([name, s]) => (typeof s === "number" ? [[name, [s]]] : [])) as [
      string,
      number[],
    ][],
  );
  return result(
    {
      title: "Size: min+gzip with dependencies (size-limit)",
      unit: "KB",
      baseline: reference,
      rounds: 1,
      targets,
      notes,
    },
    found,
  );
}
