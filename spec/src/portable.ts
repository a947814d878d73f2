// The browser-safe entry (`@merchant-payments/spec/model`): the model and the conformance check, no file system.
export * from "./conformance.js";
export * from "./issues.js";
export * from "./model.js";
export * from "./walk.js";
