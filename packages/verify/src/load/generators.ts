// The one place the load command takes verify's seeded valid generators from: when they move (into the spec
// model), only this import changes.
export { validArbitrary } from "../arbitraries.js";
