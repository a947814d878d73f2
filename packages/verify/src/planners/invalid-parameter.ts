// Kind `invalid-parameter`: each parameter broken alone (missing, out of bounds, outside the enum, wrong type), the
// others from their examples.

import { mutationsOf, validArbitrary } from "@merchant-payments/kit";
import { isObject, type ParameterSpec } from "@merchant-payments/spec/model";
import { styleOf } from "@merchant-payments/spec/wire";
import fc from "fast-check";
import type { ParameterValues } from "../parameters.js";
import { parametersValid, sendable } from "../valid-requests.js";
import type { PlannedCase, Planner, PlanningInput } from "./planner.js";

/** One way to break a parameter: what was broken, and the parameter values with it broken. */
interface Broken {
  readonly description: string;
  readonly values: ParameterValues;
}

/**
 * The ways to break `p` alone: missing (when required) first, then what its schema states (bounds, enum, pattern,
 * length, format), then wrong types.
 */
function brokenValues(input: PlanningInput, p: ParameterSpec): Broken[] {
  const { document, draft, seed } = input;
  const doc = document as Record<string, unknown>;
  const base = draft.base;
  const [sampled] = fc.sample(validArbitrary(doc, p.schema), { seed: seed + 3, numRuns: 1 });
  const value = base[p.name] ?? sampled;
  const mutations = mutationsOf(doc, p.schema, value);
  const broken: Broken[] = [];
  if (p.required && p.in !== "path") {
    const { [p.name]: _, ...rest } = base;
    broken.push({
      description: `${p.in} parameter ${p.name}: missing, which is required`,
      values: rest,
    });
  }
  // An object only keeps its shape on the wire as a deepObject: elsewhere its keys become other parameters
  // (form, exploded) or items of a list, so what the server reads is no longer one broken value.
  const expressible = mutations.filter((m) => styleOf(p).keepsObjects || !isObject(m.value));
  for (const m of [
    ...expressible.filter((m) => !m.description.endsWith(" instead")),
    ...expressible.filter((m) => m.description.endsWith(" instead")),
  ]) {
    broken.push({
      description: `${p.in} parameter ${p.name}: ${m.description.replace(/^\(body\)(: )?/, "")}`,
      values: { ...base, [p.name]: m.value },
    });
  }
  return broken;
}

/** Up to `runs` requests per parameter, each with that parameter broken one way the validator refuses. */
export const planInvalidParameters: Planner = (input) => {
  const { document, ajv, operation, draft, runs } = input;
  const cases: PlannedCase[] = [];
  for (const p of draft.parameters) {
    let n = 0;
    for (const b of brokenValues(input, p)) {
      if (n >= runs) break;
      // A value the wire cannot carry broken (an integer for a string: "7") is not sent, nor counted.
      if (!sendable(operation, b.values) || parametersValid(document, ajv, [p], b.values)) continue;
      n++;
      cases.push({
        name: `invalid ${b.description}`,
        request: draft.request(b.values, draft.examples[0]),
        description: b.description,
      });
    }
  }
  return { cases, discarded: 0 };
};
