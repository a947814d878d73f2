// The JSON Schema of the report (VERIFY_REPORT_SCHEMA) and the report's types (report-types.ts) describe the same
// report: per object, the same fields, the same required ones, and the same names of defects and kinds of case.
// Checked by the type checker (`pnpm typecheck`); the test run checks the lists the schema takes from the code.
import type { Issue } from "@merchant-payments/spec";
import { describe, expect, expectTypeOf, test } from "vitest";
import { CASE_KINDS, type CaseKind } from "../src/case-kinds.js";
import { DEFECT_NAMES, type DefectName } from "../src/checks/index.js";
import { VERIFY_REPORT_SCHEMA } from "../src/report-schema.js";
import type {
  CaseResult,
  OperationResult,
  VerifyReport,
  VerifySummary,
} from "../src/report-types.js";

type Fields<S> = S extends { readonly properties: infer P } ? keyof P : never;
type RequiredFields<S> = S extends { readonly required: readonly (infer R)[] } ? R : never;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type ItemsOf<S> = S extends { readonly items: infer I } ? I : never;

type ReportSchema = typeof VERIFY_REPORT_SCHEMA;
type SummarySchema = ReportSchema["properties"]["summary"];
type OperationSchema = ItemsOf<ReportSchema["properties"]["operations"]>;
type CaseSchema = ItemsOf<OperationSchema["properties"]["cases"]>;
type DefectSchema = ItemsOf<CaseSchema["properties"]["defects"]>;

describe("the report's JSON Schema and its types", () => {
  test("name the same fields, and the same required ones, in every object of the report", () => {
    expectTypeOf<Fields<ReportSchema>>().toEqualTypeOf<keyof VerifyReport>();
    expectTypeOf<RequiredFields<ReportSchema>>().toEqualTypeOf<RequiredKeys<VerifyReport>>();
    expectTypeOf<Fields<SummarySchema>>().toEqualTypeOf<keyof VerifySummary>();
    expectTypeOf<RequiredFields<SummarySchema>>().toEqualTypeOf<RequiredKeys<VerifySummary>>();
    expectTypeOf<Fields<OperationSchema>>().toEqualTypeOf<keyof OperationResult>();
    expectTypeOf<RequiredFields<OperationSchema>>().toEqualTypeOf<RequiredKeys<OperationResult>>();
    expectTypeOf<Fields<CaseSchema>>().toEqualTypeOf<keyof CaseResult>();
    expectTypeOf<RequiredFields<CaseSchema>>().toEqualTypeOf<RequiredKeys<CaseResult>>();
    // A defect is the spec model's Issue whose `check` verify always sets and whose `source` it never does.
    expectTypeOf<Fields<DefectSchema>>().toEqualTypeOf<
      Exclude<keyof Issue<DefectName>, "source">
    >();
    expectTypeOf<RequiredFields<DefectSchema>>().toEqualTypeOf<
      RequiredKeys<Issue<DefectName>> | "check"
    >();
  });

  test("take the defect names from the checks and the kinds of case from their list", () => {
    expectTypeOf<CaseSchema["properties"]["kind"]["enum"][number]>().toEqualTypeOf<CaseKind>();
    expectTypeOf<DefectSchema["properties"]["check"]["enum"][number]>().toEqualTypeOf<DefectName>();
    const caseSchema = VERIFY_REPORT_SCHEMA.properties.operations.items.properties.cases.items;
    expect(caseSchema.properties.kind.enum).toEqual(CASE_KINDS);
    expect(caseSchema.properties.defects.items.properties.check.enum).toEqual(DEFECT_NAMES);
    expect(new Set(DEFECT_NAMES).size).toBe(DEFECT_NAMES.length);
  });
});
