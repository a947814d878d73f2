// Stage 4, check body: the `body` checks, once the body was read and inspected.
import type { RequestCheck, RequestContext } from "../checks.js";
import type { StageResult } from "./stage.js";

/** Runs the `body` checks in order: the first refusal (the connection stays open), or the context. */
export function checkBody(
  context: RequestContext,
  checks: readonly RequestCheck[],
): StageResult<RequestContext> {
  for (const requestCheck of checks) {
    const refusal = requestCheck.check(context);
    if (refusal) return { refuse: refusal };
  }
  return { next: context };
}
