// Judges one exchange: the spec model's independent check of the answer (checkResponse: documented status,
// media type, body schema, declared headers, x-invariants), no body where the status allows none (204, 205, a
// HEAD), what the kind of request requires of the status, and transport failures. Every finding is an `Issue`
// of the spec model whose `check` names the defect.
import {
  type ConformanceCheck,
  checkResponse,
  type Issue,
  type SpecAjv,
} from "@merchant-payments/spec";
import type { Exchange } from "./exchange.js";
import type { VerifyCase } from "./plan.js";

/** The names verify gives defects; the JSON and JUnit reports and the console use them. */
export type DefectName =
  | "timeout"
  | "reset"
  | "truncated-body"
  | "response-too-large"
  | "corrupt-coding"
  | "connection-refused"
  | "connection-failed"
  | "undocumented-status"
  | "wrong-media-type"
  | "missing-header"
  | "invalid-header"
  | "invalid-json"
  | "wrong-type"
  | "missing-field"
  | "schema-violation"
  | "broken-invariant"
  | "rejected-valid-request"
  | "accepted-invalid-request"
  | "server-error"
  | "malformed-json-not-400"
  | "missing-credentials-not-401"
  | "body-not-empty"
  | "broken-pagination";

/** A defect: the spec model's `Issue` at `path`, its `check` the defect's name (always set). */
export function defect(check: DefectName, message: string, path = ""): Issue<DefectName> {
  return { check, path, message };
}

/** The name of a defect: its `check`, which every defect verify makes has (a missing one is a bug, thrown). */
export function defectName(issue: Issue<DefectName>): DefectName {
  if (issue.check === undefined) throw new Error(`a defect without its name: ${issue.message}`);
  return issue.check;
}

/** The defect's name of a conformance issue; `checkResponse` names the check of every issue it reports. */
function nameOf(issue: Issue<ConformanceCheck>, hasContentType: boolean): DefectName {
  switch (issue.check) {
    case "status":
      return "undocumented-status";
    case "media-type":
      return hasContentType ? "wrong-media-type" : "missing-header";
    case "body":
      return "invalid-json";
    case "header":
      return /is missing/.test(issue.message) ? "missing-header" : "invalid-header";
    case "invariant":
      return "broken-invariant";
    case "schema":
      if (issue.keyword === "type") return "wrong-type";
      if (issue.keyword === "required") return "missing-field";
      return "schema-violation";
    case undefined:
      throw new Error(`checkResponse reported an issue without its check: ${issue.message}`);
  }
}

/** What the kind of request requires of a documented status. */
function statusDefects(verifyCase: VerifyCase, status: number): Issue<DefectName>[] {
  const one = (name: DefectName, message: string): Issue<DefectName>[] => [defect(name, message)];
  switch (verifyCase.kind) {
    case "example":
    case "generated-valid":
    case "next-page":
      if (status >= 500) return one("server-error", `a valid request was answered ${status}`);
      if (status === 400 || status === 422)
        return one(
          "rejected-valid-request",
          `a request valid against the spec was rejected with ${status}`,
        );
      return [];
    case "generated-invalid":
    case "invalid-parameter":
      if (status >= 500) return one("server-error", `an invalid request was answered ${status}`);
      if (status < 400)
        return one(
          "accepted-invalid-request",
          `a request with ${verifyCase.description ?? "a broken constraint"} was answered ${status}`,
        );
      return [];
    case "malformed-json":
      return status === 400
        ? []
        : one("malformed-json-not-400", `malformed JSON was answered ${status}, not 400`);
    case "no-credentials":
      return status === 401
        ? []
        : one(
            "missing-credentials-not-401",
            `a request without the credentials its security asks for was answered ${status}, not 401`,
          );
  }
}

/** Ajv's "must be integer" with its article ("must be an integer"; "must be integer,string": "an integer or a string"). */
export function typeMessage(message: string): string {
  const match = /^must be ([a-z]+(?:,[a-z]+)*)$/.exec(message);
  if (!match?.[1]) return message;
  const named = match[1].split(",").map((type) => `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`);
  return `must be ${named.join(" or ")}`;
}

/** Statuses whose answer has no body (RFC 9110: 204 No Content, 205 Reset Content). */
const NO_CONTENT = new Set([204, 205]);

/** A body, a Content-Length above 0 or a chunked coding on an answer that must have none. */
function bodyWhereNone(
  verifyCase: VerifyCase,
  received: Extract<Exchange, { kind: "answer" }>,
): Issue<DefectName>[] {
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
}

/** Every defect of one exchange; empty when the answer passes every check. */
export function judge(
  ajv: SpecAjv,
  verifyCase: VerifyCase,
  received: Exchange,
): Issue<DefectName>[] {
  if (received.kind === "transport") {
    // A 204 or 205 that announced a body (a length, a chunk) reads as cut short: it is a body where none may be.
    if (received.failure === "truncated-body" && NO_CONTENT.has(received.status ?? 0)) {
      return [
        defect(
          "body-not-empty",
          `status ${received.status} must have no body, but announced one (${received.message})`,
        ),
      ];
    }
    return [defect(received.failure, received.message)];
  }
  // A HEAD answer has the headers of a GET and no body: its body checks do not apply.
  const head = verifyCase.request.method === "HEAD";
  const conformance = checkResponse(ajv, verifyCase.operation, received);
  const hasContentType = received.headers["content-type"] !== undefined;
  const defects: Issue<DefectName>[] = conformance.issues
    .filter((issue) => !head || issue.check === "status" || issue.check === "header")
    .map((issue) => ({
      check: nameOf(issue, hasContentType),
      path: issue.path,
      message:
        issue.check === "media-type" && !hasContentType
          ? `header Content-Type is missing (${issue.message})`
          : issue.keyword === "type"
            ? typeMessage(issue.message)
            : issue.message,
      ...(issue.keyword === undefined ? {} : { keyword: issue.keyword }),
    }));
  defects.push(...bodyWhereNone(verifyCase, received));
  if (!conformance.issues.some((i) => i.check === "status")) {
    defects.push(...statusDefects(verifyCase, received.status));
  }
  return defects;
}
