export {
  type CheckedOperation,
  DEFAULT_CHECKS,
  type Refusal,
  type RequestCheck,
  type RequestContext,
} from "./checks.js";
export { FAULT_KINDS, type FaultKind, type FaultOptions, type FaultRule } from "./faults.js";
export type { CommonServerOptions, RunningServer, ViolationReport } from "./lifecycle.js";
export type { RequestLimits } from "./limits.js";
export { LOG_LEVELS, type LogLevel, type LogLevelOption } from "./logger.js";
export type { Problem } from "./problems.js";
export type { ProblemError } from "./request-issues.js";
export { bundledSpecPath, SpecLoadError } from "./spec-source.js";
export { type MockServer, type StartMockOptions, startMock } from "./start-mock.js";
export {
  type FailOn,
  type ProxyEvent,
  type ProxyOutcome,
  type ProxyReport,
  type ProxySummary,
  type StartValidationProxyOptions,
  startValidationProxy,
  type ValidationProxy,
} from "./start-proxy.js";
