// Redocly Respect's own limits on our specs (respect.test.ts), each keyed by the shape of operation that causes it,
// so that an operation of that shape added to the spec (by anyone, under any name) is expected to fail the same way.
import type { MediaSpec, OperationSpec } from "@merchant-payments/spec/model";
import type { PeerLimit } from "./peer-contracts.js";
import { resolvedSchema } from "./shapes.js";

/** The workflow `generate-arazzo` writes for `op`: its method and path, `/` as `-` (`get-analytics-volumes-workflow`). */
export function respectWorkflowId(op: Pick<OperationSpec, "method" | "path">): string {
  return `${op.method.toLowerCase()}${op.path.replaceAll("/", "-")}-workflow`;
}

/** Whether a media type's schema of `op` is binary: a string of `format: binary` or of a non-text, non-JSON media type. */
function isBinaryMedia(op: OperationSpec, media: MediaSpec): boolean {
  const schema = (resolvedSchema(op, media.schema) ?? {}) as { type?: unknown; format?: unknown };
  const structured = /json|xml|^text\/|form-urlencoded|multipart/i.test(media.mediaType);
  return schema.type === "string" && (schema.format === "binary" || !structured);
}

/**
 * Respect's own limits, each on every operation of a shape (whatever it is named: a new operation of that shape
 * is expected to fail the same way): the checks it fails, why, and its issue.
 */
export const RESPECT_LIMITS: readonly PeerLimit[] = [
  {
    shape: "more than one security requirement (alternatives, any one of which suffices)",
    applies: (op) => op.security.length > 1,
    checks: (op) => [`${respectWorkflowId(op)} :: unexpected error`],
    reason:
      "generate-arazzo declares the workflow's inputs of the first requirement only, yet lists every alternative under `x-security`; Respect then asks for the values of each and stops before sending (`Missing required value `username` for basic security scheme`)",
  },
  {
    shape: "a 2xx answer with a binary body (`type: string`, a non-text media type)",
    applies: (op) =>
      op.responses.some(
        (r) =>
          /^2/.test(r.status) &&
          r.content.length > 0 &&
          r.content.every((media) => isBinaryMedia(op, media)),
      ),
    checks: (op) => [`${respectWorkflowId(op)} :: schema check`],
    reason:
      "Respect reads a binary answer (e.g. the receipt's application/pdf, a valid one-page PDF) as the object {}, then checks it against `type: string`",
  },
  {
    shape: "a required query parameter of style deepObject",
    applies: (op) =>
      op.parameters.some((p) => p.in === "query" && p.style === "deepObject" && p.required),
    checks: (op) => [
      `${respectWorkflowId(op)} :: success criteria check`,
      `${respectWorkflowId(op)} :: schema check`,
    ],
    reason:
      "Respect sends a deepObject query parameter (e.g. `period`) as `period=[object Object]` instead of `period[from]=…&period[to]=…`: the mock answers the documented 422; its problem's `errors` member is then refused because Respect validates objects as closed (`unevaluatedProperties: false` by default), where the spec's Problem leaves them open",
    issue: "https://github.com/Redocly/redocly-cli/issues/2229",
  },
  {
    shape: "a required multipart/form-data request body",
    applies: (op) =>
      op.requestBodyRequired && op.requestBodies.some((m) => m.mediaType === "multipart/form-data"),
    checks: (op) => [`${respectWorkflowId(op)} :: success criteria check`],
    reason:
      "Respect sends the multipart/form-data example as `Content-Type: multipart/form-data` with no boundary and the example object as the body (its JSON part as `[object Object]`): no multipart body can be read from it, so the mock answers 415 where 201 is expected",
    issue: "https://github.com/Redocly/redocly-cli/issues/2229",
  },
];
