// @merchant-payments/verify: checks a live Merchant Payments server against the spec.
export { invalidArbitrary, type Mutation, mutationsOf, validArbitrary } from "./arbitraries.js";
export { type CommandLine, parseCommandLine, USAGE, UsageError } from "./cli-options.js";
export {
  type Exchange,
  exchange,
  type OutgoingRequest,
  type TransportFailureKind,
} from "./exchange.js";
export { type Defect, type DefectName, judge, typeMessage } from "./judge.js";
export { type CommandOutput, UNREACHABLE_STATUS, verifyCommand } from "./main.js";
export {
  type CaseKind,
  type Plan,
  planCases,
  type SkippedOperation,
  type VerifyCase,
} from "./plan.js";
export { mapLimit } from "./pool.js";
export {
  defectPlace,
  formatFailures,
  formatSummary,
  junitXml,
  MAX_FAILURE_LINES,
  VERIFY_REPORT_SCHEMA,
  writeJsonReport,
  writeJunitReport,
} from "./reports.js";
export {
  type CaseResult,
  CHECKS,
  DEFAULT_CONCURRENCY,
  DEFAULT_RUNS,
  DEFAULT_TIMEOUT_MS,
  MAX_CONSECUTIVE_CONNECTION_FAILURES,
  type OperationResult,
  runVerify,
  type VerifyOptions,
  type VerifyReport,
  type VerifySummary,
} from "./run.js";
export { SIDE_EFFECTS, type SideEffect, sideEffectOf, writeReason } from "./side-effects.js";
