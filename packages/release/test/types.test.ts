// The types of the release tooling's public surface.
import { describe, expectTypeOf, test } from "vitest";
import type {
  Finding,
  FindingSource,
  PendingChangeset,
  SpecDiffOptions,
  SpecDiffReport,
} from "../src/index.js";
import { breakingChanges, gate, modelBreakingChanges, specDiff } from "../src/index.js";

describe("types", () => {
  test("a finding is an Issue naming its source, rule (check), place (path) and message", () => {
    expectTypeOf<FindingSource>().toEqualTypeOf<"optic" | "spec-model">();
    expectTypeOf<Finding>().toEqualTypeOf<{
      readonly source: FindingSource;
      readonly check: string;
      readonly path: string;
      readonly message: string;
      readonly keyword?: string;
    }>();
    // @ts-expect-error: a finding from an unknown tool is not a Finding
    const unknownSource: Finding = { source: "oasdiff", check: "r", path: "w", message: "m" };
    void unknownSource;
  });

  test("the gate takes findings and changesets and reports", () => {
    expectTypeOf(gate).parameters.toEqualTypeOf<
      [readonly Finding[], readonly PendingChangeset[], (string | undefined)?]
    >();
    expectTypeOf(gate).returns.toEqualTypeOf<SpecDiffReport>();
    expectTypeOf(specDiff).parameter(0).toEqualTypeOf<SpecDiffOptions>();
    expectTypeOf(specDiff).returns.resolves.toEqualTypeOf<SpecDiffReport>();
    expectTypeOf(breakingChanges).returns.resolves.toEqualTypeOf<Finding[]>();
    expectTypeOf(modelBreakingChanges).returns.toEqualTypeOf<Finding[]>();
  });

  test("spec-diff options need both specs and the changeset folder", () => {
    // @ts-expect-error: the changeset folder is required
    const missing: SpecDiffOptions = { basePath: "a.json", headPath: "b.json" };
    void missing;
  });
});
