// The types of the release tooling's public surface.
import { describe, expectTypeOf, test } from "vitest";
import type {
  BreakingChange,
  OpticRule,
  PendingChangeset,
  SpecDiffOptions,
  SpecDiffReport,
  SpecModelRule,
} from "../src/index.js";
import {
  breakingChanges,
  formatBreakingChange,
  gate,
  modelBreakingChanges,
  operationBreakingChanges,
  specDiff,
} from "../src/index.js";

describe("types", () => {
  test("a breaking change names its source, its rule, its place (path) and its message", () => {
    expectTypeOf<BreakingChange>().toEqualTypeOf<
      | {
          readonly source: "optic";
          readonly rule: OpticRule;
          readonly path: string;
          readonly message: string;
        }
      | {
          readonly source: "spec-model";
          readonly rule: SpecModelRule;
          readonly path: string;
          readonly message: string;
        }
    >();
    expectTypeOf<SpecDiffReport["breaking"]>().toEqualTypeOf<readonly BreakingChange[]>();
    expectTypeOf(formatBreakingChange).parameters.toEqualTypeOf<[BreakingChange]>();
    expectTypeOf(formatBreakingChange).returns.toEqualTypeOf<string>();
    // @ts-expect-error: a breaking change without its place in the spec is not one
    const placeless: BreakingChange = {
      source: "optic",
      rule: "prevent operation removal",
      message: "m",
    };
    void placeless;
    // @ts-expect-error: a rule is one of the rules the gate knows
    const unknown: BreakingChange = { source: "spec-model", rule: "r", path: "p", message: "m" };
    void unknown;
  });

  test("the gate takes breaking changes and changesets and reports", () => {
    expectTypeOf(gate).parameters.toEqualTypeOf<
      [readonly BreakingChange[], readonly PendingChangeset[], (string | undefined)?]
    >();
    expectTypeOf(gate).returns.toEqualTypeOf<SpecDiffReport>();
    expectTypeOf(specDiff).parameter(0).toEqualTypeOf<SpecDiffOptions>();
    expectTypeOf(specDiff).returns.resolves.toEqualTypeOf<SpecDiffReport>();
    expectTypeOf(breakingChanges).returns.resolves.toEqualTypeOf<BreakingChange[]>();
    type SpecModelChange = Extract<BreakingChange, { source: "spec-model" }>;
    expectTypeOf(modelBreakingChanges).returns.toEqualTypeOf<SpecModelChange[]>();
    expectTypeOf(operationBreakingChanges).returns.toEqualTypeOf<SpecModelChange[]>();
  });

  test("spec-diff options need both specs and the changeset folder", () => {
    // @ts-expect-error: the changeset folder is required
    const missing: SpecDiffOptions = { basePath: "a.json", headPath: "b.json" };
    void missing;
  });
});
