// The request's issues (the spec model's `Issue`) in words and on the wire: where an issue is (the body at a JSON
// Pointer, or a parameter by its place and name) and the `errors` member of the documented 422.
import {
  type ConformanceCheck,
  formatIssues,
  type Issue,
  type OperationSpec,
  type ParameterLocation,
  parsePointer,
} from "@merchant-payments/spec/model";

/** Where in a request an issue is (its `check`): a parameter's place, the body, or the credentials. */
export type RequestPart = ParameterLocation | "body" | "credentials";

/** An issue these functions describe: a request's (by its part), or an answer's (by the conformance check). */
type DescribedIssue = Issue<RequestPart | ConformanceCheck>;

/** The places a parameter can be in (OpenAPI `in`). */
const PARAMETER_PLACES: ReadonlySet<string | undefined> = new Set<ParameterLocation>([
  "path",
  "query",
  "header",
  "cookie",
]);

/** Checks whose `path` is a JSON Pointer into a body (the request's, or the answer's for the conformance checks). */
const BODY_CHECKS: ReadonlySet<string | undefined> = new Set<DescribedIssue["check"]>([
  undefined,
  "body",
  "schema",
  "invariant",
]);

/** True for a parameter's place (`path`, `query`, `header`, `cookie`): issues there name the parameter first. */
export function isParameterPlace(part: string | undefined): part is ParameterLocation {
  return PARAMETER_PLACES.has(part);
}

/** True when the issue is about a parameter (its `path` is then the parameter's name, then a pointer inside it). */
export function isParameterIssue(
  issue: DescribedIssue,
): issue is Issue<ParameterLocation> & { readonly check: ParameterLocation } {
  return isParameterPlace(issue.check);
}

/** An issue of the body at `path` (a JSON Pointer, `""` for the whole body). */
export function bodyIssue(path: string, message: string, keyword?: string): Issue<RequestPart> {
  return { check: "body", path, message, ...(keyword ? { keyword } : {}) };
}

/** The issue of a request without the body the operation requires, if so. */
export function missingBodyIssues(op: OperationSpec, hasBody: boolean): Issue<RequestPart>[] {
  return op.requestBodyRequired && !hasBody
    ? [bodyIssue("", "must have a body (the operation requires one)", "required")]
    : [];
}

/**
 * Where an issue is, as the 422's `errors` member and its detail name it: the body's JSON Pointer
 * (`/transactions/3/transactionAmount`), or the place and name of a parameter (`query merchantAccountNumber`,
 * `header MerchantAccountNumber`, `path transactionReference`).
 */
function issueLocation(issue: DescribedIssue): string {
  return isParameterIssue(issue) ? `${issue.check} ${issue.path}` : issue.path;
}

/**
 * A request issue in words, as Prism's violation messages say it (the mock hands them to Prism's mocker):
 * `Request body property merchantAccountNumber must be >= 10000000`, `Request query parameter limit …`, `Request
 * header MerchantAccountNumber …`. An issue of another check (credentials …) is its message.
 */
export function describeIssue(issue: Issue<RequestPart>): string {
  if (issue.check === "header") return `Request header ${issue.path} ${issue.message}`;
  if (isParameterIssue(issue))
    return `Request ${issue.check} parameter ${issue.path} ${issue.message}`;
  if (!BODY_CHECKS.has(issue.check)) return issue.message;
  const field = parsePointer(issue.path).join(".");
  return field
    ? `Request body property ${field} ${issue.message}`
    : `Request body ${issue.message}`;
}

/**
 * The issues as one sentence: the spec model's `formatIssues` (the first five, then "and N more"), each issue by
 * its location: a body's JSON Pointer (`(body)` for the whole), a parameter's place and name, else `[check]`
 * (`[status] status 418 is not documented …`).
 */
export function describeIssues(issues: readonly DescribedIssue[]): string {
  return formatIssues(
    issues.map((issue) => ({
      message: issue.message,
      path:
        isParameterIssue(issue) || BODY_CHECKS.has(issue.check)
          ? issueLocation(issue)
          : `[${issue.check}]`,
    })),
  );
}

/** One entry of a problem's `errors` member (RFC 9457): where, and what is wrong. */
export interface ProblemError {
  /** A JSON Pointer into the body, or `<place> <name>` of a parameter. */
  readonly pointer: string;
  /** What is wrong, e.g. `must be <= 99999999`. */
  readonly detail: string;
}

/** The issues as a problem's `errors` member: at most `max` (default 100). */
export function problemErrors(issues: readonly Issue<RequestPart>[], max = 100): ProblemError[] {
  return issues.slice(0, max).map((issue) => ({
    pointer: issueLocation(issue),
    detail: issue.message,
  }));
}
