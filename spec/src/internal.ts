// `@merchant-payments/spec/internal`: helpers the workspace's packages share that are no public API of any of them.
// The published packages bundle what they use of it (like the rest of this private package); the contract suite
// imports it directly. Needs Node or a bundler (fast-check).
export { invalidArbitrary, type Mutation, mutationsOf, validArbitrary } from "./arbitraries.js";
export { causeChain, describeCauses } from "./causes.js";
export { mapLimit } from "./map-limit.js";
