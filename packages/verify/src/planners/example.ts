// Kind `example`: every named request example of the operation, its parameters from their examples.
import type { Planner } from "./planner.js";
import { withNextPage } from "./planner.js";

/** One request per example. */
export const planExamples: Planner = ({ draft }) => ({
  cases: draft
    .exampleRequests()
    .map(({ name, request, nextPage }) => ({ name, request, ...withNextPage(nextPage) })),
  discarded: 0,
});
