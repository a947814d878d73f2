// no body for 204, 205 and HEAD: an answer that must have no body has none (a HEAD's body checks do not apply).
import { defect, NO_CONTENT, type VerifyCheck } from "./check.js";

/** A body, a Content-Length above 0 or a chunked coding on a 204 or 205 (or one announced and cut short). */
export const noBodyCheck: VerifyCheck<"body-not-empty"> = {
  title: "no body for 204, 205 and HEAD",
  defects: ["body-not-empty"],
  find: ({ verifyCase, received }) => {
    if (received.kind === "transport") {
      // A 204 or 205 that announced a body (a length, a chunk) reads as cut short: it is a body where none may be.
      return received.failure === "truncated-body" && NO_CONTENT.has(received.status ?? 0)
        ? [
            defect(
              "body-not-empty",
              `status ${received.status} must have no body, but announced one (${received.message})`,
            ),
          ]
        : [];
    }
    if (!NO_CONTENT.has(received.status)) return [];
    const length = Number(received.headers["content-length"] ?? 0);
    const chunked = /chunked/i.test(received.headers["transfer-encoding"] ?? "");
    if (received.body.length === 0 && !(length > 0) && !chunked) return [];
    const what =
      received.body.length > 0
        ? `${received.body.length} bytes of body`
        : chunked
          ? "a chunked body"
          : `Content-Length ${length}`;
    return [
      defect(
        "body-not-empty",
        `status ${received.status} must have no body, got ${what} (${verifyCase.request.method})`,
      ),
    ];
  },
};
