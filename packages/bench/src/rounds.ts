import { Bench } from "tinybench";
import { type BenchResult, latest, ratioTarget, result, type Samples } from "./report.js";
import { roundOrder } from "./stats.js";

/** A contender of a timed benchmark: one operation, resolving with its answer. */
export type Contender = { name: string; run: () => Promise<unknown> };

/** Receives progress lines. */
export type Log = (line: string) => void;

/** The first line of an error's message. */
export const reason = (error: unknown) => String((error as Error)?.message).split("\n")[0];

/** Collects garbage twice when the process runs with --expose-gc, so each contender starts on a clean heap. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
}

/** How a timed benchmark runs and what it checks; defaults in brackets. */
export interface TimedOptions {
  /** Unit of the table ["ms"] and units per millisecond [1]. */
  unit?: string;
  scale?: number;
  rounds: number;
  /** Operations per contender per round, and warm-up operations before the first round [1]. */
  iterations: number;
  warmup?: number;
  /** Maximum median ratio to the baseline (the first contender) per contender [none]. */
  targets?: Record<string, number>;
  notes?: string[];
  /** Throws on a wrong answer [accepts any]. */
  check?: (answer: unknown) => void;
}

/**
 * Warms each contender up (one that throws is left out, noted "not available yet"), then runs `rounds`
 * tinybench runs of `iterations` operations per contender, the order rotating every round. Resolves the
 * table of mean wall times (tinybench's period), and those and the CPU times of this process per operation.
 */
export async function timed(
  title: string,
  contenders: Contender[],
  options: TimedOptions,
  log: Log,
) {
  const { unit = "ms", scale = 1, rounds, iterations, warmup = 1, targets = {}, check } = options;
  const how = `Each round: ${iterations} timed operation(s) per contender (tinybench); ${warmup} warm-up operation(s) each before the first round.`;
  const [notes, ready] = [[how, ...(options.notes ?? [])], [] as Contender[]];
  for (const contender of contenders) {
    try {
      for (let i = 0; i < warmup; i++) check?.(await contender.run());
      ready.push(contender);
    } catch (error) {
      notes.push(`${contender.name}: not available yet (${reason(error)}).`);
    }
  }
  log(`${title}: ${rounds} rounds of ${iterations} per contender`);
  const [wall, cpu]: [Samples, Samples] = [new Map(), new Map()];
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ iterations, time: 0, warmup: false, throws: true });
    for (const { name, run } of roundOrder(ready, round)) {
      let start = process.cpuUsage();
      const beforeAll = () => {
        collectGarbage();
        start = process.cpuUsage();
      };
      const afterAll = () => {
        const { user, system } = process.cpuUsage(start);
        cpu.set(name, [...(cpu.get(name) ?? []), ((user + system) / 1000 / iterations) * scale]);
      };
      bench.add(name, run, { beforeAll, afterAll });
    }
    for (const { name, result: r } of await bench.run()) {
      wall.set(name, [...(wall.get(name) ?? []), (r && "period" in r ? r.period : NaN) * scale]);
    }
    log(`  round ${round + 1}/${rounds} (${unit}): ${latest(wall)}`);
  }
  const baseline = contenders[0]?.name ?? "";
  const inOrder = (s: Samples): Samples =>
    new Map(ready.map(({ name }) => [name, s.get(name) ?? []]));
  const checked = Object.entries(targets).map(([name, max]) =>
    ratioTarget(wall, name, baseline, max),
  );
  const table = { title, unit, baseline, rounds, targets: checked, notes };
  const samples = { wall: inOrder(wall), cpu: inOrder(cpu) };
  return { table: result(table, samples.wall) as BenchResult, ...samples };
}
