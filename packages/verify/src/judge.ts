// Judges one exchange: the spec model's independent check of the answer (checkResponse: documented status,
// media type, body schema, headers, x-invariants), what the kind of request requires of the status, and
// transport failures. Every finding is a failure, named after its defect.
import { type ConformanceIssue, checkResponse, type SpecAjv } from "@merchant-payments/spec";
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
  | "missing-credentials-not-401";

/** One finding about one answer. */
export interface Defect {
  /** The defect's name. */
  readonly name: DefectName;
  /** Where: a JSON Pointer in the body, a header name, or `""`. */
  readonly path: string;
  /** What is wrong, in words. */
  readonly message: string;
}

function nameOf(issue: ConformanceIssue, hasContentType: boolean): DefectName {
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
  }
}

/** What the kind of request requires of a documented status. */
function statusDefects(kase: VerifyCase, status: number): Defect[] {
  const defect = (name: DefectName, message: string): Defect[] => [{ name, path: "", message }];
  switch (kase.kind) {
    case "example":
    case "generated-valid":
      if (status >= 500) return defect("server-error", `a valid request was answered ${status}`);
      if (status === 400 || status === 422)
        return defect(
          "rejected-valid-request",
          `a request valid against the spec was rejected with ${status}`,
        );
      return [];
    case "generated-invalid":
      if (status >= 500) return defect("server-error", `an invalid request was answered ${status}`);
      if (status < 400)
        return defect(
          "accepted-invalid-request",
          `a request with ${kase.description ?? "a broken constraint"} was answered ${status}`,
        );
      return [];
    case "malformed-json":
      return status === 400
        ? []
        : defect("malformed-json-not-400", `malformed JSON was answered ${status}, not 400`);
    case "no-credentials":
      return status === 401
        ? []
        : defect(
            "missing-credentials-not-401",
            `a request without Authorization was answered ${status}, not 401`,
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

/** Every defect of one exchange; empty when the answer passes every check. */
export function judge(ajv: SpecAjv, kase: VerifyCase, received: Exchange): Defect[] {
  if (received.kind === "transport") {
    return [{ name: received.failure, path: "", message: received.message }];
  }
  const conformance = checkResponse(ajv, kase.operation, received);
  const hasContentType = received.headers["content-type"] !== undefined;
  const defects: Defect[] = conformance.issues.map((issue) => ({
    name: nameOf(issue, hasContentType),
    path: issue.path,
    message:
      issue.check === "media-type" && !hasContentType
        ? `header Content-Type is missing (${issue.message})`
        : issue.keyword === "type"
          ? typeMessage(issue.message)
          : issue.message,
  }));
  if (!conformance.issues.some((i) => i.check === "status")) {
    defects.push(...statusDefects(kase, received.status));
  }
  return defects;
}
