// The one shape every breaking-change check reports in, whichever tool found it: the spec model's `Issue`, with the
// rule that fired as its `check`, the place in the spec as its `path`, and who found it.
import type { Issue } from "@merchant-payments/spec/model";

/** Who found a breaking change: the diff tool (optic) or the toolkit's own checks of the spec model. */
export type FindingSource = "optic" | "spec-model";

/** One breaking change between the released spec and the current one. */
export interface Finding extends Issue {
  /** Who found it. */
  readonly source: FindingSource;
  /** The rule that fired, e.g. `prevent removing response property` or `narrowed request bound`. */
  readonly check: string;
  /** Where, e.g. `POST /merchants/fees/calculate request body feeType`. */
  readonly path: string;
  /** What changed, in one sentence. */
  readonly message: string;
}

/** One line per finding, for a terminal: `[rule] where: message`. */
export function formatFinding(finding: Finding): string {
  return `[${finding.check}] ${finding.path}: ${finding.message}`;
}
