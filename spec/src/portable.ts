// The browser-safe entry (`@merchant-payments/spec/model`): the model, the conformance check and the message bounds
// (largest message), the JSON Pointer modules, no file system.
export * from "./conformance.js";
export * from "./dynamic-refs.js";
export * from "./issues.js";
export * from "./json-pointer.js";
export * from "./message-bounds.js";
export * from "./model.js";
export * from "./model-examples.js";
export * from "./pointer-segments.js";
export * from "./read-write-views.js";
export * from "./side-effects.js";
export * from "./walk.js";
export * from "./webhooks.js";
export type { ParameterLocation } from "./wire/styles.js";
