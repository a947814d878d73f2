// Judges one exchange by every check of the registry (checks/): the spec model's independent check of the answer
// (checkResponse: documented status, media type, body schema, declared headers, x-invariants) named by the check
// that reads each kind of issue, then what each check finds itself (transport failures, no body where the status
// allows none, x-pagination, the status the kind of request calls for). Every finding is an `Issue` of the spec
// model whose `check` names the defect.
import { checkResponse, type Issue, type SpecAjv } from "@merchant-payments/spec";
import { BODY_DEFECTS, conformanceDefect, type DefectName, foundDefects } from "./checks/index.js";
import type { ExchangeOutcome } from "./exchange.js";
import type { VerifyCase } from "./plan.js";

export { typeMessage } from "./checks/body-schema.js";
export { type DefectName, defect } from "./checks/index.js";

/** The name of a defect: its `check`, which every defect verify makes has (a missing one is a bug, thrown). */
export function defectName(issue: Issue<DefectName>): DefectName {
  if (issue.check === undefined) throw new Error(`a defect without its name: ${issue.message}`);
  return issue.check;
}

/** Where a defect is, for a reader: " at /path", " at (body)" for the body's root, "" when it has no place. */
export function defectPlace(defect: Issue<DefectName>): string {
  if (defect.path) return ` at ${defect.path}`;
  return BODY_DEFECTS.has(defectName(defect)) ? " at (body)" : "";
}

/** Every defect of one exchange, in the order of the checks; empty when the answer passes every check. */
export function judge(
  ajv: SpecAjv,
  verifyCase: VerifyCase,
  received: ExchangeOutcome,
): Issue<DefectName>[] {
  const conformance =
    received.kind === "answer" ? checkResponse(ajv, verifyCase.operation, received).issues : [];
  const judged = { verifyCase, received, conformance };
  // A HEAD answer has the headers of a GET and no body: its body checks do not apply.
  const head = verifyCase.request.method === "HEAD";
  return [
    ...conformance
      .filter((issue) => !head || issue.check === "status" || issue.check === "header")
      .map((issue) => conformanceDefect(issue, judged)),
    ...foundDefects(judged),
  ];
}
