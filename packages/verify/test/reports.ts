// Reads and checks the two reports a test run wrote: the JSON report against its JSON Schema (the spec
// model's Ajv), the JUnit XML with junit2json (an xml2js-based JUnit parser).
import { readFileSync } from "node:fs";
import { createAjv } from "@merchant-payments/spec";
import { parse, type TestSuites } from "junit2json";
import { expect } from "vitest";
import { VERIFY_REPORT_SCHEMA } from "../src/report-schema.js";
import type { VerifyReport } from "../src/report-types.js";

const validateReport = createAjv().ajv.compile(VERIFY_REPORT_SCHEMA);

/** The JSON report at `file`, asserted valid against VERIFY_REPORT_SCHEMA. */
export function readJsonReport(file: string): VerifyReport {
  const report = JSON.parse(readFileSync(file, "utf8"));
  const valid = validateReport(report);
  expect(validateReport.errors ?? [], "the JSON report matches its schema").toEqual([]);
  expect(valid).toBe(true);
  return report as VerifyReport;
}

/** The JUnit report at `file`, parsed by a JUnit parser; its counts asserted equal to the JSON report's. */
export async function readJunitReport(file: string, report: VerifyReport): Promise<TestSuites> {
  const parsed = (await parse(readFileSync(file, "utf8"))) as TestSuites;
  const suites = parsed.testsuite ?? [];
  expect(suites.map((s) => s.name)).toEqual(report.operations.map((o) => o.operationId));
  expect(parsed.tests).toBe(report.summary.cases);
  expect(parsed.failures).toBe(report.summary.failed);
  const skipped = suites.flatMap((s) => s.testcase ?? []).filter((t) => t.skipped !== undefined);
  expect(skipped).toHaveLength(report.summary.skipped);
  return parsed;
}
