// The registry of planners: one per kind of request verify plans up front, in the order their cases are sent. A
// kind of request is its name in CASE_KINDS (../case-kinds.ts), its planner here and what it requires of the status
// (../checks/expected-status.ts); the type checker asks for each.
import type { CaseKind } from "../case-kinds.js";
import { planExamples } from "./example.js";
import { planGeneratedInvalid } from "./generated-invalid.js";
import { planGeneratedValid } from "./generated-valid.js";
import { planInvalidParameters } from "./invalid-parameter.js";
import { planMalformedJson } from "./malformed-json.js";
import { planNoCredentials } from "./no-credentials.js";
import type { Planner } from "./planner.js";

export type { PlannedCase, Planner } from "./planner.js";

/** The kinds planned up front: all but `next-page`, which run.ts makes while it follows pages. */
export type PlannedKind = Exclude<CaseKind, "next-page">;

/** The planner of each kind planned up front, in the order their cases are sent. */
export const PLANNERS: { readonly [K in PlannedKind]: Planner } = {
  example: planExamples,
  "generated-valid": planGeneratedValid,
  "generated-invalid": planGeneratedInvalid,
  "invalid-parameter": planInvalidParameters,
  "malformed-json": planMalformedJson,
  "no-credentials": planNoCredentials,
};
