// Alternated rounds (tinybench runs for timings), server children (fork, for IPC), memory children.
import { fork } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { Bench } from "tinybench";
import type { Samples } from "./report.js";

/** The child process script (src/child.ts): a server, or one memory sample. */
export const script = fileURLToPath(new URL("./child.js", import.meta.url));

/** A contender of a timed benchmark: one operation, resolving with its answer. */
export type Contender = { name: string; run: () => Promise<unknown> };

/** `rounds` rounds of one `sample` per item (contender, server), in each round's order (roundOrder), by name. */
export async function alternate<T extends Named>(items: T[], rounds: number, sample: Sampler<T>) {
  const samples: Samples = new Map(items.map(({ name }) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const item of roundOrder(items, round)) samples.get(item.name)?.push(await sample(item));
    console.log(`  round ${round + 1}/${rounds}`);
  }
  return samples;
}
type Named = { name: string };
type Sampler<T> = (item: T) => Promise<number>;

/** `warmup` operations per contender, each answer given to `assertAnswer` (throws on a wrong one; default none),
 * then alternated rounds of `iterations` operations (one tinybench run after a GC): mean wall time and this
 * process's CPU time per operation, in ms times `scale` (default 1). */
export async function timed(
  plan: Plan,
  contenders: Contender[],
  assertAnswer = (_: unknown) => {},
) {
  const { rounds, iterations, warmup, scale = 1 } = plan;
  for (const { run } of contenders) for (let i = 0; i < warmup; i++) assertAnswer(await run());
  const cpu: Samples = new Map(contenders.map(({ name }) => [name, []]));
  const wall = await alternate(contenders, rounds, async ({ name, run }) => {
    const tiny = new Bench({ iterations, time: 0, warmup: false, throws: true }).add(
      name,
      asAsync(run),
    );
    globalThis.gc?.();
    const start = process.cpuUsage();
    const [task] = await tiny.run();
    const { user, system } = process.cpuUsage(start);
    cpu.get(name)?.push(((user + system) / 1000 / iterations) * scale);
    return (task?.result && "latency" in task.result ? task.result.latency.mean : NaN) * scale;
  });
  const note = `Each round: ${iterations} operation(s) per contender; ${warmup} warm-up each first.`;
  return { wall, cpu, note };
}
type Plan = { rounds: number; iterations: number; warmup: number; scale?: number };

/**
 * `run` as an async function. Tinybench calls any other function once, unawaited, to learn whether it returns a
 * promise, and that extra call runs inside the measured iterations (a whole extra batch, or burst of 1,000 calls).
 */
function asAsync(run: Contender["run"]): Contender["run"] {
  return async () => run();
}

/** Contenders in round r: rotated to start at contender r (mod n), reversed in every other block of n rounds,
 * so over 2n rounds each is at each position, and before each other, equally often. */
export function roundOrder<T>(contenders: readonly T[], round: number): T[] {
  const n = Math.max(1, contenders.length);
  const order = [...contenders.slice(round % n), ...contenders.slice(0, round % n)];
  return Math.floor(round / n) % 2 ? order.reverse() : order;
}

/** A server in a child process: its base URL; on request, TCP connections accepted (trivial) and RSS. */
export type Server = { baseUrl: string; stats(): Promise<{ connections: number; rss: number }> };

/** Runs `use` with a server (`trivial` or `mock`) in a child process, killed afterwards; 60 s per reply. */
export async function withServer<T>(kind: string, use: (server: Server) => Promise<T>) {
  const child = fork(script, [kind], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const reply = async (request?: string) => {
    if (request) child.send(request);
    return (await once(child, "message", { signal: AbortSignal.timeout(60_000) }))[0];
  };
  try {
    return await use({ baseUrl: (await reply()).baseUrl, stats: () => reply("stats") });
  } finally {
    child.kill("SIGKILL");
  }
}
