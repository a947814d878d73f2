// What every ecosystem test shares: the published spec's path, the calls (one per operation, from the spec model),
// a child-process runner with a time limit, tsc --strict, and esbuild to run generated TypeScript.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { operations } from "@merchant-payments/spec";

const require = createRequire(import.meta.url);
/** This package's folder. */
export const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The bundled spec as the published package exposes it (`@merchant-payments/spec/openapi.json`). */
export const publishedSpec = require.resolve("@merchant-payments/spec/openapi.json");
/** Longest one generator, tsc or generated program may run, in milliseconds. */
export const STEP_LIMIT_MS = 90_000;

/** One call per operation: its first request example, and the required headers the body determines. */
export interface Call {
  readonly operationId: string;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
}

/** Every operation of the spec, once, with its first named request example. */
export const calls: Call[] = operations().map((op) => {
  const body = op.request?.examples[0]?.value as Record<string, unknown> | undefined;
  if (!body) throw new Error(`${op.operationId} has no request example`);
  const headers: Record<string, string> = {};
  for (const header of op.headers)
    if (header.required && header.equalsBodyProperty)
      headers[header.name] = String(body[header.equalsBodyProperty]);
  return { operationId: op.operationId, body, headers };
});

/** The outcome of a child process. */
export interface RunResult {
  readonly code: number | string | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `command` with a time limit; never rejects. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<RunResult> {
  return new Promise((done) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", ...options.env },
        timeout: STEP_LIMIT_MS,
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
export function typecheck(cwd: string, files: string[]): Promise<RunResult> {
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
