// The breaking-change gate: the current spec against the last released one, passed only by a major changeset.
import { type Issue, loadDocument } from "@merchant-payments/spec";
import {
  CLIENT_PACKAGE,
  majorChangesetFor,
  type PendingChangeset,
  pendingChangesets,
} from "./changesets.js";
import { modelBreakingChanges } from "./model-checks.js";
import { operationBreakingChanges, withoutOpticDuplicates } from "./operation-checks.js";
import { opticBreakingChanges } from "./optic.js";

/** Options of `specDiff`. */
export interface SpecDiffOptions {
  /** The released spec (bundled, JSON or YAML). */
  readonly basePath: string;
  /** The current spec (bundled, JSON or YAML). */
  readonly headPath: string;
  /** The folder holding `.changeset/`: the workspace root. */
  readonly changesetRoot: string;
  /** The package a breaking change must bump to a new major; default `@merchant-payments/client`. */
  readonly packageName?: string;
  /** Milliseconds one optic run may take; default 120 000. */
  readonly timeoutMs?: number;
}

/** One breaking change as a terminal line: `[rule] where: message` (the issue's `check`, `path` and `message`). */
export function formatBreakingChange(issue: Issue): string {
  return `[${issue.check}] ${issue.path}: ${issue.message}`;
}

/** What the gate decided, and why. */
export interface SpecDiffReport {
  /**
   * Every breaking change, optic's first, then the spec model's: each an `Issue` with its `source` (`optic` or
   * `spec-model`), its `check` (the rule that fired), its `path` (the place in the spec) and its `message`.
   */
  readonly breaking: readonly Issue[];
  /** The major changeset that lets them through, if there is one. */
  readonly majorChangeset: PendingChangeset | undefined;
  /** True when there is no breaking change, or a major changeset for the package covers them. */
  readonly passed: boolean;
}

/**
 * Every breaking change from the spec file `basePath` to `headPath`: optic's standard rules plus the spec model's
 * checks of bounds and enums and of how operations are called and answered (run side by side).
 */
export async function breakingChanges(
  basePath: string,
  headPath: string,
  options: { readonly timeoutMs?: number } = {},
): Promise<Issue[]> {
  // Both files are read first (JSON or YAML): a missing or malformed one fails at once, before optic starts.
  const base = loadDocument(basePath);
  const head = loadDocument(headPath);
  const own = [...modelBreakingChanges(base, head), ...operationBreakingChanges(base, head)];
  const optic = await opticBreakingChanges(basePath, headPath, options);
  return [...collapseRemovedOperations(optic), ...withoutOpticDuplicates(own, optic)];
}

/** Optic's findings with everything inside a removed operation folded into its one "operation removal" finding. */
export function collapseRemovedOperations(findings: readonly Issue[]): Issue[] {
  const removed = findings
    .filter((f) => f.check === "prevent operation removal")
    .map((f) => `${f.path} `);
  return findings.filter(
    (f) => f.check === "prevent operation removal" || !removed.some((w) => f.path.startsWith(w)),
  );
}

/** The gate's rule: no breaking change, or a pending major changeset for `packageName` (default: the client). */
export function gate(
  breaking: readonly Issue[],
  changesets: readonly PendingChangeset[],
  packageName: string = CLIENT_PACKAGE,
): SpecDiffReport {
  const majorChangeset = majorChangesetFor(changesets, packageName);
  return {
    breaking,
    majorChangeset,
    passed: breaking.length === 0 || majorChangeset !== undefined,
  };
}

/** Compares the released spec with the current one and applies the gate. */
export async function specDiff(options: SpecDiffOptions): Promise<SpecDiffReport> {
  const [breaking, changesets] = await Promise.all([
    breakingChanges(options.basePath, options.headPath, options),
    pendingChangesets(options.changesetRoot),
  ]);
  return gate(breaking, changesets, options.packageName);
}

/** The report as terminal text: the verdict first, then one line per breaking change. */
export function formatReport(report: SpecDiffReport, packageName: string = CLIENT_PACKAGE): string {
  const lines = report.breaking.map((f) => `  ${formatBreakingChange(f)}`);
  if (report.breaking.length === 0) return "spec:diff: no breaking change since the released spec.";
  const count = `${report.breaking.length} breaking change${report.breaking.length === 1 ? "" : "s"}`;
  if (report.passed)
    return [
      `spec:diff: ${count}, allowed by the major changeset .changeset/${report.majorChangeset?.id}.md:`,
      ...lines,
    ].join("\n");
  return [
    `spec:diff: ${count} since the released spec:`,
    ...lines,
    `Undo them, or add a major changeset for ${packageName} (pnpm changeset) that tells its users what changed.`,
    `spec:diff: FAILED: ${count} and no major changeset for ${packageName}`,
  ].join("\n");
}
