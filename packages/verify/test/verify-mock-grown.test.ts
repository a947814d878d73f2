// verify against the mock serving the grown fixture (every operation shape), given with --spec: every operation
// sent (writes allowed), every answer passing: the mock checks parameters and every body media type as the spec
// says, and verify sends every shape as the spec says.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDocument, operations } from "@merchant-payments/spec";
import { afterAll, expect, test } from "vitest";
import { verifyCommand } from "../src/main.js";
import { readJsonReport } from "./reports.js";
import { useMock } from "./use-mock.js";

const require = createRequire(import.meta.url);
const spec = require.resolve("@merchant-payments/spec/fixtures/grown.json");
const dir = mkdtempSync(join(tmpdir(), "verify-mock-grown-"));
const mock = useMock({ spec });

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

test("verify --spec <grown> --allow-writes against the mock: every operation sent, zero defects", {
  timeout: 120_000,
}, async () => {
  const json = join(dir, "grown.json");
  const lines: string[] = [];
  const exitCode = await verifyCommand(
    [
      "--base-url",
      mock.server.baseUrl,
      "--spec",
      spec,
      "--token",
      "verify-test-token",
      "--runs",
      "3",
      "--seed",
      "7",
      "--allow-writes",
      // uploadDisputeAttachment's octet-stream body has no example: a write sent generated only when asked.
      "--generated-writes",
      "--timeout-ms",
      "10000",
      "--report-json",
      json,
    ],
    { out: (line) => lines.push(line), err: (line) => lines.push(line) },
    {
      MERCHANT_PAYMENTS_API_KEY: "verify-test-api-key",
      MERCHANT_PAYMENTS_BASIC_CREDENTIALS: "verify-test:basic-password",
    },
  );
  const printed = lines.join("\n");
  expect(printed).not.toMatch(/^FAIL /m);
  expect(exitCode).toBe(0);
  const report = readJsonReport(json);
  expect(report.operations.map((o) => o.operationId)).toEqual(
    operations(loadDocument(spec)).map((o) => o.operationId),
  );
  expect(report.summary).toMatchObject({ failed: 0, skipped: 0, operationsSkipped: 0 });
  const kinds = new Set(report.operations.flatMap((o) => o.cases.map((c) => c.kind)));
  for (const kind of ["invalid-parameter", "next-page", "generated-invalid", "no-credentials"])
    expect(kinds).toContain(kind);
});
