/** Generated inputs per operation and test. */
export const RUNS = 100;

/** Requests in flight at once. */
export const CONCURRENCY = 8;

/**
 * The fast-check seed of a test file: CONTRACT_SEED if set, else one taken from the clock; logged
 * under `label` with the line that replays it.
 */
export function fileSeed(label: string): number {
  const seed = process.env.CONTRACT_SEED ? Number(process.env.CONTRACT_SEED) : Date.now() % 2 ** 31;
  console.log(`${label}: seed ${seed} (replay with CONTRACT_SEED=${seed})`);
  return seed;
}
