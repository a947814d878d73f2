// The types of the release tooling's public surface.
import type { Issue } from "@merchant-payments/spec/model";
import { describe, expectTypeOf, test } from "vitest";
import type { PendingChangeset, SpecDiffOptions, SpecDiffReport } from "../src/index.js";
import {
  breakingChanges,
  formatBreakingChange,
  gate,
  modelBreakingChanges,
  operationBreakingChanges,
  specDiff,
} from "../src/index.js";

describe("types", () => {
  test("a breaking change is the spec model's Issue: source, rule (check), place (path) and message", () => {
    expectTypeOf<Issue>().toEqualTypeOf<{
      readonly path: string;
      readonly message: string;
      readonly keyword?: string;
      readonly check?: string;
      readonly source?: string;
    }>();
    expectTypeOf<SpecDiffReport["breaking"]>().toEqualTypeOf<readonly Issue[]>();
    expectTypeOf(formatBreakingChange).parameters.toEqualTypeOf<[Issue]>();
    expectTypeOf(formatBreakingChange).returns.toEqualTypeOf<string>();
    // @ts-expect-error: a breaking change without its place in the spec is not an Issue
    const placeless: Issue = { source: "optic", check: "r", message: "m" };
    void placeless;
  });

  test("the gate takes breaking changes and changesets and reports", () => {
    expectTypeOf(gate).parameters.toEqualTypeOf<
      [readonly Issue[], readonly PendingChangeset[], (string | undefined)?]
    >();
    expectTypeOf(gate).returns.toEqualTypeOf<SpecDiffReport>();
    expectTypeOf(specDiff).parameter(0).toEqualTypeOf<SpecDiffOptions>();
    expectTypeOf(specDiff).returns.resolves.toEqualTypeOf<SpecDiffReport>();
    expectTypeOf(breakingChanges).returns.resolves.toEqualTypeOf<Issue[]>();
    expectTypeOf(modelBreakingChanges).returns.toEqualTypeOf<Issue[]>();
    expectTypeOf(operationBreakingChanges).returns.toEqualTypeOf<Issue[]>();
  });

  test("spec-diff options need both specs and the changeset folder", () => {
    // @ts-expect-error: the changeset folder is required
    const missing: SpecDiffOptions = { basePath: "a.json", headPath: "b.json" };
    void missing;
  });
});
