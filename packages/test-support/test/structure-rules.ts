// The limits test/structure.test.ts enforces.

/** Longest function allowed, in lines (the developers' guide). */
export const MAX_FUNCTION_LINES = 120;

/**
 * Functions still over the limit, with their length when listed: each may only shrink, and leaves the list when it is
 * split (the test fails while a listed one is no longer over the limit). Issue 30 item 9 is to empty this list.
 */
export const KNOWN_LONG_FUNCTIONS: Readonly<Record<string, number>> = {
  // operationFacts: its length once this round's parallel work was merged (the wire module's style defaults),
  // which the list, measured before it, did not see.
  "packages/client/src/request-core.ts:createRequestCore": 168,
  "packages/client/scripts/generate.mjs:emitValidatorModules": 125,
  "packages/client/scripts/lib/operation-facts.mjs:operationFacts": 222,
  "packages/client/scripts/lib/type-codegen.mjs:typeEmitter": 348,
  "packages/client/scripts/lib/validator-codegen.mjs:validatorEmitter": 334,
};
