// @merchant-payments/verify: checks a live Merchant Payments server against the spec. The public API is the two
// commands and the report's types; every other module is internal (the contract suite takes the value generators
// from the spec model's private `@merchant-payments/spec/internal`).
export type { Issue } from "@merchant-payments/spec";
export type { DefectName } from "./judge.js";
export { type CommandOutput, verifyCommand } from "./main.js";
export type { CaseKind } from "./plan.js";
export {
  type CaseResult,
  type OperationResult,
  runVerify,
  type VerifyOptions,
  type VerifyReport,
  type VerifySummary,
} from "./run.js";
