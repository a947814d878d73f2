// How the mock and the proxy report what is wrong with an exchange (`onViolations`, `violations`, the proxy's
// report): each issue on its side (`request`, `response`) and in a part of it (`query`, `body`, `schema`…), its
// `path` a JSON Pointer inside that part; and, where it is shown, the spec model's `Issue` whose `check` names
// both ("request query", "response body") and the one line that shows it.
import {
  type ConformanceCheck,
  type Direction,
  escapePointer,
  formatIssues,
  type Issue,
} from "@merchant-payments/spec/model";
import { isParameterPlace, type RequestPart } from "./request-issues.js";

/**
 * The part of a request a reported issue is in: a `RequestPart`, its `media-type` (Prism's 415), the `operation`
 * (none of the spec matches), or `refused` (the proxy refused it before it could judge its parts).
 */
export type RequestSidePart = RequestPart | "media-type" | "operation" | "refused";

/** The part of an answer a reported issue is in: a conformance check, or the upstream's `size`, `timeout`, `transport`. */
export type ResponseSidePart = ConformanceCheck | "size" | "timeout" | "transport";

/**
 * One issue of an exchange: its `side` and, in `check`, the part of that side; `proxy` (no side) when the proxy
 * itself failed. Shown as the spec model's `Issue` by `shownIssue`.
 */
export type ExchangeIssue =
  | (Issue<RequestSidePart> & { readonly check: RequestSidePart; readonly side: "request" })
  | (Issue<ResponseSidePart> & { readonly check: ResponseSidePart; readonly side: "response" })
  | (Issue<"proxy"> & { readonly check: "proxy"; readonly side?: undefined });

/** How a shown issue names its side and part (`check`): `request query`, `response schema`, or `proxy`. */
export type ReportedCheck = `request ${RequestSidePart}` | `response ${ResponseSidePart}` | "proxy";

/**
 * The issue as reported on `side`: `check` is the part, the check that found it (`body`, `query`, `header`,
 * `credentials`, `schema`, `status`, `media-type`…; `body` when none), and `path` a JSON Pointer inside that part
 * (a parameter's or header's name is its first segment: `query` `status/1` becomes `/status/1`).
 */
export function reportedIssue(side: "request", issue: Issue<RequestSidePart>): ExchangeIssue;
export function reportedIssue(side: "response", issue: Issue<ResponseSidePart>): ExchangeIssue;
export function reportedIssue(
  side: Direction,
  issue: Issue<RequestSidePart> | Issue<ResponseSidePart>,
): ExchangeIssue {
  const check = issue.check ?? "body";
  const named = isParameterPlace(check) && issue.path !== "" && !issue.path.startsWith("/");
  const [name = "", ...rest] = named ? issue.path.split("/") : [];
  return {
    ...issue,
    check,
    path: named ? [`/${escapePointer(name)}`, ...rest].join("/") : issue.path,
    side,
  } as ExchangeIssue;
}

/** Every issue of one side, as reported (see `reportedIssue`). */
export function reportedIssues(
  side: "request",
  issues: readonly Issue<RequestSidePart>[],
): ExchangeIssue[];
export function reportedIssues(
  side: "response",
  issues: readonly Issue<ResponseSidePart>[],
): ExchangeIssue[];
export function reportedIssues(
  side: Direction,
  issues: readonly (Issue<RequestSidePart> | Issue<ResponseSidePart>)[],
): ExchangeIssue[] {
  return issues.map((issue) =>
    side === "request"
      ? reportedIssue(side, issue as Issue<RequestSidePart>)
      : reportedIssue(side, issue as Issue<ResponseSidePart>),
  );
}

/**
 * The issue as the mock and the proxy show it (`ViolationReport`, the proxy's report and report file, printed
 * lines): the spec model's `Issue`, its `check` the side and the part, `<side> <part>` (`response schema`).
 */
export function shownIssue(issue: ExchangeIssue): Issue<ReportedCheck> {
  if (issue.side === undefined) return issue;
  // `check` keeps its place among the members, `side` goes: the shown issue is the reported one, side and part joined.
  const { side, ...rest } = issue;
  return { ...rest, check: `${side} ${rest.check}` } as Issue<ReportedCheck>;
}

/** The issue with its check before its path, for the spec model's `formatIssues`: `response body /amount`. */
function located(issue: Issue<ReportedCheck>): Issue {
  return { ...issue, path: [issue.check, issue.path].filter(Boolean).join(" ") };
}

/**
 * Shown issues in one line: `response body /amount must be >= 0; request credentials …` (the spec model's
 * `formatIssues`: the first `max`, default 5, then "and N more").
 */
export function formatReportedIssues(
  issues: readonly Issue<ReportedCheck>[],
  max?: number,
): string {
  return formatIssues(issues.map(located), max);
}

/** One shown issue as a line: `response body /amount must be >= 0`. */
export function formatReportedIssue(issue: Issue<ReportedCheck>): string {
  return formatReportedIssues([issue], 1);
}
