// What every ecosystem test shares: the published spec's path,
// a child-process runner with a time limit, tsc --strict, esbuild to run generated TypeScript, and the setup of a
// generator test (useGenerator).
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { reviveFilesSource } from "@merchant-payments/contract-tests/json-calls";
import { startMock } from "@merchant-payments/mock";
import { nodeBinary } from "@merchant-payments/node-runtimes";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Call } from "./calls.js";

const require = createRequire(import.meta.url);
/** This package's folder. */
export const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The bundled spec as the published package exposes it (`@merchant-payments/spec/openapi.json`). */
export const publishedSpec = require.resolve("@merchant-payments/spec/openapi.json");
/** Longest one generator, tsc or generated program may run, in milliseconds: the part every spec needs. */
const STEP_LIMIT_MS = 90_000;

/** What each operation of the spec adds to {@link STEP_LIMIT_MS} (and to a peer test's bound), in milliseconds. */
const STEP_LIMIT_PER_OPERATION_MS = 5_000;

/** The bound on one step over a spec of `operationCount` operations, in milliseconds (a bound on a hang). */
export function stepLimitMs(operationCount: number): number {
  return STEP_LIMIT_MS + STEP_LIMIT_PER_OPERATION_MS * operationCount;
}

/** The outcome of a child process. */
export interface RunResult {
  readonly code: number | string | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `command` with a time limit (`timeoutMs`, default {@link STEP_LIMIT_MS}); never rejects. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<RunResult> {
  return new Promise((done) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", ...options.env },
        timeout: options.timeoutMs ?? STEP_LIMIT_MS,
        killSignal: "SIGKILL",
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        done({ code: error ? (error.code ?? error.signal ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A fresh temporary folder, and its removal. */
export async function scratch(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `ecosystem-${prefix}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The path of a bin file inside an installed package (`bin` of its package.json, or `file`). */
export function packageFile(name: string, file: string): string {
  return join(dirname(require.resolve(`${name}/package.json`)), file);
}

/**
 * `tsc --strict --noEmit` over `files` in `cwd`, with the DOM's fetch types and Node's types: what a user's
 * project compiles generated code with. Returns tsc's output ("" when clean) and exit code.
 */
function typecheck(cwd: string, files: string[]): Promise<RunResult> {
  return run(
    process.execPath,
    [
      require.resolve("typescript/bin/tsc"),
      "--noEmit",
      "--strict",
      "--target",
      "es2022",
      "--module",
      "preserve",
      "--moduleResolution",
      "bundler",
      "--lib",
      "es2022,dom,dom.iterable",
      "--typeRoots",
      join(packageDir, "node_modules", "@types"),
      "--types",
      "node",
      "--skipLibCheck",
      ...files,
    ],
    { cwd },
  );
}

/** Bundles a TypeScript entry with esbuild for Node and runs it; the last line of its output parsed as JSON. */
export async function runProgram(
  entry: string,
  env: Record<string, string>,
): Promise<{ result: RunResult; output: unknown }> {
  const { build } = await import("esbuild");
  const outfile = entry.replace(/\.ts$/, ".bundle.mjs");
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    logLevel: "silent",
  });
  const result = await run(process.execPath, [outfile], { cwd: dirname(entry), env });
  const last = result.stdout.trim().split("\n").at(-1) ?? "";
  let output: unknown;
  try {
    output = JSON.parse(last);
  } catch {
    output = undefined;
  }
  return { result, output };
}

/**
 * The TypeScript of a driver that calls every operation of `CALLS` (JSON of {@link Call}s in the environment) once
 * through the generated functions of `api` and prints `[{ operationId, status }]`: `header` imports the generated
 * code as `api` and declares `type Operation`; `status` is the expression of one call's status (`operation` and
 * `call` in scope, `reviveFiles(value)` to turn a call's file parts into `Blob`s).
 */
export function driverSource(header: string, status: string): string {
  return `${header}
${reviveFilesSource("ts")}
type Call = {
  operationId: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  hasBody: boolean;
  hasQuery: boolean;
  hasHeaders: boolean;
  body: unknown;
  credentialHeaders: Record<string, string>;
  credentialQuery: Record<string, string>;
};
const calls: Call[] = JSON.parse(process.env.CALLS ?? "[]");
const results: Array<{ operationId: string; status: number }> = [];
for (const call of calls) {
  const operation = (api as unknown as Record<string, Operation>)[call.operationId];
  if (!operation) throw new Error("no generated function " + call.operationId);
  results.push({ operationId: call.operationId, status: ${status} });
}
console.log(JSON.stringify(results));
`;
}

/** An operation a generator's code calls wrongly (on a spec that has it): why, and the generator's issue if any. */
export interface GeneratorLimit {
  readonly operationId: string;
  readonly reason: string;
  readonly issue?: string;
}

/**
 * The calls not answered one of their operation's documented 2xx statuses but for the listed `limits`
 * (`unexplained`), and the limits whose operation was answered so after all (`stale`: remove them).
 */
export function judgeCalls(
  calls: readonly Call[],
  output: unknown,
  limits: readonly GeneratorLimit[] = [],
): { unexplained: string[]; stale: string[] } {
  const answered = new Map(
    ((output ?? []) as Array<{ operationId: string; status: number }>).map((r) => [
      r.operationId,
      r.status,
    ]),
  );
  const limited = new Set(limits.map((limit) => limit.operationId));
  const documented = (call: Call) => call.statuses.includes(answered.get(call.operationId) ?? 0);
  const line = (call: Call) =>
    `${call.operationId}: ${answered.get(call.operationId)} (documented: ${call.statuses.join(", ")})`;
  return {
    unexplained: calls.filter((c) => !limited.has(c.operationId) && !documented(c)).map(line),
    stale: calls.filter((c) => limited.has(c.operationId) && documented(c)).map(line),
  };
}

/** How a test generates a client: the generator's command line and environment, and the driver program that calls it. */
export interface GeneratorSetup {
  /** The scratch folder's prefix, e.g. "orval". */
  readonly name: string;
  /** The generator's script (run under Node 24: the generators' engines need >= 22.18). */
  readonly bin: string;
  /** The generator's arguments. */
  readonly args: string[];
  /** The generator's environment, given the scratch folder and the mock's URL. */
  env(dir: string, mockUrl: string): Record<string, string>;
  /** The driver's TypeScript source, written as `driver.ts` beside the generated code. */
  readonly driver: string;
}

/** The scratch folder, the mock and the generator's result of {@link useGenerator}, set once `beforeAll` ran. */
export interface Generated {
  dir: string;
  mockUrl: string;
  result: RunResult;
}

/**
 * Registers the setup every generator test shares: in `beforeAll`, a scratch folder, the mock started, the generator
 * run and the driver written; in `afterAll`, both removed; and the test that the output with its driver passes
 * tsc --strict. Returns what the other tests read.
 */
export function useGenerator(setup: GeneratorSetup): Generated {
  const generated = {} as Generated;
  let work: Awaited<ReturnType<typeof scratch>> | undefined;
  let mock: Awaited<ReturnType<typeof startMock>> | undefined;
  beforeAll(async () => {
    work = await scratch(setup.name);
    mock = await startMock();
    generated.dir = work.dir;
    generated.mockUrl = mock.baseUrl;
    generated.result = await run(nodeBinary(24), [setup.bin, ...setup.args], {
      cwd: work.dir,
      env: setup.env(work.dir, mock.baseUrl),
    });
    await writeFile(join(work.dir, "driver.ts"), setup.driver);
  }, 120_000);
  afterAll(async () => {
    await mock?.close();
    await work?.remove();
  });
  test("generates from the published spec, and the output with a caller passes tsc --strict", async () => {
    const { result } = generated;
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    const tsc = await typecheck(generated.dir, ["driver.ts"]);
    expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
    expect(tsc.code).toBe(0);
  });
  return generated;
}
