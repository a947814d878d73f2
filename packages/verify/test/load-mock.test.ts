// A short, bounded load against the mock on loopback (3 s at 4 arrivals a second, one request each):
// Artillery runs the generated script, the shipped processor checks every answer, and none breaks the spec.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { operations } from "@merchant-payments/spec";
import { afterAll, expect, test } from "vitest";
import { load, runBounded, summaryOf } from "./load-run.js";
import { useMock } from "./use-mock.js";

const dir = mkdtempSync(join(tmpdir(), "verify-load-mock-"));
const mock = useMock();

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

test("a bounded load of every operation against the mock has zero spec violations and exits 0", {
  timeout: 90_000,
}, async () => {
  expect(new URL(mock.server.baseUrl).hostname).toBe("127.0.0.1");
  const report = join(dir, "report.json");
  const run = {
    baseUrl: mock.server.baseUrl,
    out: join(dir, "load.yml"),
    report,
    arrivalRate: 4,
    seed: 11,
  };
  const { exitCode, printed } = await runBounded(run, "--allow-writes", "--max-error-rate", "0");
  expect(printed).not.toMatch(/^FAIL /m);
  expect(exitCode).toBe(0);
  const summary = summaryOf(report);
  // 3 s at 4 arrivals a second: 12 virtual users, one request each, all answered.
  expect(summary.requests).toBe(12);
  expect(summary.nonConforming).toBe(0);
  expect(summary.failed).toBe(0);
  const known = new Set(operations().map((op) => op.operationId));
  for (const op of summary.operations) {
    expect(known.has(op.operationId)).toBe(true);
    expect(op.conforming).toBe(op.requests);
    expect(op.latency?.p99).toBeGreaterThanOrEqual(0);
  }
  // Artillery's own report carries the processor's counters next to its percentiles.
  const counters = JSON.parse(readFileSync(report, "utf8")).aggregate.counters as Record<
    string,
    number
  >;
  const conforming = Object.entries(counters).filter(([name]) =>
    /^merchant_payments\.\w+\.conforming$/.test(name),
  );
  expect(conforming.reduce((sum, [, n]) => sum + n, 0)).toBe(12);
  expect(printed).toMatch(/^total: 12 requests, 0 non-conforming, 0 failed/m);
  // One report, printed once: Artillery's own output goes to its log, the console gets the summary and the verdict.
  const lines = printed.split("\n");
  expect(lines.length).toBeLessThanOrEqual(20);
  expect(lines.at(-1)).toBe("load: PASS (12 requests answered as the spec says)");
  expect(printed).not.toMatch(/Summary report|All VUs finished|http\.requests/);
  expect(readFileSync(join(dir, "load.artillery.log"), "utf8")).toMatch(/Summary report/);
  // The per-operation counts printed are the requests sent and answered, and add up to the total.
  const printedCounts = lines
    .filter((line) => known.has(line.split(/\s+/)[0] ?? ""))
    .map((line) => Number(line.split(/\s+/)[1]));
  expect(printedCounts.reduce((a, b) => a + b, 0)).toBe(12);
  expect(printed).not.toMatch(/^SEND /m);

  // The same report judged again (as after run-fargate --output): a p99 limit below the measured p99 fails.
  const p99 = summary.latency?.p99 ?? 0;
  expect(p99).toBeGreaterThan(2);
  const again = await load("--check-report", report, "--max-p99-ms", String(Math.floor(p99 / 2)));
  expect(again.exitCode).toBe(1);
  expect(again.printed).toMatch(/^FAIL all operations: p99 .* is above --max-p99-ms/m);
  // A limit at the highest p99, overall or of one operation (an operation's can be above the overall one), passes.
  const highestP99 = Math.max(p99, ...summary.operations.map((op) => op.latency?.p99 ?? 0));
  expect(
    (await load("--check-report", report, "--max-p99-ms", String(Math.ceil(highestP99)))).exitCode,
  ).toBe(0);
});
