import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { loadBundle, operations } from "@merchant-payments/spec";
import { expect, test } from "vitest";
import { bundledSpecPath } from "../src/index.js";
import { packedTarballs } from "./packing.js";

const run = promisify(execFile);

/** Calls every operation with each of its named request examples through the client, against startMock(). */
const CONSUMER_SCRIPT = `
import { readFileSync } from "node:fs";
import { startMock } from "@merchant-payments/mock";
import { createMerchantPaymentsClient } from "@merchant-payments/client";

const calls = JSON.parse(readFileSync("calls.json", "utf8"));
const mock = await startMock();
const results = [];
try {
  const client = createMerchantPaymentsClient({ baseUrl: mock.baseUrl, token: "consumer-token", maxRetries: 0, timeoutMs: 10000 });
  for (const call of calls) {
    try {
      const result = await client[call.operationId](call.body);
      results.push({ ...call, body: undefined, ok: result !== undefined });
    } catch (error) {
      results.push({ ...call, body: undefined, ok: false, error: String(error) });
    }
  }
} finally {
  await mock.close();
}
console.log(JSON.stringify(results));
`;

test("installs from its packed tarball with npm on Node 20, and startMock() serves every operation to the client", async () => {
  const tarballs = packedTarballs();
  const project = mkdtempSync(join(tmpdir(), "mock-consumer-"));
  try {
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "consumer", private: true, type: "module" }),
    );
    const install = await run(
      "npm",
      [
        "install",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        "--loglevel=warn",
        ...Object.values(tarballs),
      ],
      { cwd: project, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 },
    );
    // Nothing installed may declare an engine this Node does not satisfy (Prism's newest releases need Node 24).
    expect(`${install.stdout}${install.stderr}`).not.toMatch(/EBADENGINE/);
    // Neither its code nor its declarations need the private spec package.
    const installed = join(project, "node_modules", "@merchant-payments", "mock");
    expect(existsSync(join(project, "node_modules", "@merchant-payments", "spec"))).toBe(false);
    expect(readFileSync(join(installed, "dist", "index.d.ts"), "utf8")).not.toContain(
      "@merchant-payments/spec",
    );

    // The CLI is installed as a bin.
    const help = await run(
      join(project, "node_modules", ".bin", "merchant-payments-mock"),
      ["--help"],
      { timeout: 30_000 },
    );
    expect(help.stdout).toContain("merchant-payments-mock mock");

    const calls = operations(loadBundle(bundledSpecPath())).flatMap((op) =>
      (op.request?.examples ?? []).map((example) => ({
        operationId: op.operationId,
        example: example.name,
        body: example.value,
      })),
    );
    expect(new Set(calls.map((c) => c.operationId)).size).toBe(
      operations(loadBundle(bundledSpecPath())).length,
    );
    writeFileSync(join(project, "calls.json"), JSON.stringify(calls));
    writeFileSync(join(project, "consumer.mjs"), CONSUMER_SCRIPT);
    const { stdout } = await run(process.execPath, ["consumer.mjs"], {
      cwd: project,
      timeout: 60_000,
    });
    const results = JSON.parse(stdout.trim().split("\n").at(-1) ?? "[]") as Array<{
      operationId: string;
      example: string;
      ok: boolean;
      error?: string;
    }>;
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results).toHaveLength(calls.length);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}, 300_000);
