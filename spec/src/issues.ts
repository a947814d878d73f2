// The one shape of a problem found at a place in a value, and the one sentence listing several: request and answer
// validation, conformance of answers.

/**
 * One problem found at a place of a value: a JSON Pointer (or, for a header, its name) and what is wrong. `Check`
 * narrows the names `check` may take, e.g. `Issue<ConformanceCheck>`.
 */
export interface Issue<Check extends string = string> {
  /** JSON Pointer of the offending value, `""` for the whole value, e.g. `/transactions/3/transactionAmount`. */
  readonly path: string;
  /** What is wrong, e.g. `must be <= 99999999`. */
  readonly message: string;
  /** The JSON Schema keyword that failed (`type`, `required`, `maximum`, ...), when a schema check found it. */
  readonly keyword?: string;
  /**
   * The check that found it, or where it is, as each producer types it: `ConformanceCheck` (`schema`, `status`,
   * `header`…), verify's defect names, the mock's request parts (`query`, `body`, `credentials`…).
   */
  readonly check?: Check;
}

/** How many issues `formatIssues` lists by default before "and N more". */
export const LISTED_ISSUES = 5;

/**
 * The first `max` issues (default 5) as "path message", joined by "; ", then "; and N more" when there are more;
 * the whole value's path shows as `(body)`: `/amount must be >= 0; (body) must have required property 'id'`.
 */
export function formatIssues(issues: readonly Issue[], max: number = LISTED_ISSUES): string {
  const more = issues.length > max ? `; and ${issues.length - max} more` : "";
  return (
    issues
      .slice(0, max)
      .map((issue) => `${issue.path || "(body)"} ${issue.message}`)
      .join("; ") + more
  );
}

/** Which way a message goes: the request (client to server) or the response (server to client). */
export type Direction = "request" | "response";
