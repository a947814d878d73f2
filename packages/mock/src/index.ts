export {
  type CheckedOperation,
  DEFAULT_CHECKS,
  type RequestCheck,
  type RequestContext,
} from "./checks.js";
export { FAULT_KINDS, type FaultKind } from "./fault-kinds.js";
export type { FaultOptions, FaultRule } from "./faults.js";
export type { CommonServerOptions, RunningServer, ViolationReport } from "./lifecycle.js";
export type { RequestLimits } from "./limits.js";
export { LOG_LEVELS, type LogLevel, type LogLevelOption } from "./logger.js";
export type { Problem, Refusal } from "./problems.js";
export type { ProxyOutcome } from "./proxy/classify.js";
export type { FailOn, ProxyEvent, ProxyReport, ProxySummary } from "./proxy/recorder.js";
export type { ReportedCheck } from "./reported-issue.js";
export type { ProblemError, RequestPart } from "./request-issues.js";
export { bundledSpecPath, SpecLoadError } from "./spec-source.js";
export { type MockServer, type StartMockOptions, startMock } from "./start-mock.js";
export {
  type StartValidationProxyOptions,
  startValidationProxy,
  type ValidationProxy,
} from "./start-proxy.js";
