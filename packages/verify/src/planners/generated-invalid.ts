// Kind `generated-invalid`: bodies with exactly one constraint broken, and a request without its required body.

import { invalidArbitrary } from "@merchant-payments/kit";
import fc from "fast-check";
import { bodyKind } from "../bodies.js";
import { bodyValid } from "../valid-requests.js";
import type { PlannedCase, Planner } from "./planner.js";

/**
 * `runs` bodies with one constraint broken (binary bodies have none to break but their presence), each the validator
 * finds invalid; and, for a required body that is not JSON, the request without it.
 */
export const planGeneratedInvalid: Planner = ({ document, ajv, operation, draft, seed, runs }) => {
  const { media, base, request } = draft;
  const cases: PlannedCase[] = [];
  let discarded = 0;
  if (media && bodyKind(media.mediaType) !== "binary") {
    const invalid = fc.sample(invalidArbitrary(document as Record<string, unknown>, media.schema), {
      seed: seed + 2,
      numRuns: runs,
    });
    invalid.forEach(({ description, value }, i) => {
      if (bodyValid(document, ajv, media, value)) discarded++;
      else
        cases.push({
          name: `generated-invalid #${i}`,
          request: request(base, { name: "", media, value }),
          description,
        });
    });
  }
  if (media && operation.requestBodyRequired && bodyKind(media.mediaType) !== "json") {
    cases.push({
      name: "without its required body",
      request: request(base, undefined),
      description: `no ${media.mediaType} body, which is required`,
    });
  }
  return { cases, discarded };
};
