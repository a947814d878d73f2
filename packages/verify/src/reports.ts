// The verification's reports: the console summary, the JSON report (with its JSON Schema) and a JUnit XML
// report written with junit-report-builder (a maintained JUnit writer read by Jenkins, GitLab and GitHub).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Issue } from "@merchant-payments/spec";
import junitReportBuilder from "junit-report-builder";
import { type DefectName, defectName } from "./judge.js";
import type { VerifyReport } from "./run.js";

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

/** Defects about the answer's body: an empty path there means the whole body. */
const BODY_DEFECTS: ReadonlySet<string> = new Set([
  "wrong-type",
  "missing-field",
  "schema-violation",
  "invalid-json",
  "broken-invariant",
]);

/** Where a defect is, for a reader: " at /path", " at (body)" for the body's root, "" when it has no place. */
export function defectPlace(defect: Issue<DefectName>): string {
  if (defect.path) return ` at ${defect.path}`;
  return BODY_DEFECTS.has(defectName(defect)) ? " at (body)" : "";
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
export function junitXml(report: VerifyReport): string {
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

const defect = {
  type: "object",
  required: ["check", "path", "message"],
  properties: {
    check: { type: "string" },
    path: { type: "string" },
    message: { type: "string" },
    keyword: { type: "string" },
  },
  additionalProperties: false,
} as const;

/** JSON Schema (2020-12) of the JSON report. */
export const VERIFY_REPORT_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  title: "merchant-payments-verify report",
  type: "object",
  required: [
    "tool",
    "ok",
    "baseUrl",
    "seed",
    "runs",
    "timeoutMs",
    "maxPages",
    "allowWrites",
    "startedAt",
    "durationMs",
    "summary",
    "operations",
  ],
  additionalProperties: false,
  properties: {
    tool: { const: "merchant-payments-verify" },
    ok: { type: "boolean" },
    baseUrl: { type: "string" },
    seed: { type: "integer" },
    runs: { type: "integer", minimum: 0 },
    timeoutMs: { type: "integer", minimum: 1 },
    maxPages: { type: "integer", minimum: 1 },
    allowWrites: { type: "boolean" },
    startedAt: { type: "string", format: "date-time" },
    durationMs: { type: "integer", minimum: 0 },
    unreachable: { type: "string" },
    summary: {
      type: "object",
      required: [
        "operations",
        "operationsSent",
        "operationsSkipped",
        "checks",
        "cases",
        "passed",
        "failed",
        "skipped",
        "discarded",
        "statusCoverage",
        "defects",
      ],
      additionalProperties: false,
      properties: {
        operations: { type: "integer", minimum: 0 },
        operationsSent: { type: "integer", minimum: 0 },
        operationsSkipped: { type: "integer", minimum: 0 },
        checks: { type: "array", items: { type: "string" } },
        cases: { type: "integer", minimum: 0 },
        passed: { type: "integer", minimum: 0 },
        failed: { type: "integer", minimum: 0 },
        skipped: { type: "integer", minimum: 0 },
        discarded: { type: "integer", minimum: 0 },
        statusCoverage: {
          type: "object",
          required: ["documented", "seen"],
          additionalProperties: false,
          properties: {
            documented: { type: "integer", minimum: 0 },
            seen: { type: "integer", minimum: 0 },
          },
        },
        defects: { type: "object", additionalProperties: { type: "integer", minimum: 1 } },
      },
    },
    operations: {
      type: "array",
      items: {
        type: "object",
        required: ["operationId", "method", "path", "documentedStatuses", "seenStatuses", "cases"],
        additionalProperties: false,
        properties: {
          operationId: { type: "string" },
          method: { type: "string" },
          path: { type: "string" },
          skippedReason: { type: "string" },
          documentedStatuses: { type: "array", items: { type: "string" } },
          seenStatuses: { type: "array", items: { type: "string" } },
          cases: {
            type: "array",
            items: {
              type: "object",
              required: ["name", "kind", "outcome", "defects"],
              additionalProperties: false,
              properties: {
                name: { type: "string" },
                kind: {
                  enum: [
                    "example",
                    "generated-valid",
                    "generated-invalid",
                    "invalid-parameter",
                    "malformed-json",
                    "no-credentials",
                    "next-page",
                  ],
                },
                outcome: { enum: ["passed", "failed", "skipped"] },
                status: { type: "integer" },
                durationMs: { type: "integer", minimum: 0 },
                defects: { type: "array", items: defect },
                description: { type: "string" },
                reason: { type: "string" },
                request: { type: "string" },
                requestBody: { type: "string" },
              },
            },
          },
        },
      },
    },
  },
} as const;
