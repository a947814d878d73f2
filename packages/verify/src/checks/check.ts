// What every named check of verify is: its title in the report, the defects it names, and how it finds them in one
// judged exchange. The registry (index.ts) lists the checks; the defect names, `CHECKS`, the body defects and the
// reading of the spec model's conformance issues all derive from it.
import type { ConformanceCheck, Issue } from "@merchant-payments/spec";
import type { ExchangeOutcome } from "../exchange.js";
import type { VerifyCase } from "../plan.js";

/** One exchange to judge: the case sent, what came back, and the spec model's conformance issues of an answer. */
export interface Judged {
  /** The request sent, and what kind of request it was. */
  readonly verifyCase: VerifyCase;
  /** The answer as received, or the transport failure. */
  readonly received: ExchangeOutcome;
  /** `checkResponse`'s issues of an answer (none for a transport failure), in its order. */
  readonly conformance: readonly Issue<ConformanceCheck>[];
}

/** A named check of every answer (after Schemathesis's checks.py: one module per check). */
export interface VerifyCheck<Defect extends string = string> {
  /** How the report lists the check, e.g. `documented status`. */
  readonly title: string;
  /** Every defect name the check reports. */
  readonly defects: readonly Defect[];
  /** The defects that are about the answer's body: an empty path there means the whole body; default none. */
  readonly bodyDefects?: readonly Defect[];
  /** The `checkResponse` checks whose issues this check names, if it reads the spec model's conformance. */
  readonly conformance?: readonly ConformanceCheck[];
  /** The defect of one of those conformance issues (its message rewritten for a reader if need be). */
  readonly fromConformance?: (issue: Issue<ConformanceCheck>, judged: Judged) => Issue<Defect>;
  /** The defects it finds itself in the exchange (besides conformance issues); default none. */
  readonly find?: (judged: Judged) => Issue<Defect>[];
}

/** A defect: the spec model's `Issue` at `path`, its `check` the defect's name (always set). */
export function defect<Defect extends string>(
  check: Defect,
  message: string,
  path = "",
): Issue<Defect> {
  return { check, path, message };
}

/** A conformance issue renamed as `check`, its place and keyword kept, its message `message` (default its own). */
export function renamed<Defect extends string>(
  issue: Issue<ConformanceCheck>,
  check: Defect,
  message: string = issue.message,
): Issue<Defect> {
  return {
    check,
    path: issue.path,
    message,
    ...(issue.keyword === undefined ? {} : { keyword: issue.keyword }),
  };
}

/** Statuses whose answer has no body (RFC 9110: 204 No Content, 205 Reset Content). */
export const NO_CONTENT: ReadonlySet<number> = new Set([204, 205]);
