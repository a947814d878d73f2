/**
 * A seed for property-based and fuzz tests: the environment variable `envName` if set (to replay a run),
 * else one taken from the clock. Logged under `label` with the line that replays it.
 */
export function testSeed(label: string, envName = "TEST_SEED"): number {
  const fromEnv = process.env[envName];
  const seed = fromEnv ? Number(fromEnv) : Date.now() % 2 ** 31;
  if (!Number.isSafeInteger(seed))
    throw new TypeError(`${envName} must be an integer, got ${fromEnv}`);
  console.log(`${label}: seed ${seed} (replay with ${envName}=${seed})`);
  return seed;
}
