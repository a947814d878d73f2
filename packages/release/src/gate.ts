// The breaking-change gate: the current spec against the last released one, passed only by a major changeset.
import { loadDocument } from "@merchant-payments/spec";
import type { BreakingChange } from "./breaking-change.js";
import {
  CLIENT_PACKAGE,
  majorChangesetFor,
  type PendingChangeset,
  pendingChangesets,
} from "./changesets.js";
import { modelBreakingChanges } from "./model-checks.js";
import { operationBreakingChanges, withoutOpticDuplicates } from "./operation-checks.js";
import { opticBreakingChangesEach, type SpecPair } from "./optic.js";
import { type Bump, neededBump, nextStep, packagesMissingBump } from "./release-step.js";

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
  /** The packages built from the spec, which its change bumps (see `packagesGeneratedFromSpec`); default: `packageName`. */
  readonly generatedPackages?: readonly string[];
}

/** One breaking change as a terminal line: `[rule] where: message` (the change's `rule`, `path` and `message`). */
export function formatBreakingChange(change: BreakingChange): string {
  return `[${change.rule}] ${change.path}: ${change.message}`;
}

/** What the gate decided, and why. */
export interface SpecDiffReport {
  /**
   * Every breaking change, optic's first, then the spec model's: each a `BreakingChange` with its `source` (`optic` or
   * `spec-model`), its `rule` (the rule that fired), its `path` (the place in the spec) and its `message`.
   */
  readonly breaking: readonly BreakingChange[];
  /** The major changeset that lets them through, if there is one. */
  readonly majorChangeset: PendingChangeset | undefined;
  /** True when there is no breaking change, or a major changeset for the package covers them. */
  readonly passed: boolean;
  /** The bump the change needs (major: breaking, minor: anything else but text, patch: text); undefined: no change. */
  readonly bump?: Bump;
  /** The packages built from the spec that no pending changeset bumps by `bump` or more. */
  readonly missingChangesets?: readonly string[];
}

/**
 * Every breaking change from the spec file `basePath` to `headPath`: optic's standard rules plus the spec model's
 * checks of bounds and enums and of how operations are called and answered (run side by side).
 */
export async function breakingChanges(
  basePath: string,
  headPath: string,
  options: { readonly timeoutMs?: number } = {},
): Promise<BreakingChange[]> {
  const [breaking = []] = await breakingChangesEach([{ basePath, headPath }], options);
  return breaking;
}

/**
 * `breakingChanges` of each pair, in order, with one optic process for them all (optic's start paid once). The
 * timeout bounds that one optic run (default: the sum of each pair's).
 */
export async function breakingChangesEach(
  pairs: readonly SpecPair[],
  options: { readonly timeoutMs?: number } = {},
): Promise<BreakingChange[][]> {
  // Both files of each pair are read first (JSON or YAML): a missing or malformed one fails at once, before optic starts.
  const own = pairs.map(({ basePath, headPath }) => {
    const base = loadDocument(basePath);
    const head = loadDocument(headPath);
    return [...modelBreakingChanges(base, head), ...operationBreakingChanges(base, head)];
  });
  const optic = await opticBreakingChangesEach(pairs, options);
  return own.map((found, index) => {
    const opticFound = optic[index] ?? [];
    return [...collapseRemovedOperations(opticFound), ...withoutOpticDuplicates(found, opticFound)];
  });
}

/** Optic's findings with everything inside a removed operation folded into its one "operation removal" finding. */
export function collapseRemovedOperations(findings: readonly BreakingChange[]): BreakingChange[] {
  const removed = findings
    .filter((f) => f.rule === "prevent operation removal")
    .map((f) => `${f.path} `);
  return findings.filter(
    (f) => f.rule === "prevent operation removal" || !removed.some((w) => f.path.startsWith(w)),
  );
}

/** The gate's rule: no breaking change, or a pending major changeset for `packageName` (default: the client). */
export function gate(
  breaking: readonly BreakingChange[],
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
  const bump = neededBump(
    loadDocument(options.basePath),
    loadDocument(options.headPath),
    breaking.length,
  );
  const generated = options.generatedPackages ?? [options.packageName ?? CLIENT_PACKAGE];
  return {
    ...gate(breaking, changesets, options.packageName),
    bump,
    missingChangesets: bump ? packagesMissingBump(generated, bump, changesets) : [],
  };
}

/**
 * The report as terminal text: one line per breaking change, then the verdict, then (when `specDiff` computed the
 * bump) the next step: which changeset to add, with which bump, for which packages.
 */
export function formatReport(report: SpecDiffReport, packageName: string = CLIENT_PACKAGE): string {
  const lines = report.breaking.map((f) => `  ${formatBreakingChange(f)}`);
  const count = `${report.breaking.length} breaking change${report.breaking.length === 1 ? "" : "s"}`;
  const next =
    report.missingChangesets === undefined ? [] : nextStep(report.missingChangesets, report.bump);
  if (report.breaking.length === 0) {
    const kind = report.bump ? ` (a ${report.bump} change)` : "";
    return [`spec:diff: no breaking change since the released spec${kind}.`, ...next].join("\n");
  }
  if (report.passed)
    return [
      ...lines,
      `spec:diff: ${count}, allowed by the major changeset .changeset/${report.majorChangeset?.id}.md.`,
      ...next,
    ].join("\n");
  return [
    ...lines,
    `spec:diff: ${count} since the released spec, and no major changeset for ${packageName}.`,
    ...(next.length > 0
      ? next
      : [`next step: undo them, or add a major changeset for ${packageName} (pnpm changeset).`]),
  ].join("\n");
}
