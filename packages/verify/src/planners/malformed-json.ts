// Kind `malformed-json`: the first example's JSON body without its last character.
import { bodyKind } from "../bodies.js";
import type { ExampleBody } from "../valid-requests.js";
import type { Planner } from "./planner.js";

/** One request with malformed JSON, for an operation whose first example has a JSON body. */
export const planMalformedJson: Planner = ({ draft }) => {
  const first = draft.examples[0] as ExampleBody;
  if (!first.media || bodyKind(first.media.mediaType) !== "json")
    return { cases: [], discarded: 0 };
  const built = draft.request(draft.base, first);
  const text = JSON.stringify(first.value).slice(0, -1);
  return {
    cases: [
      {
        name: "malformed JSON",
        request: {
          ...built,
          body: { contentType: first.media.mediaType, body: text, text },
        },
        description: "the first example without its last character",
      },
    ],
    discarded: 0,
  };
};
