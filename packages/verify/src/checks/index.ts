// The registry of verify's checks, in the order the report lists them: a new check is one module in this folder
// and one entry here. The defect names (`DefectName`, `DEFECT_NAMES`), `CHECKS`, the body defects and the reading of
// the spec model's conformance issues derive from it.
import type { ConformanceCheck, Issue } from "@merchant-payments/spec";
import { bodySchemaCheck } from "./body-schema.js";
import type { Judged, VerifyCheck } from "./check.js";
import { documentedStatusCheck } from "./documented-status.js";
import { expectedStatusCheck } from "./expected-status.js";
import { headersCheck } from "./headers.js";
import { invariantsCheck } from "./invariants.js";
import { mediaTypeCheck } from "./media-type.js";
import { noBodyCheck } from "./no-body.js";
import { paginationCheck } from "./pagination.js";
import { transportCheck } from "./transport.js";

export { defect, type Judged } from "./check.js";

/** Every check of every answer, in the order the report lists them. */
const VERIFY_CHECKS = [
  transportCheck,
  documentedStatusCheck,
  mediaTypeCheck,
  bodySchemaCheck,
  headersCheck,
  invariantsCheck,
  noBodyCheck,
  paginationCheck,
  expectedStatusCheck,
] as const;

/** The names verify gives defects; the JSON and JUnit reports and the console use them. */
export type DefectName = (typeof VERIFY_CHECKS)[number]["defects"][number];

/** Every defect name, each once, in the order of the checks. */
export const DEFECT_NAMES: readonly DefectName[] = [
  ...new Set<DefectName>(VERIFY_CHECKS.flatMap((check) => check.defects)),
];

/** The checks applied to every answer, by title, in the order the report lists them. */
export const CHECKS = VERIFY_CHECKS.map((check) => check.title);

/** Defects about the answer's body: an empty path there means the whole body. */
export const BODY_DEFECTS: ReadonlySet<DefectName> = new Set(
  VERIFY_CHECKS.flatMap((check) => (check as VerifyCheck<DefectName>).bodyDefects ?? []),
);

/** The check that names the spec model's issues of each conformance check. */
const BY_CONFORMANCE = new Map<ConformanceCheck, VerifyCheck<DefectName>>(
  VERIFY_CHECKS.flatMap((check: VerifyCheck<DefectName>) =>
    (check.conformance ?? []).map((name) => [name, check] as const),
  ),
);

/** The defect of one of `checkResponse`'s issues, by the check that reads its kind. */
export function conformanceDefect(
  issue: Issue<ConformanceCheck>,
  judged: Judged,
): Issue<DefectName> {
  const check = issue.check === undefined ? undefined : BY_CONFORMANCE.get(issue.check);
  if (check?.fromConformance === undefined)
    throw new Error(`no check names the conformance issue ${issue.check}: ${issue.message}`);
  return check.fromConformance(issue, judged);
}

/** The defects every check finds itself in a judged exchange, in the order of the checks. */
export function foundDefects(judged: Judged): Issue<DefectName>[] {
  return VERIFY_CHECKS.flatMap((check: VerifyCheck<DefectName>) => check.find?.(judged) ?? []);
}
