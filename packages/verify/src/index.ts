// @merchant-payments/verify: checks a live Merchant Payments server against the spec. The public API is the two
// commands and the report's types; every other module is internal (the contract suite takes the value generators
// from the private `@merchant-payments/kit`).
export type { Issue } from "@merchant-payments/spec";
export type { DefectName } from "./checks/index.js";
export { type CommandOutput, verifyCommand } from "./main.js";
export type { CaseKind } from "./plan.js";
export type {
  CaseResult,
  OperationResult,
  VerifyReport,
  VerifySummary,
} from "./report-types.js";
export { runVerify, type VerifyOptions } from "./run.js";
