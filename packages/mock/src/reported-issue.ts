// How the mock and the proxy report what is wrong with an exchange (`onViolations`, `violations`, the proxy's
// report): the spec model's `Issue`, its `check` naming the side and the part ("request query", "response body"),
// its `path` a JSON Pointer inside that part; and the one line that shows it.
import {
  type Direction,
  escapePointer,
  formatIssues,
  type Issue,
} from "@merchant-payments/spec/model";

/** Parts whose issues name their parameter (or header) first: the name becomes the pointer's first segment. */
const NAMED_PARTS = new Set(["path", "query", "header", "cookie"]);

/**
 * The issue as reported: `check` is `<side> <part>`, the part being the check that found it (`body`, `query`,
 * `header`, `credentials`, `schema`, `status`, `media-type`…; `body` when none), and `path` a JSON Pointer inside
 * that part (a parameter's or header's name is its first segment: `query` `status/1` becomes `/status/1`).
 */
export function reportedIssue(side: Direction, issue: Issue): Issue {
  const part = issue.check ?? "body";
  const named = NAMED_PARTS.has(part) && issue.path !== "" && !issue.path.startsWith("/");
  const [name = "", ...rest] = named ? issue.path.split("/") : [];
  return {
    ...issue,
    check: `${side} ${part}`,
    path: named ? [`/${escapePointer(name)}`, ...rest].join("/") : issue.path,
  };
}

/** Every issue of one side, as reported (see `reportedIssue`). */
export function reportedIssues(side: Direction, issues: readonly Issue[]): Issue[] {
  return issues.map((issue) => reportedIssue(side, issue));
}

/** The issue with its check before its path, for the spec model's `formatIssues`: `response body /amount`. */
function located(issue: Issue): Issue {
  return { ...issue, path: [issue.check, issue.path].filter(Boolean).join(" ") };
}

/**
 * Reported issues in one line: `response body /amount must be >= 0; request credentials …` (the spec model's
 * `formatIssues`: the first `max`, default 5, then "and N more").
 */
export function formatReportedIssues(issues: readonly Issue[], max?: number): string {
  return formatIssues(issues.map(located), max);
}

/** One reported issue as a line: `response body /amount must be >= 0`. */
export function formatReportedIssue(issue: Issue): string {
  return formatReportedIssues([issue], 1);
}
