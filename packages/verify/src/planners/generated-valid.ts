// Kind `generated-valid`: valid requests generated from the schemas (parameters and body, fast-check, seeded).
import type { Planner } from "./planner.js";
import { withNextPage } from "./planner.js";

/** `runs` generated valid requests. */
export const planGeneratedValid: Planner = ({ draft, runs }) => {
  const generated = draft.generatedRequests(runs);
  return {
    cases: generated.requests.map(({ name, request, nextPage }) => ({
      name,
      request,
      ...withNextPage(nextPage),
    })),
    discarded: generated.discarded,
  };
};
