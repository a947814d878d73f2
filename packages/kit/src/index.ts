// `@merchant-payments/kit`: the value generators (fast-check) and the bounded map the workspace's packages share. No
// public API of any package: the published ones bundle what they use; the contract suite imports it directly.
export { invalidArbitrary, type Mutation, mutationsOf, validArbitrary } from "./arbitraries.js";
export { mapLimit } from "./map-limit.js";
