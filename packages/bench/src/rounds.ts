import type { ClientModule } from "./client.js";
import { roundOrder } from "./stats.js";

/** A contender of a benchmark: run() measures one round and returns its sample. */
export interface Contender {
  /** Display name. */
  name: string;
  /** Measures one round; resolves with the sample (in the benchmark's unit). */
  run(): Promise<number>;
}

/** Collects garbage if the process runs with --expose-gc, so every contender starts from a clean heap. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
}

/**
 * Runs `rounds` rounds; in each round every contender runs once, in an order that rotates every round.
 * Collects garbage before every run. Resolves with each contender's samples in round order.
 */
export async function runRounds(
  contenders: readonly Contender[],
  rounds: number,
  log: (line: string) => void = () => {},
): Promise<Map<string, number[]>> {
  const samples = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  for (let r = 0; r < rounds; r++) {
    const parts: string[] = [];
    for (const contender of roundOrder(contenders, r)) {
      collectGarbage();
      const value = await contender.run();
      samples.get(contender.name)?.push(value);
      parts.push(`${contender.name} ${value.toFixed(2)}`);
    }
    log(`  round ${r + 1}/${rounds}: ${parts.join(", ")}`);
  }
  return samples;
}

/** Runs an async call n times in sequence; resolves with the mean time per call in microseconds. */
export async function timeSequential(call: () => Promise<unknown>, n: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) await call();
  return ((performance.now() - start) * 1000) / n;
}

/** A contender of a per-call benchmark: one call of the measured operation. */
export interface CallContender {
  /** Display name. */
  name: string;
  /** One call; resolves when the answer is fully read. */
  call: () => Promise<unknown>;
}

/** Options of a per-call benchmark (loopback, stubbed-fetch overhead). */
export interface CallBenchOptions {
  // biome-ignore lint/suspicious/noExplicitAny: the bundled spec document.
  doc: any;
  /** The built client; null if it is not built (then it is not measured). */
  client: ClientModule | null;
  /** Rounds (>= 5). */
  rounds: number;
  /** Sequential calls per contender per round (a multiple of slices). */
  calls: number;
  /** Warm-up calls per contender before the first round. */
  warmup: number;
  /** Slices each round is cut into, contenders alternating slice by slice. */
  slices: number;
  /** Receives progress lines. */
  log: (line: string) => void;
}

/**
 * Makes `warmup` calls per contender, contender after contender, and throws if an answer's
 * transactionReferenceNumber is not `expected`, so that no contender measures a failure.
 */
export async function warmUpCalls(
  contenders: readonly CallContender[],
  warmup: number,
  expected: unknown,
): Promise<void> {
  for (const { name, call } of contenders) {
    for (let i = 0; i < warmup; i++) {
      const answer = (await call()) as Record<string, unknown>;
      if (answer.transactionReferenceNumber !== expected) {
        throw new Error(`${name} returned an unexpected answer: ${JSON.stringify(answer)}`);
      }
    }
  }
}

/**
 * Runs `rounds` rounds of `callsPerRound` sequential calls per contender. Each round is cut into
 * `slices` slices; in every slice each contender makes callsPerRound/slices calls, in an order that
 * rotates every slice, so a burst of load from other processes hits every contender alike.
 * Samples = mean wall time per call over the round, and mean CPU time (user + system) of this process
 * per call, both in microseconds.
 */
export async function runCallRounds(
  contenders: readonly CallContender[],
  rounds: number,
  callsPerRound: number,
  slices: number,
  log: (line: string) => void = () => {},
): Promise<{ wall: Map<string, number[]>; cpu: Map<string, number[]> }> {
  if (callsPerRound % slices !== 0)
    throw new RangeError("callsPerRound must be a multiple of slices");
  const perSlice = callsPerRound / slices;
  const wall = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  const cpu = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  for (let r = 0; r < rounds; r++) {
    const wallUs = new Map<string, number>(contenders.map((c) => [c.name, 0]));
    const cpuUs = new Map<string, number>(contenders.map((c) => [c.name, 0]));
    for (let s = 0; s < slices; s++) {
      for (const contender of roundOrder(contenders, r * slices + s)) {
        collectGarbage();
        const { call } = contender;
        const cpuStart = process.cpuUsage();
        const start = performance.now();
        for (let i = 0; i < perSlice; i++) await call();
        const elapsed = (performance.now() - start) * 1000;
        const used = process.cpuUsage(cpuStart);
        wallUs.set(contender.name, (wallUs.get(contender.name) ?? 0) + elapsed);
        cpuUs.set(contender.name, (cpuUs.get(contender.name) ?? 0) + used.user + used.system);
      }
    }
    const parts: string[] = [];
    for (const { name } of contenders) {
      const value = (wallUs.get(name) ?? 0) / callsPerRound;
      wall.get(name)?.push(value);
      cpu.get(name)?.push((cpuUs.get(name) ?? 0) / callsPerRound);
      parts.push(`${name} ${value.toFixed(2)}`);
    }
    log(`  round ${r + 1}/${rounds}: ${parts.join(", ")}`);
  }
  return { wall, cpu };
}
