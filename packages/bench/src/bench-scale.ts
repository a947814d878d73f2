// Scale: a 500-operation spec synthesized from the grown fixture, generated and built as the client is, and how the
// client's code loaded at start grows per added operation.
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Json } from "@merchant-payments/spec/model";
import { x } from "tinyexec";
// The same measure as the client's size budget: what an app loads at start, minified and gzipped.
import { measure } from "../../client/scripts/size.mjs";
import { generatorAcceptance } from "./generator-acceptance.js";
import { result, target } from "./report.js";
import { synthesizeSpec } from "./synthesize.js";

/** Operations in the synthesized spec (issue 22's scale proof). */
export const SCALE_OPERATIONS = 500;

/** The grown fixture's bundle (`@merchant-payments/spec/fixtures/grown.json`). */
export function grownFixture(): Json {
  const file = createRequire(import.meta.url).resolve(
    "@merchant-payments/spec/fixtures/grown.json",
  );
  return JSON.parse(readFileSync(file, "utf8"));
}

/** A copy of the client's hand-written sources and build set-up in `dir`, ready for `generate.ts --out`. */
function clientCopy(clientDir: string, dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(clientDir, "src"), join(dir, "src"), {
    recursive: true,
    filter: (path) => !path.includes(join("src", "generated")),
  });
  for (const file of ["package.json", "tsup.config.ts"])
    cpSync(join(clientDir, file), join(dir, file));
  const base = join(clientDir, "..", "..", "tsconfig.base.json");
  const tsconfig = { extends: base, compilerOptions: { types: ["node"] }, include: ["src"] };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  symlinkSync(join(clientDir, "node_modules"), join(dir, "node_modules"), "dir");
  return dir;
}

/** Seconds `command` takes (it must succeed; 5 min at most). */
async function timed(command: string, args: string[], cwd: string): Promise<number> {
  const start = performance.now();
  await x(command, args, { nodeOptions: { cwd }, timeout: 300_000, throwOnError: true });
  return (performance.now() - start) / 1000;
}

/**
 * Synthesizes the 500-operation spec from the operations the generator accepts, generates the client from it
 * (`scripts/generate.ts --spec --out`, run by tsx) and builds it (the client's tsup build: ESM, CJS, Node, declarations), both
 * timed; generates the client of the kept operations alone (the base); and measures both entries loaded at start.
 */
export async function benchScale(clientDir: string, dir: string) {
  const fixture = grownFixture();
  const accepts = await generatorAcceptance(clientDir, fixture);
  const big = synthesizeSpec(fixture, SCALE_OPERATIONS, accepts);
  const base = synthesizeSpec(fixture, big.kept.length, accepts);
  const { generatorCommand } = (await import(
    pathToFileURL(join(clientDir, "scripts", "generator-command.mjs")).href
  )) as { generatorCommand: (clientRoot: string) => string[] };
  const tsup = join(clientDir, "node_modules", ".bin", "tsup");
  const entries: number[] = [];
  const times = new Map<string, number[]>();
  for (const [name, spec] of [
    ["base", base],
    ["big", big],
  ] as const) {
    const copy = clientCopy(clientDir, join(dir, name));
    const specFile = join(dir, `${name}.json`);
    writeFileSync(specFile, JSON.stringify(spec.document));
    const out = join(copy, "src", "generated");
    const generated = await timed(
      process.execPath,
      [...generatorCommand(clientDir), "--spec", specFile, "--out", out],
      copy,
    );
    if (name === "big") {
      const built = await timed(tsup, [], copy);
      times.set(`generate (${SCALE_OPERATIONS} operations)`, [generated]);
      times.set("build (the client's tsup: ESM, CJS, Node, .d.ts)", [built]);
      times.set("generate + build", [generated + built]);
    }
    entries.push((await measure(join(copy, "src", "index.ts"))).gzipped);
  }
  const [baseBytes = Number.NaN, bigBytes = Number.NaN] = entries;
  const perOperation = (bigBytes - baseBytes) / (SCALE_OPERATIONS - big.kept.length);
  const total = times.get("generate + build")?.[0] ?? Number.NaN;
  const refused = big.left.map((l) => l.operationId).join(", ");
  const note = `Synthesized from the ${big.kept.length} of the fixture's ${big.kept.length + big.left.length} operations the generator accepts (${big.kept.join(", ")}), copied in turn under new paths and operationIds; component schemas are shared, inline ones copied.${refused ? ` Refused by the generator: ${refused}.` : ""}`;
  const sizeNote = `The same spec. Growth = (bytes at ${SCALE_OPERATIONS} - bytes at ${big.kept.length}) / ${SCALE_OPERATIONS - big.kept.length}: a copy adds its operation-table entry, method and JSDoc, and any inline schema's validator; it shares its components' validators, and gzip folds repeated text, so a new operation with new schemas costs more.`;
  const sizes = new Map([
    [`client loaded at start, ${big.kept.length} operations`, [baseBytes]],
    [`client loaded at start, ${SCALE_OPERATIONS} operations`, [bigBytes]],
  ]);
  const perOp = `${perOperation.toFixed(0)} B per added operation (${baseBytes} -> ${bigBytes} B)`;
  return [
    result(`Scale: a ${SCALE_OPERATIONS}-operation spec, generated and built`, "s", times, note, [
      target("generate + build", "< 60 s", total, 60, `${total.toFixed(1)} s`),
    ]),
    result("Scale: the client loaded at start, min+gzip per operation", "B", sizes, sizeNote, [
      target(
        `client loaded at start, ${SCALE_OPERATIONS} operations`,
        "<= 300 B gzipped per added operation",
        perOperation,
        300,
        perOp,
      ),
    ]),
  ];
}
