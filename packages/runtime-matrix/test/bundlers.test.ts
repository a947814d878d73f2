// The built client bundled the way users bundle it, with no banner, shim or extra configuration, then run against a
// local server: a call, a typed error (NotFoundError) and an abort. For Node: esbuild (ESM and CJS), Rollup and
// webpack 5; for browsers and edge runtimes: esbuild and Vite, run in edge-runtime.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { operation } from "@merchant-payments/spec";
import {
  type LoopbackServer,
  sendJson,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import commonjs from "@rollup/plugin-commonjs";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import { EdgeRuntime } from "edge-runtime";
import { build as esbuild } from "esbuild";
import { rollup } from "rollup";
import { build as viteBuild } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import webpack from "webpack";
import { SMOKE } from "../fixtures/bundle-smoke.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const entry = join(root, "fixtures", "bundle-smoke.mjs");
/** Longest a bundle may take to run the three steps, in milliseconds. */
const RUN_LIMIT_MS = 30_000;

const getTransaction = operation("getTransaction");
const examples = (status: string) =>
  getTransaction.responses.find((r) => r.status === status)?.content[0]?.examples ?? [];
const transaction = examples("200")[0]?.value as Record<string, unknown>;
const notFound = examples("404")[0]?.value as Record<string, unknown>;
const merchant = Number(
  (getTransaction.request?.examples[0]?.value as { merchantAccountNumber?: unknown })
    ?.merchantAccountNumber,
);

/** What every bundle reports. */
const expected = {
  call: SMOKE.found,
  typedError: {
    name: "NotFoundError",
    isNotFoundError: true,
    isMerchantPaymentsError: true,
    mayHaveBeenProcessed: false,
  },
  abortedWithReason: true,
};

let server: LoopbackServer;
let out: string;
const held = new Set<ReturnType<typeof setTimeout>>();

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), "bundlers-"));
  server = await startLoopbackServer((request, response) => {
    const reference = (() => {
      try {
        return JSON.parse(request.body).transactionReferenceNumber;
      } catch {
        return undefined;
      }
    })();
    if (reference === SMOKE.found)
      sendJson(response, 200, { ...transaction, transactionReferenceNumber: reference });
    else if (reference === SMOKE.slow) {
      // Held until the client aborts (the connection closes), or the test ends.
      const timer = setTimeout(() => sendJson(response, 200, transaction), RUN_LIMIT_MS);
      held.add(timer);
      response.on("close", () => clearTimeout(timer));
    } else sendJson(response, 404, notFound);
  });
});

afterAll(async () => {
  for (const timer of held) clearTimeout(timer);
  await server?.close();
  if (out) await rm(out, { recursive: true, force: true });
});

/**
 * Runs a Node bundle in a child process, loaded the way a user's code loads it (a module that imports it, or a
 * CommonJS file that requires it), and returns its summary.
 */
async function runNodeBundle(file: string, format: "esm" | "cjs") {
  const call = `runBundleSmoke(${JSON.stringify(server.baseUrl)}, ${merchant}).then((s) => console.log("BUNDLE-RESULT " + JSON.stringify(s)))`;
  const runner = `${file}.run.${format === "esm" ? "mjs" : "cjs"}`;
  await writeFile(
    runner,
    format === "esm"
      ? `import { runBundleSmoke } from ${JSON.stringify(file)};\nawait ${call};\n`
      : `const { runBundleSmoke } = require(${JSON.stringify(file)});\n${call}.catch((e) => { console.error(e); process.exitCode = 1; });\n`,
  );
  return new Promise<unknown>((resolve, reject) => {
    execFile(
      process.execPath,
      [runner],
      { cwd: out, timeout: RUN_LIMIT_MS, killSignal: "SIGKILL" },
      (error, stdout, stderr) => {
        const line = stdout.split("\n").find((l) => l.startsWith("BUNDLE-RESULT "));
        if (line) resolve(JSON.parse(line.slice("BUNDLE-RESULT ".length)));
        else reject(new Error(`${file}: ${error?.message ?? ""}\n${stdout}\n${stderr}`));
      },
    );
  });
}

/** Runs a browser/edge script bundle in edge-runtime and returns its summary. */
async function runInEdge(code: string) {
  const runtime = new EdgeRuntime({ initialCode: code });
  const result = await runtime.evaluate<Promise<unknown>>(
    `runBundleSmoke(${JSON.stringify(server.baseUrl)}, ${merchant}).then((s) => JSON.stringify(s))`,
  );
  return JSON.parse(String(result));
}

/** esbuild for Node, as AWS CDK's NodejsFunction runs it: `--bundle --platform=node`, nothing else. */
async function esbuildForNode(format: "esm" | "cjs"): Promise<string> {
  const outfile = join(out, `esbuild-node.${format === "esm" ? "mjs" : "cjs"}`);
  await esbuild({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format,
    logLevel: "silent",
  });
  return outfile;
}

/** Rollup with the two plugins every Node bundle needs (node-resolve, commonjs), ESM output. */
async function rollupForNode(): Promise<string> {
  const file = join(out, "rollup-node.mjs");
  const bundle = await rollup({
    input: entry,
    plugins: [nodeResolve({ exportConditions: ["node"], preferBuiltins: true }), commonjs()],
    onwarn: () => {},
  });
  await bundle.write({ file, format: "es", inlineDynamicImports: true });
  await bundle.close();
  return file;
}

/** webpack 5 with `target: "node"`, CommonJS output (its default for Node). */
function webpackForNode(): Promise<string> {
  return new Promise((resolve, reject) => {
    webpack(
      {
        mode: "production",
        target: "node",
        entry,
        output: { path: out, filename: "webpack-node.cjs", library: { type: "commonjs2" } },
        optimization: { minimize: false, splitChunks: false },
      },
      (error, stats) => {
        if (error || stats?.hasErrors())
          reject(error ?? new Error(stats?.toString({ all: false, errors: true })));
        else resolve(join(out, "webpack-node.cjs"));
      },
    );
  });
}

// The Node transport uses only Node built-ins (node:http, node:https, node:zlib), so every Node bundler handles the
// client as it comes: no banner, shim, `createRequire` or external list.
describe("bundled for Node, run in Node", () => {
  test("esbuild, ESM (platform node)", async () => {
    expect(await runNodeBundle(await esbuildForNode("esm"), "esm")).toEqual(expected);
  });

  test("esbuild, CommonJS (platform node)", async () => {
    expect(await runNodeBundle(await esbuildForNode("cjs"), "cjs")).toEqual(expected);
  });

  test("Rollup (node-resolve, commonjs), ESM", async () => {
    expect(await runNodeBundle(await rollupForNode(), "esm")).toEqual(expected);
  });

  test("webpack 5 (target node)", async () => {
    expect(await runNodeBundle(await webpackForNode(), "cjs")).toEqual(expected);
  });
});

describe("bundled for browsers and edge runtimes, run in edge-runtime", () => {
  test("esbuild, platform browser", async () => {
    const built = await esbuild({
      entryPoints: [entry],
      bundle: true,
      platform: "browser",
      format: "iife",
      write: false,
      logLevel: "silent",
    });
    const code = built.outputFiles[0]?.text ?? "";
    expect(code).not.toMatch(/["'`]node:/);
    expect(await runInEdge(code)).toEqual(expected);
  });

  test("Vite (library build for the browser)", async () => {
    const outDir = join(out, "vite");
    await viteBuild({
      configFile: false,
      logLevel: "silent",
      root,
      build: {
        outDir,
        emptyOutDir: true,
        minify: true,
        lib: { entry, formats: ["iife"], name: "bundleSmoke", fileName: () => "vite.js" },
      },
    });
    const code = await readFile(join(outDir, "vite.js"), "utf8");
    expect(code).not.toMatch(/["'`]node:/);
    expect(await runInEdge(code)).toEqual(expected);
  });
});
