import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { operations, retrySafetyOf, webhooks } from "@merchant-payments/spec/model";
import { build } from "esbuild";
import { describe, expect, test } from "vitest";
import {
  budgetFor,
  CORE_BUDGET_BYTES,
  measure,
  measureShares,
  PER_OPERATION_BUDGET_BYTES,
} from "../scripts/size.mjs";
import { maxBatchItems, merchantBounds, spec } from "./helpers/fixtures.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const srcFiles = (dir = join(root, "src")): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? d.name === "generated"
        ? []
        : srcFiles(join(dir, d.name))
      : d.name.endsWith(".ts")
        ? [join(dir, d.name)]
        : [],
  );

describe("the built package", () => {
  test("what the ESM entry loads at start is within the core's budget plus each operation's, minified and gzipped", async () => {
    expect(existsSync(join(dist, "index.js")), "run the build first").toBe(true);
    const { gzipped } = await measure(join(dist, "index.js"));
    const count = operations(spec).length;
    console.log(
      `Loaded at start: ${gzipped} B gzipped for ${count} operations (budget ${budgetFor(count)} B: ${CORE_BUDGET_BYTES} B core + ${count} × ${PER_OPERATION_BUDGET_BYTES} B).`,
    );
    expect(gzipped).toBeLessThanOrEqual(budgetFor(count));
    expect(budgetFor(count)).toBe(CORE_BUDGET_BYTES + count * PER_OPERATION_BUDGET_BYTES);
  });

  test("the core loads once and each operation adds at most 300 B gzipped (measured against the client of one operation)", async () => {
    const shares = await measureShares();
    console.log(
      `Loaded at start: ${shares.total} B gzipped for ${shares.operations} operations: core ${Math.round(shares.core)} B, ${Math.round(shares.perOperation)} B per operation (one operation alone: ${shares.one} B).`,
    );
    expect(PER_OPERATION_BUDGET_BYTES).toBe(300);
    expect(shares.perOperation).toBeGreaterThan(0);
    expect(shares.perOperation).toBeLessThanOrEqual(PER_OPERATION_BUDGET_BYTES);
    expect(shares.core).toBeLessThanOrEqual(CORE_BUDGET_BYTES);
  }, 120_000);

  test("the core entry does not ship openapi-fetch; the raw entry does", async () => {
    const inputsOf = async (entry: string) => {
      const out = await build({
        entryPoints: [join(dist, entry)],
        bundle: true,
        format: "esm",
        platform: "browser",
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      return Object.keys(out.metafile.inputs);
    };
    expect((await inputsOf("index.js")).filter((path) => path.includes("openapi-fetch"))).toEqual(
      [],
    );
    expect((await inputsOf("raw.js")).some((path) => path.includes("openapi-fetch"))).toBe(true);
    const core = await measure(join(dist, "index.js"));
    const raw = await measure(join(dist, "raw.js"));
    expect(raw.gzipped).toBeLessThan(core.gzipped);
  });

  test("the size script passes the real budget and fails a smaller one", () => {
    const script = join(root, "scripts", "size.mjs");
    const out = execFileSync(process.execPath, [script, "--json"], { encoding: "utf8" });
    expect(JSON.parse(out)).toMatchObject({
      ok: true,
      budget: budgetFor(operations(spec).length),
      operations: operations(spec).length,
    });
    expect(() =>
      execFileSync(process.execPath, [script], {
        stdio: "pipe",
        env: { ...process.env, SIZE_BUDGET_BYTES: "1000" },
      }),
    ).toThrow();
  });

  test("loads from CommonJS and from ESM with the same API", async () => {
    const cjs = createRequire(import.meta.url)(join(dist, "index.cjs"));
    const esm = await import(pathToFileURL(join(dist, "index.js")).href);
    for (const mod of [cjs, esm]) {
      expect(typeof mod.createMerchantPaymentsClient).toBe("function");
      expect(new mod.RateLimitError(429, {}, {})).toBeInstanceOf(mod.ApiError);
      expect(mod.createRawClient).toBeUndefined();
    }
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
  });

  test("the raw entry loads from CommonJS and from ESM with the same API", async () => {
    const cjs = createRequire(import.meta.url)(join(dist, "raw.cjs"));
    const esm = await import(pathToFileURL(join(dist, "raw.js")).href);
    for (const mod of [cjs, esm]) {
      const raw = mod.createRawClient({ baseUrl: "http://127.0.0.1:1", token: "test-token" });
      expect(typeof raw.POST).toBe("function");
    }
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
  });

  test("ships ESM, CJS and both kinds of declarations listed in the exports map", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const files = [".", "./raw", "./transport"].flatMap((entry) => [
      pkg.exports[entry].import.default,
      pkg.exports[entry].import.types,
      pkg.exports[entry].require.default,
      pkg.exports[entry].require.types,
    ]);
    for (const f of files) expect(existsSync(join(root, f)), f).toBe(true);
  });
});

describe("the runtime source", () => {
  test("imports nothing Node-only from the default entry, so it runs in browsers", async () => {
    const { build } = await import("esbuild");
    const out = await build({
      entryPoints: ["src/index.ts"],
      absWorkingDir: root,
      bundle: true,
      platform: "browser",
      packages: "external",
      metafile: true,
      write: false,
      logLevel: "silent",
    });
    const reached = Object.keys(out.metafile.inputs).filter((f) => f.startsWith("src/"));
    expect(reached).toContain("src/transport/transport.ts");
    // The Node transport is reached only through the Node entry (the package's `node` export condition).
    expect(reached).not.toContain("src/transport/node.ts");
    for (const file of reached) {
      const text = readFileSync(join(root, file), "utf8");
      expect(text, file).not.toMatch(/from\s+["']node:|require\(|\bprocess\.|\bBuffer\b/);
    }
  });

  test("types no constant of the spec by hand: paths, bounds and limits come from generation", () => {
    // A path counts as written by hand when it appears as a string literal (a JSON pointer in a comment that
    // starts like a path, e.g. "/transactions/3/…", is no copy of it).
    const constants = [
      String(merchantBounds.minimum),
      String(merchantBounds.maximum),
      String(maxBatchItems),
      ...Object.keys(spec.paths).flatMap((path) => [`"${path}"`, `'${path}'`, `\`${path}\``]),
    ];
    for (const file of srcFiles()) {
      const text = readFileSync(file, "utf8");
      for (const c of constants) expect(text.includes(c), `${c} in ${file}`).toBe(false);
    }
  });

  test("places credentials only through the spec's wire module: no source writes a Bearer or Basic value itself", () => {
    for (const file of srcFiles()) {
      const text = readFileSync(file, "utf8");
      expect(text, file).not.toMatch(/[`"'](Bearer|Basic) (\$\{|["'`]\s*\+)/);
    }
    const core = readFileSync(join(root, "src", "request-core.ts"), "utf8");
    expect(core).toMatch(/from "@merchant-payments\/spec\/wire\/credentials"/);
  });

  test("the generated webhook names are the spec's, in document order (none in the product spec)", async () => {
    const { webhookNames } = await import("../src/generated/webhook-validators.js");
    expect(webhookNames).toEqual([...new Set(webhooks(spec).map((w) => w.name))]);
  });

  test("the generated operation table matches the spec", async () => {
    const { operations: table } = await import("../src/generated/operation-table.js");
    const specOperations = operations(spec);
    expect(Object.keys(table)).toEqual(specOperations.map((op) => op.operationId));
    for (const op of specOperations) {
      const info = table[op.operationId as keyof typeof table];
      expect(info.path).toBe(op.path);
      expect(info.method).toBe(op.method);
      expect(info.safeToRetry).toBe(retrySafetyOf(op).safe);
    }
  });
});
