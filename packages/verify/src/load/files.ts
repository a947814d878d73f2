// Files the load command ships: the built processor template (dist/load-processor.mjs), filled with the
// document and the body pools, written next to the script; and the preload that keeps Artillery quiet.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PROCESSOR_DATA_TOKEN, type ProcessorData } from "./processor-data.js";
import type { LoadPlan } from "./scenarios.js";
import { artilleryScript, type ScriptOptions, scriptYaml } from "./script.js";

/** A file the package ships in dist/, found from the built bundle or from the sources (tests). */
export function shippedFile(name: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, name), join(here, "..", "..", "dist", name)]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} is missing: build @merchant-payments/verify first (pnpm build)`);
}

/** The processor's source for `plan`: the built template with the document and the bodies inlined. */
function processorSource(document: unknown, plan: LoadPlan): string {
  const template = readFileSync(shippedFile("load-processor.mjs"), "utf8");
  const data: ProcessorData = {
    document,
    requests: Object.fromEntries(
      plan.scenarios.map((s) => [
        s.operation.operationId,
        s.requests.map(({ target, headers, body }) => ({
          target,
          headers,
          ...(body === undefined ? {} : { body }),
        })),
      ]),
    ),
  };
  const parts = template.split(`"${PROCESSOR_DATA_TOKEN}"`);
  if (parts.length !== 2) {
    throw new Error("load-processor.mjs does not hold its data token once: rebuild the package");
  }
  return parts.join(JSON.stringify(JSON.stringify(data)));
}

/** Where `writeLoadFiles` wrote. */
export interface WrittenFiles {
  /** Path of the Artillery script (YAML), as given to `writeLoadFiles`. */
  readonly script: string;
  /** Path of its processor, `<script name>.processor.mjs` next to the script. */
  readonly processor: string;
}

/** The processor's file name for a script path: `<script name>.processor.mjs`. */
function processorFileFor(scriptPath: string): string {
  return `${basename(scriptPath).replace(/\.(ya?ml|json)$/i, "")}.processor.mjs`;
}

/** Writes the script and its processor (folders created as needed). */
export function writeLoadFiles(
  scriptPath: string,
  document: unknown,
  plan: LoadPlan,
  options: Omit<ScriptOptions, "processorFile">,
): WrittenFiles {
  const processorFile = processorFileFor(scriptPath);
  const processor = join(dirname(scriptPath), processorFile);
  mkdirSync(dirname(scriptPath), { recursive: true });
  writeFileSync(processor, processorSource(document, plan));
  writeFileSync(
    scriptPath,
    scriptYaml(artilleryScript(plan, { ...options, processorFile }), processorFile),
  );
  return { script: scriptPath, processor };
}
