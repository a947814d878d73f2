// Which status the mock answers a refusal with: the one the refusal calls for (415, 406, 401) when the operation
// documents it, else the documented 4xx that stands for "this request is wrong" (its 400, else its 422). The rule
// the proxy applies to a real server (only documented statuses) holds for the mock's own answers too.
import { statusMatch } from "@merchant-payments/spec/model";

/** What the rule reads of an operation: the status keys of its responses (`200`, `4XX`, `default`). */
export interface DocumentedResponses {
  /** Its documented responses (the spec model's `ResponseSpec`s will do). */
  readonly responses: readonly { readonly status: string }[];
}

/** The statuses a refusal falls back to, in order, when the operation does not document the one it calls for. */
const FALLBACK_STATUSES: readonly number[] = [400, 422];

/** True when `op` documents `status`: an exact key, its `4XX`-style range, or `default`. */
export function documents(op: DocumentedResponses, status: number): boolean {
  return op.responses.some(
    (r) => statusMatch(r.status, status) !== undefined || r.status === "default",
  );
}

/**
 * The status to answer a refusal that calls for `wanted` with: `wanted` when `op` documents it (or no operation is
 * known), else the operation's first documented fallback (400, else 422), else `wanted`: the operation documents no
 * refusal the mock could answer instead (a document of another API may list only its 2xx), and the refusal's own
 * status says best what is wrong (the problem's detail says that the document does not list it).
 */
export function documentedStatus(op: DocumentedResponses | undefined, wanted: number): number {
  if (!op || documents(op, wanted)) return wanted;
  return FALLBACK_STATUSES.find((status) => documents(op, status)) ?? wanted;
}
