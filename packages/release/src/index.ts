// Release tooling of the Merchant Payments toolkit: packing, the breaking-change gate, the released specs.

export type { BreakingChange, OpticRule, SpecModelRule } from "./breaking-change.js";
export {
  CLIENT_PACKAGE,
  majorChangesetFor,
  type PendingChangeset,
  pendingChangesets,
} from "./changesets.js";
export {
  breakingChanges,
  breakingChangesEach,
  collapseRemovedOperations,
  formatBreakingChange,
  formatReport,
  gate,
  type SpecDiffOptions,
  type SpecDiffReport,
  specDiff,
} from "./gate.js";
export {
  LOWER_BOUNDS,
  modelBreakingChanges,
  schemaChanges,
  UPPER_BOUNDS,
} from "./model-checks.js";
export {
  OPTIC_EQUIVALENTS,
  operationBreakingChanges,
  parameterKey,
  parameterStyle,
  sameChange,
  withoutOpticDuplicates,
} from "./operation-checks.js";
export {
  OPTIC_TIMEOUT_MS,
  OPTIC_TIMEOUT_PER_OPERATION_MS,
  type OpticOptions,
  opticBreakingChanges,
  opticBreakingChangesEach,
  opticDiffRunner,
  opticTimeoutMs,
  REPLACED_OPTIC_RULES,
  type SpecPair,
} from "./optic.js";
export {
  INSTALLED_DEPENDENCY_FIELDS,
  manifestProblems,
  PACK_TIMEOUT_MS,
  PACKS_LIST,
  type PackedPackage,
  type PackOptions,
  packPublicPackages,
  publicPackages,
  tarballManifest,
} from "./pack.js";
export { packageDir, releasedSpecsDir, tarballsDir, workspaceRoot } from "./paths.js";
export {
  type Bump,
  changesetText,
  neededBump,
  nextStep,
  packagesGeneratedFromSpec,
  packagesMissingBump,
  SPEC_PACKAGE,
} from "./release-step.js";
export {
  latestReleasedSpec,
  type ReleasedSpec,
  recordReleasedSpec,
  releasedSpecs,
} from "./released.js";
export {
  README_MARKERS,
  SPEC_VERSION_FIELD,
  specVersionOf,
  specVersionSentence,
  stampSpecVersion,
  withSpecVersion,
  withSpecVersionSentence,
} from "./spec-version.js";
