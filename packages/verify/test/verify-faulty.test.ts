import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadBundle, operation, operations } from "@merchant-payments/spec";
import type { LoopbackServer } from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { verifyCommand } from "../src/main.js";
import type { VerifyReport } from "../src/report-types.js";
import { MAX_FAILURE_LINES } from "../src/reports.js";
import { writeReason } from "../src/side-effects.js";
import { operationOf } from "./example-server.js";
import { FAULTS, startFaultyServer } from "./faulty-server.js";
import { readJsonReport, readJunitReport } from "./reports.js";

const dir = mkdtempSync(join(tmpdir(), "verify-faulty-"));
let server: LoopbackServer;
let exitCode: number;
let printed: string[];
let report: VerifyReport;

const TOKEN = "verify-test-token";
const API_KEY = "verify-test-api-key";
const BASIC = "verify-test:basic-password";

beforeAll(async () => {
  server = await startFaultyServer(loadBundle(), operations(), {
    token: TOKEN,
    apiKey: API_KEY,
    basic: BASIC,
  });
  printed = [];
  exitCode = await verifyCommand(
    [
      "--base-url",
      server.baseUrl,
      "--token",
      TOKEN,
      "--seed",
      "42",
      "--runs",
      "4",
      "--timeout-ms",
      "1500",
      "--allow-writes",
      // A grown spec may hold a write without a body example: it is sent once, generated.
      "--generated-writes",
      "--report-json",
      join(dir, "report.json"),
      "--junit",
      join(dir, "junit.xml"),
    ],
    { out: (line) => printed.push(line), err: (line) => printed.push(line) },
    // An API key and Basic credentials for operations whose security asks for them (a grown spec's): every
    // operation is sent.
    { MERCHANT_PAYMENTS_API_KEY: API_KEY, MERCHANT_PAYMENTS_BASIC_CREDENTIALS: BASIC },
  );
  report = readJsonReport(join(dir, "report.json"));
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("verify against a deliberately wrong server", () => {
  test("exits 1", () => {
    expect(exitCode).toBe(1);
    expect(report.ok).toBe(false);
    expect(printed.join("\n")).toMatch(/^verify: FAILED$/m);
  });

  describe.each(Object.entries(FAULTS))("%s", (operationId, faults) => {
    test.each(faults.expected)(
      "reports the defect %s by name, in the JSON report and on the console",
      (defect) => {
        const found = report.operations
          .find((o) => o.operationId === operationId)
          ?.cases.flatMap((c) => c.defects.map((d) => d.check));
        expect(found).toContain(defect);
        expect(
          printed.some(
            (line) => line.startsWith(`FAIL ${operationId} `) && line.includes(`: ${defect}`),
          ),
        ).toBe(true);
      },
    );
  });

  test("prints its failures grouped (× count) and ends with a summary of a row per operation and at most 11 more lines, while the report keeps each one", () => {
    const failLines = printed.filter((line) => line.startsWith("FAIL "));
    const failedCases = report.operations
      .flatMap((o) => o.cases)
      .filter((c) => c.outcome === "failed");
    expect(failLines.length).toBeLessThanOrEqual(MAX_FAILURE_LINES);
    expect(failLines.length).toBeLessThan(failedCases.length);
    expect(failLines.some((line) => / × \d+: /.test(line))).toBe(true);
    const summary = printed.slice(
      printed.findIndex((line) => line.startsWith("merchant-payments-verify: http")),
    );
    // The summary: a row per operation, and at most 11 more lines (its first line, the checks, the column names, two
    // blank lines, the counts, the coverage, the defects, where the two reports are, the verdict).
    const summaryBound = operations().length + 11;
    expect(summary.join("\n").split("\n").length).toBeLessThanOrEqual(summaryBound);
    // Before it: the seed, at most one SKIP line per reason (no more than one per operation), the grouped failures and their "more" line.
    expect(printed.join("\n").split("\n").length).toBeLessThanOrEqual(
      1 + operations().length + MAX_FAILURE_LINES + 1 + summaryBound,
    );
  });

  test("names every defect in the JUnit report, as the failure's type", async () => {
    const junit = await readJunitReport(join(dir, "junit.xml"), report);
    for (const [operationId, faults] of Object.entries(FAULTS)) {
      const suite = junit.testsuite?.find((s) => s.name === operationId);
      const types = (suite?.testcase ?? []).flatMap((t) =>
        (t.failure ?? []).map((f) => f.type ?? ""),
      );
      for (const defect of faults.expected) expect(types.join(",")).toContain(defect);
    }
  });

  test("reports nothing for the answers the server got right (a 422 to an invalid body, a 400 to malformed JSON)", () => {
    const getTransaction = report.operations.find((o) => o.operationId === "getTransaction");
    const invalid = getTransaction?.cases.filter((c) => c.kind === "generated-invalid") ?? [];
    expect(invalid.length).toBeGreaterThan(0);
    expect(invalid.every((c) => c.outcome === "passed" && c.status === 422)).toBe(true);
    expect(getTransaction?.cases.find((c) => c.kind === "malformed-json")?.outcome).toBe("passed");
  });

  test("sends an operation that moves money or deletes with --allow-writes only its examples, once each", () => {
    const ops = operations();
    const writes = ops.filter((op) => writeReason(op) !== undefined);
    expect(writes.length).toBeGreaterThan(0);
    for (const op of writes) {
      const cases = report.operations.find((o) => o.operationId === op.operationId)?.cases ?? [];
      expect(cases.length, op.operationId).toBeGreaterThan(0);
      expect(cases.map((c) => c.kind).filter((kind) => kind !== "example")).toEqual([]);
      const sent = server.received.filter((r) => operationOf(ops, r) === op);
      expect(sent, op.operationId).toHaveLength(cases.length);
      // A JSON body: exactly the spec's request examples, each once.
      if (op.request) {
        const examples = op.request.examples.map((e) => JSON.stringify(e.value));
        expect(sent.map((r) => r.body).sort()).toEqual(examples.sort());
      }
    }
  });

  test("prints the seed, the summary of operations × checks and the coverage of documented statuses", () => {
    expect(printed[0]).toBe("merchant-payments-verify: seed 42 (replay with --seed 42)");
    expect(printed.join("\n")).toMatch(
      new RegExp(
        `${operations().length} operations \\(${operations().length} sent, 0 skipped\\) × \\d+ checks`,
      ),
    );
    expect(printed.join("\n")).toMatch(/documented statuses covered: \d+ of \d+/);
    expect(operation("getTransaction").operationId).toBe("getTransaction");
  });
});
