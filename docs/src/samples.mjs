// @ts-check
// The code samples of the spec: read from the bundle, written out as a small TypeScript project, type-checked
// against the built @merchant-payments/client, compiled, and run.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const require = createRequire(import.meta.url);

/** Absolute path of the bundled spec (JSON) that the site renders. */
export const BUNDLE_JSON = require.resolve("@merchant-payments/spec/openapi.json");
/** Absolute path of spec/openapi/code_samples, where the sample files live. */
export const SAMPLES_DIR = resolve(dirname(BUNDLE_JSON), "../openapi/code_samples");
/** Labels of the two x-codeSamples entries every operation must have. */
export const SAMPLE_LABELS = /** @type {const} */ ({ typescript: "TypeScript", curl: "curl" });

/**
 * @typedef {object} Operation
 * @property {string} operationId
 * @property {string} method HTTP method, upper case
 * @property {string} path path template, relative to the base URL
 * @property {string} tag the operation's (single) tag
 * @property {string} summary
 * @property {string | undefined} typescript text of the TypeScript sample in the bundle
 * @property {string | undefined} curl text of the curl sample in the bundle
 * @property {{ name: string, required: boolean }[]} headers header parameters
 * @property {unknown[]} requestExamples request body example values, in order
 * @property {unknown[]} responseExamples 200 response example values, in order
 */

/**
 * Reads the bundled spec from disk (never cached, so a rebuilt bundle is seen).
 * @returns {any}
 */
export function readBundle() {
  return JSON.parse(readFileSync(BUNDLE_JSON, "utf8"));
}

/**
 * Follows local `#/...` references of the bundle.
 * @param {any} bundle
 * @param {any} node
 * @returns {any}
 */
function deref(bundle, node) {
  let current = node;
  for (let depth = 0; current && typeof current.$ref === "string" && depth < 20; depth++) {
    const ref = /** @type {string} */ (current.$ref);
    current = ref
      .slice(2)
      .split("/")
      .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce((at, key) => at?.[key], bundle);
  }
  return current;
}

/**
 * Every operation of the bundle, in document order, with its code samples and examples.
 * @param {any} [bundle] defaults to the bundle on disk
 * @returns {Operation[]}
 */
export function listOperations(bundle = readBundle()) {
  /** @type {Operation[]} */
  const operations = [];
  for (const [path, item] of Object.entries(bundle.paths ?? {})) {
    for (const [method, raw] of Object.entries(deref(bundle, item))) {
      if (!["get", "put", "post", "delete", "patch", "head", "options", "trace"].includes(method))
        continue;
      const op = /** @type {any} */ (raw);
      /** @type {{ label?: string, lang?: string, source?: string }[]} */
      const samples = op["x-codeSamples"] ?? [];
      const sample = (/** @type {string} */ label) =>
        samples.find((s) => s.label === label)?.source;
      const params = (op.parameters ?? []).map((/** @type {any} */ p) => deref(bundle, p));
      const body = deref(bundle, op.requestBody)?.content?.["application/json"];
      const ok = deref(bundle, op.responses?.["200"])?.content?.["application/json"];
      const values = (/** @type {any} */ media) =>
        Object.values(media?.examples ?? {}).map((e) => deref(bundle, e).value);
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        tag: op.tags?.[0],
        summary: op.summary,
        typescript: sample(SAMPLE_LABELS.typescript),
        curl: sample(SAMPLE_LABELS.curl),
        headers: params
          .filter((/** @type {any} */ p) => p.in === "header")
          .map((/** @type {any} */ p) => ({ name: p.name, required: p.required === true })),
        requestExamples: values(body),
        responseExamples: values(ok),
      });
    }
  }
  return operations;
}

/**
 * Path of a sample file of an operation.
 * @param {"typescript" | "curl"} kind
 * @param {string} operationId
 */
export function sampleFile(kind, operationId) {
  return kind === "typescript"
    ? join(SAMPLES_DIR, "TypeScript", `${operationId}.ts`)
    : join(SAMPLES_DIR, "curl", `${operationId}.sh`);
}

/**
 * Writes the TypeScript samples (as the bundle shows them) into `workDir` as a project that resolves
 * `@merchant-payments/client` the way a user's project does: through node_modules, to the built package.
 * `workDir` must lie inside docs/ so that docs/node_modules is found. Erases `workDir` first.
 * @param {string} workDir
 * @param {{ operationId: string, typescript?: string }[]} samples
 */
export function writeSampleProject(workDir, samples) {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const base = resolve(dirname(require.resolve("../package.json")), "../tsconfig.base.json");
  const tsconfig = {
    extends: base,
    compilerOptions: {
      noEmit: false,
      noEmitOnError: true,
      outDir: "out",
      rootDir: ".",
      types: ["node"],
    },
    include: ["*.ts"],
  };
  writeFileSync(join(workDir, "tsconfig.json"), `${JSON.stringify(tsconfig, null, 2)}\n`);
  writeFileSync(join(workDir, "package.json"), '{ "private": true, "type": "module" }\n');
  for (const { operationId, typescript } of samples) {
    if (typescript === undefined) throw new Error(`${operationId} has no TypeScript sample`);
    writeFileSync(join(workDir, `${operationId}.ts`), typescript);
  }
}

/**
 * Type-checks and compiles the project written by writeSampleProject (tsc, nothing emitted on error).
 * Error locations are rewritten to the sample files under spec/openapi/code_samples/TypeScript/.
 * @param {string} workDir
 * @param {string[]} [extraArgs] more tsc arguments, e.g. --listFiles
 * @returns {{ ok: boolean, output: string }}
 */
export function compileSampleProject(workDir, extraArgs = []) {
  const tsc = require.resolve("typescript/bin/tsc");
  const result = spawnSync(
    process.execPath,
    [tsc, "-p", "tsconfig.json", "--pretty", "false", ...extraArgs],
    {
      cwd: workDir,
      encoding: "utf8",
      timeout: 120_000,
    },
  );
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.replace(
    /^(\w+)\.ts\(/gm,
    `${join(SAMPLES_DIR, "TypeScript")}/$1.ts(`,
  );
  return { ok: result.status === 0, output };
}

/**
 * Runs one compiled sample with node and collects its output.
 * @param {string} workDir the project of writeSampleProject, compiled
 * @param {string} operationId
 * @param {{ env?: Record<string, string | undefined>, timeoutMs?: number }} [options] timeoutMs defaults to 30000
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
export function runCompiledSample(workDir, operationId, { env = {}, timeoutMs = 30_000 } = {}) {
  return runProcess(process.execPath, [join(workDir, "out", `${operationId}.js`)], {
    env,
    timeoutMs,
    cwd: workDir,
  });
}

/**
 * Runs one curl sample with sh and collects its output.
 * @param {string} operationId
 * @param {{ env?: Record<string, string | undefined>, timeoutMs?: number }} [options] timeoutMs defaults to 30000
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
export function runCurlSample(operationId, { env = {}, timeoutMs = 30_000 } = {}) {
  return runProcess("sh", [sampleFile("curl", operationId)], { env, timeoutMs });
}

/**
 * Runs a program to completion (killed after timeoutMs) and collects its output.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string | undefined>, timeoutMs?: number, cwd?: string }} options
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
export function runProcess(command, args, { env = {}, timeoutMs = 30_000, cwd }) {
  return new Promise((ok, fail) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      stderr += `\n(killed after ${timeoutMs} ms)`;
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      ok({ code, stdout, stderr });
    });
  });
}
