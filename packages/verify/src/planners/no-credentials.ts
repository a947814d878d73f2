// Kind `no-credentials`: the first example without the credentials the operation's `security` asks for.
import type { ExampleBody } from "../valid-requests.js";
import type { Planner } from "./planner.js";

/** One request without credentials, for an operation that asks for some. */
export const planNoCredentials: Planner = ({ operation, draft }) => ({
  cases:
    operation.security.length > 0
      ? [
          {
            name: "no credentials",
            request: draft.request(draft.base, draft.examples[0] as ExampleBody, false),
          },
        ]
      : [],
  discarded: 0,
});
