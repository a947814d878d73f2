// The verification's reports: the console summary, the JSON report (its JSON Schema is report-schema.ts) and a JUnit XML
// report written with junit-report-builder (a maintained JUnit writer read by Jenkins, GitLab and GitHub).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import junitReportBuilder from "junit-report-builder";
import { defectName, defectPlace } from "./judge.js";
import type { VerifyReport } from "./report-types.js";

/** The console summary: the matrix of operations × checks, the counts and the status coverage. */
export function formatSummary(report: VerifyReport): string {
  const { summary } = report;
  const lines = [
    `merchant-payments-verify: ${report.baseUrl} (seed ${report.seed}, replay with --seed ${report.seed})`,
    `checks of every answer: ${summary.checks.join(", ")}`,
    "",
    ["operation", "sent", "passed", "failed", "skipped", "statuses seen / documented"].join(" | "),
  ];
  for (const op of report.operations) {
    const count = (outcome: string) => op.cases.filter((c) => c.outcome === outcome).length;
    lines.push(
      [
        op.operationId,
        op.cases.length - count("skipped"),
        count("passed"),
        count("failed"),
        count("skipped"),
        `${op.seenStatuses.join(",") || "-"} / ${op.documentedStatuses.join(",")}`,
      ].join(" | "),
    );
  }
  const coverage = summary.statusCoverage;
  const percent = coverage.documented ? Math.round((coverage.seen / coverage.documented) * 100) : 0;
  lines.push(
    "",
    `${summary.operations} operations (${summary.operationsSent} sent, ${summary.operationsSkipped} skipped) × ${summary.checks.length} checks: ${summary.cases} requests, ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`,
    `documented statuses covered: ${coverage.seen} of ${coverage.documented} (${percent}%)`,
  );
  const defects = Object.entries(summary.defects);
  if (defects.length > 0) {
    lines.push(`defects: ${defects.map(([name, n]) => `${name} (${n})`).join(", ")}`);
  }
  if (report.unreachable) lines.push(`verify: ${report.unreachable}`);
  lines.push(
    report.unreachable ? "verify: UNREACHABLE" : report.ok ? "verify: OK" : "verify: FAILED",
  );
  return lines.join("\n");
}

/** Default most lines `formatFailures` prints before saying how many more there are. */
export const MAX_FAILURE_LINES = 20;

/**
 * The console's failures, grouped: one line per operation, defect and place, with how many requests had it
 * (`× 33`) and the first one's message. Every (operation, defect) pair comes first, so none is hidden by the cap
 * of `maxLines`; the reports keep every failure.
 */
export function formatFailures(report: VerifyReport, maxLines = MAX_FAILURE_LINES): string[] {
  const groups = new Map<
    string,
    { operationId: string; name: string; first: string; line: string; count: number }
  >();
  for (const op of report.operations)
    for (const verifyCase of op.cases)
      for (const defect of verifyCase.defects) {
        const name = defectName(defect);
        const key = `${op.operationId}\u0000${name}\u0000${defect.path}`;
        const group = groups.get(key);
        if (group) group.count++;
        else
          groups.set(key, {
            operationId: op.operationId,
            name,
            first: verifyCase.name,
            line: `${name}${defectPlace(defect)}: ${defect.message}`,
            count: 1,
          });
      }
  const all = [...groups.values()];
  const seen = new Set<string>();
  const firsts = all.filter((g) => {
    const pair = `${g.operationId}\u0000${g.name}`;
    if (seen.has(pair)) return false;
    seen.add(pair);
    return true;
  });
  const ordered = [...firsts, ...all.filter((g) => !firsts.includes(g))];
  const lines = ordered
    .slice(0, maxLines)
    .map((g) =>
      g.count === 1
        ? `FAIL ${g.operationId} ${g.first}: ${g.line}`
        : `FAIL ${g.operationId} × ${g.count}: ${g.line} (first: ${g.first})`,
    );
  if (ordered.length > maxLines)
    lines.push(
      `… ${ordered.length - maxLines} more kinds of failure: every failure is in the JSON and JUnit reports`,
    );
  return lines;
}

function writeText(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Writes the report as JSON (valid against `VERIFY_REPORT_SCHEMA`). */
export function writeJsonReport(report: VerifyReport, file: string): void {
  writeText(file, `${JSON.stringify(report, null, 2)}\n`);
}

/** The JUnit XML of the report: one test suite per operation, one test case per request. */
function junitXml(report: VerifyReport): string {
  const builder = junitReportBuilder.newBuilder().name("merchant-payments-verify");
  for (const op of report.operations) {
    const suite = builder
      .testSuite()
      .name(op.operationId)
      .property("path", `${op.method} ${op.path}`);
    for (const verifyCase of op.cases) {
      const test = suite
        .testCase()
        .className(`merchant-payments-verify.${op.operationId}`)
        .name(verifyCase.name)
        .time((verifyCase.durationMs ?? 0) / 1000);
      if (verifyCase.outcome === "skipped") {
        test.skipped().standardOutput(verifyCase.reason ?? "skipped");
      } else if (verifyCase.outcome === "failed") {
        const names = [...new Set(verifyCase.defects.map(defectName))].join(", ");
        test.failure(
          `${names}: ${verifyCase.defects.map((d) => `${defectName(d)}${defectPlace(d)}: ${d.message}`).join("; ")}`,
          names,
        );
        const sent = [
          verifyCase.request === undefined ? "" : `request: ${verifyCase.request}`,
          verifyCase.requestBody ? `request body: ${verifyCase.requestBody}` : "",
        ].filter((line) => line !== "");
        if (sent.length > 0) test.standardOutput(sent.join("\n"));
      }
    }
  }
  return builder.build();
}

/** Writes the JUnit XML report. */
export function writeJunitReport(report: VerifyReport, file: string): void {
  writeText(file, junitXml(report));
}
