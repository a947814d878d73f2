import { Bench } from "tinybench";
import { type BenchResult, ratioTarget, result, type Samples } from "./report.js";
import { roundOrder } from "./stats.js";

/** A contender of a timed benchmark: one operation, resolving with its answer. */
export interface Contender {
  name: string;
  run: () => Promise<unknown>;
}

/** Receives progress lines. */
export type Log = (line: string) => void;

/** Collects garbage twice when the process runs with --expose-gc, so each contender starts on a clean heap. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
}

/** The first line of an error's message. */
export const reason = (error: unknown) => String((error as Error)?.message).split("\n")[0];

/** Warms each contender up (answers checked by `check`); one that throws is left out, noted "not available yet". */
export async function warmUp(
  contenders: Contender[],
  calls: number,
  check: (a: unknown) => void,
  notes: string[],
) {
  const ready: Contender[] = [];
  for (const contender of contenders) {
    try {
      for (let i = 0; i < calls; i++) check(await contender.run());
      ready.push(contender);
    } catch (error) {
      notes.push(`${contender.name}: not available yet (${reason(error)}).`);
    }
  }
  return ready;
}

/**
 * Runs `rounds` tinybench runs of `iterations` operations per contender, the order rotating every round.
 * Resolves the mean wall time (tinybench's period) and the mean CPU time of this process (user + system)
 * per operation, in ms, one sample per round.
 */
export async function runRounds(
  contenders: Contender[],
  rounds: number,
  iterations: number,
  log: Log,
) {
  const wall: Samples = new Map(contenders.map((c) => [c.name, []]));
  const cpu: Samples = new Map(contenders.map((c) => [c.name, []]));
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ iterations, time: 0, warmup: false, throws: true });
    for (const { name, run } of roundOrder(contenders, round)) {
      let start = process.cpuUsage();
      const beforeAll = () => {
        collectGarbage();
        start = process.cpuUsage();
      };
      const afterAll = () => {
        const { user, system } = process.cpuUsage(start);
        cpu.get(name)?.push((user + system) / 1000 / iterations);
      };
      bench.add(name, run, { beforeAll, afterAll });
    }
    await bench.run();
    for (const { name, result: r } of bench.tasks)
      wall.get(name)?.push(r && "period" in r ? r.period : NaN);
    const line = [...wall].map(([name, s]) => `${name} ${s.at(-1)?.toFixed(3)}`).join(", ");
    log(`  round ${round + 1}/${rounds} (ms): ${line}`);
  }
  return { wall, cpu };
}

/** A timed benchmark: its table, contenders, warm-up, rounds and ratio targets [contender, versus, max]. */
export interface Timed extends Omit<BenchResult, "contenders" | "targets"> {
  baseline: string;
  contenders: Contender[];
  /** Unit per millisecond, e.g. 1000 for µs. */
  scale: number;
  warmup: number;
  iterations: number;
  targets: readonly (readonly [string, string, number])[];
  check?: (answer: unknown) => void;
}

/** Warms up, runs the rounds and builds the table; also resolves the CPU samples in the same unit. */
export async function timed(b: Timed, log: Log): Promise<[BenchResult, Samples]> {
  const { contenders, scale, warmup, iterations, targets, check, ...table } = b;
  const notes = [...b.notes];
  const ready = await warmUp(contenders, warmup, check ?? (() => {}), notes);
  log(`${b.title}: ${b.rounds} rounds of ${iterations} per contender`);
  const { wall, cpu } = await runRounds(ready, b.rounds, iterations, log);
  const [wallScaled, cpuScaled] = [wall, cpu].map(
    (s) => new Map([...s].map(([n, v]) => [n, v.map((x) => x * scale)])),
  );
  const checked = targets.map(([c, versus, max]) =>
    ratioTarget(wallScaled as Samples, c, versus, max),
  );
  return [
    result({ ...table, targets: checked, notes }, wallScaled as Samples),
    cpuScaled as Samples,
  ];
}
