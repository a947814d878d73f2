import { testSeed } from "@merchant-payments/test-support";

/** Generated inputs per operation and test. */
export const RUNS = 100;

/** Requests in flight at once. */
export const CONCURRENCY = 8;

/**
 * The fast-check seed of a test file: CONTRACT_SEED if set (turbo passes it through), else one taken
 * from the clock; logged under `label` with the line that replays it.
 */
export function fileSeed(label: string): number {
  return testSeed(label, "CONTRACT_SEED");
}
