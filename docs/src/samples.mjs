// @ts-check
// The code samples of the spec: read from the bundle (through the spec model), written out as a small TypeScript
// project, type-checked against the built @merchant-payments/client, compiled, and run.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { operations, readBundle } from "@merchant-payments/spec";
import { x, xSync } from "tinyexec";

const require = createRequire(import.meta.url);

/** Absolute path of the spec's code samples folder, found through the package's `code_samples/*` export. */
export const SAMPLES_DIR = dirname(
  require.resolve("@merchant-payments/spec/code_samples/README.md"),
);
/** Labels of the two x-codeSamples entries every operation must have. */
export const SAMPLE_LABELS = /** @type {const} */ ({ typescript: "TypeScript", curl: "curl" });

/**
 * An operation of the spec model, with what the docs show of it at hand.
 * @typedef {import("@merchant-payments/spec").OperationSpec & {
 *   tag: string,
 *   typescript: string | undefined,
 *   curl: string | undefined,
 *   requestExamples: unknown[],
 *   responseExamples: unknown[],
 * }} DocsOperation
 */

/**
 * Every operation of the bundle on disk (read afresh, so a rebuilt bundle is seen), in document order, with its
 * first tag, the text of its two code samples and the values of its request and 200 response examples.
 * @param {unknown} [document] defaults to the bundle on disk
 * @returns {DocsOperation[]}
 */
export function listOperations(document = readBundle()) {
  return operations(document).map((op) => ({
    ...op,
    tag: op.tags[0] ?? "",
    typescript: op.codeSamples.find((s) => s.label === SAMPLE_LABELS.typescript)?.source,
    curl: op.codeSamples.find((s) => s.label === SAMPLE_LABELS.curl)?.source,
    requestExamples: (op.request?.examples ?? []).map((e) => e.value),
    responseExamples: (
      op.responses
        .find((r) => r.status === "200")
        ?.content.find((m) => m.mediaType === "application/json")?.examples ?? []
    ).map((e) => e.value),
  }));
}

export { readBundle };

/**
 * Path of a sample file of an operation (through the spec package's `code_samples/*` export).
 * @param {"typescript" | "curl"} kind
 * @param {string} operationId
 */
export function sampleFile(kind, operationId) {
  return kind === "typescript"
    ? join(SAMPLES_DIR, "TypeScript", `${operationId}.ts`)
    : join(SAMPLES_DIR, "curl", `${operationId}.sh`);
}

/**
 * A changed copy of one sample, compiled in the same program as the samples (one tsc run) from its own folder.
 * @typedef {{ variant: string, operationId: string, typescript: string | undefined }} SampleVariant
 */

/**
 * Writes the TypeScript samples (as the bundle shows them) into `workDir` as a project that resolves
 * `@merchant-payments/client` the way a user's project does: through node_modules, to the built package.
 * `workDir` must lie inside docs/ so that docs/node_modules is found. Erases `workDir` first. `variants` (changed
 * copies, e.g. a renamed method that must not compile) go to `<variant>/<operationId>.ts` in the same program, so
 * one tsc run checks them all; with variants, the samples are emitted even when a variant does not compile.
 * @param {string} workDir
 * @param {{ operationId: string, typescript?: string }[]} samples
 * @param {SampleVariant[]} [variants] none by default
 */
export function writeSampleProject(workDir, samples, variants = []) {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const base = resolve(dirname(require.resolve("../package.json")), "../tsconfig.base.json");
  const tsconfig = {
    extends: base,
    compilerOptions: {
      noEmit: false,
      noEmitOnError: variants.length === 0,
      outDir: "out",
      rootDir: ".",
      types: ["node"],
    },
    include: variants.length === 0 ? ["*.ts"] : ["*.ts", "*/*.ts"],
  };
  writeFileSync(join(workDir, "tsconfig.json"), `${JSON.stringify(tsconfig, null, 2)}\n`);
  writeFileSync(join(workDir, "package.json"), '{ "private": true, "type": "module" }\n');
  for (const { operationId, typescript } of samples) {
    if (typescript === undefined) throw new Error(`${operationId} has no TypeScript sample`);
    writeFileSync(join(workDir, `${operationId}.ts`), typescript);
  }
  for (const { variant, operationId, typescript } of variants) {
    if (typescript === undefined) throw new Error(`${operationId}'s ${variant} has no text`);
    mkdirSync(join(workDir, variant), { recursive: true });
    writeFileSync(join(workDir, variant, `${operationId}.ts`), typescript);
  }
}

/**
 * Type-checks and compiles the project written by writeSampleProject (tsc, killed after 120 s). Error locations
 * are rewritten to the sample files under the spec's code_samples/TypeScript/; a variant's are followed by
 * `(variant <name>)`.
 * @param {string} workDir
 * @param {string[]} [extraArgs] more tsc arguments, e.g. --listFiles
 * @param {string} [samplesDir] where the samples live, for the error locations (default: the spec's code_samples)
 * @returns {{ ok: boolean, output: string }}
 */
export function compileSampleProject(workDir, extraArgs = [], samplesDir = SAMPLES_DIR) {
  const tsc = require.resolve("typescript/bin/tsc");
  const result = xSync(
    process.execPath,
    [tsc, "-p", "tsconfig.json", "--pretty", "false", ...extraArgs],
    {
      nodeOptions: { cwd: workDir },
      timeout: 120_000,
      throwOnError: false,
    },
  );
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.replace(
    /^(?:([\w-]+)\/)?(\w+)\.ts(\(\d+,\d+\))/gm,
    (_, variant, operationId, place) =>
      `${join(samplesDir, "TypeScript")}/${operationId}.ts${place}${variant ? ` (variant ${variant})` : ""}`,
  );
  return { ok: result.exitCode === 0, output };
}

/**
 * The error lines of a compile's output that are not about a variant: none when every sample compiles.
 * @param {string} output the output of compileSampleProject
 * @returns {string[]}
 */
export function sampleErrors(output) {
  return output
    .split("\n")
    .filter(
      (line) => line.includes("error TS") && !/^\S+\(\d+,\d+\) \(variant [\w-]+\)/.test(line),
    );
}

/**
 * The error lines of a compile's output about one variant.
 * @param {string} output the output of compileSampleProject
 * @param {string} variant
 * @returns {string[]}
 */
export function variantErrors(output, variant) {
  return output
    .split("\n")
    .filter((line) => line.includes("error TS") && line.includes(` (variant ${variant}):`));
}

/**
 * Runs one compiled sample with node and collects its output.
 * @param {string} workDir the project of writeSampleProject, compiled
 * @param {string} operationId
 * @param {{ env?: Record<string, string | undefined>, timeoutMs?: number }} [options] timeoutMs defaults to 30000
 */
export function runCompiledSample(workDir, operationId, { env = {}, timeoutMs = 30_000 } = {}) {
  return runProgram(process.execPath, [join(workDir, "out", `${operationId}.js`)], {
    env,
    timeoutMs,
    cwd: workDir,
  });
}

/**
 * Runs one curl sample with sh and collects its output.
 * @param {string} operationId
 * @param {{ env?: Record<string, string | undefined>, timeoutMs?: number, cwd?: string }} [options] timeoutMs
 *   defaults to 30000; cwd (default this process's) is where the files the sample uploads (`@file`) are read from
 */
export function runCurlSample(operationId, { env = {}, timeoutMs = 30_000, cwd } = {}) {
  return runProgram("sh", [sampleFile("curl", operationId)], {
    env,
    timeoutMs,
    ...(cwd ? { cwd } : {}),
  });
}

/**
 * The local files a curl sample uploads (`--form "name=@file;…"`, `--data-binary @file`), as it names them.
 * @param {string} sample the sample's text
 * @returns {string[]}
 */
export function uploadedFiles(sample) {
  return [...sample.matchAll(/(?:=|--data-binary\s+|--data\s+)@([^\s;"']+)/g)].map(
    (match) => match[1] ?? "",
  );
}

/**
 * Runs a program to completion with tinyexec (killed after timeoutMs) and collects its output; never throws
 * for a non-zero exit. `env` is laid over this process's environment as is (an undefined value unsets a
 * variable; PATH is not extended).
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string | undefined>, timeoutMs?: number, cwd?: string }} options
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
async function runProgram(command, args, { env = {}, timeoutMs = 30_000, cwd }) {
  const result = await x(command, args, {
    nodeOptions: { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
    timeout: timeoutMs,
    throwOnError: false,
    nodePath: false,
  });
  return { code: result.exitCode ?? null, stdout: result.stdout, stderr: result.stderr };
}
