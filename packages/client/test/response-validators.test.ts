// The generated answer validators agree with the spec model's Ajv on every 2xx example of the spec and on simple
// damages of each (a field removed, set to null, to a string, to a number), operation by operation.

import { createAjv, operations } from "@merchant-payments/spec/model";
import { describe, expect, test } from "vitest";
import { createResponseValidators } from "../src/generated/response-validators.js";
import { formatTests, sharedWithAnswers } from "../src/generated/validators.js";
import { spec } from "./helpers/fixtures.js";
import { jsonSuccessMedia } from "./helpers/operation-shapes.js";

const responseValidators = createResponseValidators(formatTests, sharedWithAnswers);

const ajv = createAjv(spec);

/** The example and, for each top-level field of an object (or of a list's first item), four damaged copies. */
function variants(value: unknown): unknown[] {
  const out: unknown[] = [value];
  const damage = (
    target: Record<string, unknown>,
    wrap: (changed: Record<string, unknown>) => unknown,
  ) => {
    for (const key of Object.keys(target)) {
      const { [key]: _removed, ...without } = target;
      out.push(wrap(without));
      for (const replacement of [null, "1000.50", 7, "not a date"]) {
        out.push(wrap({ ...target, [key]: replacement }));
      }
    }
  };
  if (Array.isArray(value) && value[0] && typeof value[0] === "object") {
    damage(value[0] as Record<string, unknown>, (changed) => [changed, ...value.slice(1)]);
  } else if (value && typeof value === "object") {
    damage(value as Record<string, unknown>, (changed) => changed);
  }
  out.push(null, "text", []);
  return out;
}

describe("the generated answer validators agree with Ajv", () => {
  // Operations whose first 2xx answer is JSON (other answer kinds carry no validator of a JSON body).
  for (const op of operations(spec).filter((o) => jsonSuccessMedia(o) !== undefined)) {
    test(op.operationId, () => {
      const media = jsonSuccessMedia(op);
      expect(media?.examples.length, op.operationId).toBeGreaterThan(0);
      const validate = responseValidators[op.operationId as keyof typeof responseValidators];
      let invalid = 0;
      for (const example of media?.examples ?? []) {
        for (const value of variants(example.value)) {
          const issues: { path: string; message: string }[] = [];
          validate(value, issues);
          const ajvIssues = ajv.issuesAt(media?.schemaPointer ?? "", value);
          expect(issues.length === 0, JSON.stringify({ value, issues, ajvIssues })).toBe(
            ajvIssues.length === 0,
          );
          if (issues.length > 0) invalid++;
        }
      }
      expect(invalid).toBeGreaterThan(0);
    });
  }
});
