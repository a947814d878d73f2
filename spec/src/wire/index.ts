// `@merchant-payments/spec/wire`: OpenAPI values on the wire, in one dependency-free, runtime-neutral module the
// client, verify, contract tests, console and mock share (tree-shakable: take only what you import).
// - a parameter style: one entry in styles.ts (`STYLES`);
// - what a server reads from text for a schema type: typed.ts (`typedText`, the rule written out there);
// - credential placement per security scheme: credentials.ts; the Cookie header both ways: cookies.ts;
// - form bodies (urlencoded, multipart) per the Encoding Object: forms.ts;
// - "is this JSON?": media.ts (`isJsonMedia`, `bodyKind`);
// - the value at a JSON pointer: `valueAt` (and `parsePointer`) from pointer-segments.ts.
export { parsePointer, valueAt } from "../pointer-segments.js";
export * from "./cookies.js";
export * from "./credentials.js";
export * from "./encoding.js";
export * from "./forms.js";
export * from "./media.js";
export * from "./parameters.js";
export * from "./styles.js";
export * from "./typed.js";
