import { Bench } from "tinybench";
import { type BenchSpec, benchmarks, latest, type Samples } from "./report.js";
import { roundOrder } from "./stats.js";

/** A contender of a timed benchmark: one operation, resolving with its answer. */
export type Contender = { name: string; run: () => Promise<unknown> };

/** Writes one progress line to stdout. */
export const log = (line: string) => process.stdout.write(`${line}\n`);

/** The first line of an error's message. */
export const reason = (error: unknown) => String((error as Error)?.message).split("\n")[0];

/** Collects garbage twice when the process runs with --expose-gc, so each sample starts on a clean heap. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
}

/** `rounds` rounds of one `sample` per name, the order rotating every round; samples in `names` order. */
export async function alternate(
  label: string,
  names: string[],
  rounds: number,
  sample: (name: string) => Promise<number>,
): Promise<Samples> {
  const samples: Samples = new Map(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of roundOrder(names, round)) samples.get(name)?.push(await sample(name));
    log(`  ${label} round ${round + 1}/${rounds}: ${latest(samples)}`);
  }
  return samples;
}

/**
 * Benchmark `id` of benchmarks.json: warms every contender up (checking its answers), then runs alternated
 * rounds of one tinybench run per contender. Resolves tinybench's mean latency per round (wall) and this
 * process's CPU time per operation in the same runs, in the benchmark's unit.
 */
export async function timed(
  id: string,
  contenders: Contender[],
  check?: (answer: unknown) => void,
) {
  const {
    title,
    unit,
    scale = 1,
    rounds,
    iterations = 1,
    warmup = 1,
  } = benchmarks[id] as BenchSpec;
  const runs = new Map(contenders.map(({ name, run }) => [name, run]));
  for (const run of runs.values()) for (let i = 0; i < warmup; i++) check?.(await run());
  log(`${title}: ${rounds} rounds of ${iterations} per contender`);
  const cpu: Samples = new Map([...runs.keys()].map((name) => [name, []]));
  const wall = await alternate(unit, [...runs.keys()], rounds, async (name) => {
    const tiny = new Bench({ iterations, time: 0, warmup: false, throws: true });
    tiny.add(name, runs.get(name) as Contender["run"]);
    collectGarbage();
    const start = process.cpuUsage();
    const [task] = await tiny.run();
    const { user, system } = process.cpuUsage(start);
    cpu.get(name)?.push(((user + system) / 1000 / iterations) * scale);
    return (task?.result && "latency" in task.result ? task.result.latency.mean : NaN) * scale;
  });
  return { wall, cpu };
}
