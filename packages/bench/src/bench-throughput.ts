// The mock beside Prism CLI under `pnpm load` (Artillery, the generated script and its processor checking every
// answer with the spec model) at one fixed arrival rate, the same spec, machine and load generator: requests,
// non-conforming answers, p50/p99, the server's memory and CPU per request. Each server runs as users run it: its own CLI.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { getFreePort } from "@merchant-payments/test-support";
import { type Step, step } from "./bench-artillery.js";
import { result, target } from "./report.js";

const require = createRequire(import.meta.url);
/** Arrivals a second (one request each), seconds of load, the p99 goal in ms, and the warm-up (rate, seconds). */
const [RATE, SECONDS, P99_MS, WARM_UP] = [1_000, 15, 50, [100, 3]] as const;
const MB = 1e6;
/** Seconds a load's first-to-last-metric span may exceed the phase and still count as the phase. */
const SLACK_SECONDS = 1;

/** How to start one server from its CLI on `port`, and the line it prints once it listens. */
type ServerCommand = { name: string; args: (port: number) => string[]; ready: string };

const SERVERS: ServerCommand[] = [
  {
    name: "mock (merchant-payments-mock)",
    args: (port) => [
      join(
        dirname(require.resolve("@merchant-payments/mock/package.json")),
        "bin/merchant-payments-mock.js",
      ),
      ...["mock", "--port", `${port}`, "--host", "127.0.0.1"],
    ],
    ready: "Base URL",
  },
  {
    name: "Prism CLI (prism mock)",
    args: (port) => [
      join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist/index.js"),
      ...["mock", require.resolve("@merchant-payments/spec/openapi.json")],
      ...["--port", `${port}`, "--host", "127.0.0.1"],
    ],
    ready: "Prism is listening",
  },
];

/** The process and every descendant of `pid` (Prism CLI forks its server), from /proc. */
function processTree(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
      .split(" ")
      .filter(Boolean)
      .map(Number),
  );
  return [pid, ...children.flatMap(processTree)];
}

/** Peak resident memory (VmHWM) summed over the process tree of `pid`, in bytes. */
function peakRss(pid: number): number {
  return processTree(pid).reduce((total, id) => {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, "utf8"))?.[1];
    return total + Number(kb ?? 0) * 1024;
  }, 0);
}

/** CPU time (user + system) of the process tree of `pid` so far, in ms (from /proc; clock ticks of 10 ms). */
function treeCpuMs(pid: number): number {
  return processTree(pid).reduce((total, id) => {
    const fields = readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return total + (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
  }, 0);
}

/** CPU time of this process's children that ended and were waited for (the load generator's runs), in ms. */
function reapedChildrenCpuMs(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) * 10;
}

/** One garbage collection pause of the server: when its line arrived (epoch ms), its kind and its pause (ms). */
type GcPause = { at: number; kind: string; ms: number };

/** A pause in a `--trace-gc` line (Node 20 and 22): `… ms: Scavenge 3.8 (4.0) -> 3.4 (5.0) MB, 1.25 / 0.00 ms …`. */
const GC_LINE =
  /: (Scavenge|Minor Mark-Compact|Mark-Compact|Mark-sweep)\b.*? ([\d.]+) \/ [\d.]+ ms/;

/** The pauses in `stream` (`--trace-gc` output, other lines ignored), pushed to `pauses` as they arrive. */
function collectGcPauses(stream: NodeJS.ReadableStream, pauses: GcPause[]): void {
  let pending = "";
  stream.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const match = GC_LINE.exec(line);
      if (match) pauses.push({ at: Date.now(), kind: match[1] as string, ms: Number(match[2]) });
    }
  });
}

/** Starts `command` on a free port (V8's `--trace-gc` on, its lines read into `pauses`); resolves once it
 * printed its ready line (60 s at most). */
async function startServer(
  command: ServerCommand,
  pauses: GcPause[] = [],
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await getFreePort();
  // --trace-gc prints one line per collection (a few a second here): the pauses, at no measurable cost.
  const child = spawn(process.execPath, ["--trace-gc", ...command.args(port)], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  collectGcPauses(child.stdout as NodeJS.ReadableStream, pauses);
  let printed = "";
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command.name} did not start: ${printed}`)),
      60_000,
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      // Kept short: Prism logs every request; only the start matters, the rest is drained.
      if (printed.length < 10_000) printed += chunk.toString();
      if (printed.includes(command.ready)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`${command.name} exited ${code}: ${printed}`)));
  });
  await ready;
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

/** A server's figures under the load, its peak memory, the CPU it and the load generator spent on it, and its
 * garbage collection pauses while the load was on. */
type Run = Step & { rss: number; serverCpuMs: number; generatorCpuMs: number; gc: GcPause[] };

/** One server under the load: its figures, its peak memory, and the CPU time (ms) of the server and of the
 * load generator (`load`: script generation and Artillery's start included) during the measured step. */
async function measure(command: ServerCommand, dir: string): Promise<Run> {
  const pauses: GcPause[] = [];
  const { child, baseUrl } = await startServer(command, pauses);
  try {
    console.log(`  ${command.name}:`);
    await step({ baseUrl }, dir, WARM_UP[0], WARM_UP[1]);
    const [server, generator] = [treeCpuMs(child.pid as number), reapedChildrenCpuMs()];
    const figures = await step({ baseUrl }, dir, RATE, SECONDS);
    return {
      ...figures,
      rss: peakRss(child.pid as number),
      serverCpuMs: treeCpuMs(child.pid as number) - server,
      generatorCpuMs: reapedChildrenCpuMs() - generator,
      gc: pauses.filter((p) => p.at >= figures.window[0] && p.at <= figures.window[1] + 1000),
    };
  } finally {
    child.kill("SIGKILL");
    if (child.exitCode === null) await once(child, "exit");
  }
}

/** The pauses in words: `GC 31 pauses, 412 ms in all, longest 48.2 ms (2 mark-compact: 48.2, 30.1 ms)`. */
function gcText(pauses: readonly GcPause[]): string {
  const total = pauses.reduce((sum, p) => sum + p.ms, 0);
  const longest = Math.max(0, ...pauses.map((p) => p.ms));
  const major = pauses.filter((p) => p.kind !== "Scavenge").map((p) => `${p.ms.toFixed(1)}`);
  const majors = major.length > 0 ? ` (${major.length} mark-compact: ${major.join(", ")} ms)` : "";
  return `GC ${pauses.length} pauses, ${total.toFixed(0)} ms in all, longest ${longest.toFixed(1)} ms${majors}`;
}

/** The mock and Prism CLI, one after the other, at RATE arrivals a second for SECONDS. */
export async function benchThroughput() {
  const dir = mkdtempSync(join(tmpdir(), "bench-throughput-"));
  const runs = new Map<string, Run>();
  for (const command of SERVERS) runs.set(command.name, await measure(command, dir));
  // Answered per second over the time the load actually took: a generator that falls behind stretches it. A span
  // within SLACK_SECONDS of the phase is the phase (the last answers' latency and Artillery's clock end it late).
  const rate = (s: Step) =>
    (s.requests - s.failed) / (s.spanSeconds <= SECONDS + SLACK_SECONDS ? SECONDS : s.spanSeconds);
  const rows = new Map([...runs].map(([name, s]) => [name, [rate(s)]]));
  const note = [...runs]
    .map(
      ([name, s]) =>
        `${name}: ${s.requests} requests over ${s.spanSeconds.toFixed(1)} s (${rate(s).toFixed(0)}/s answered without failure), ${s.nonConforming} non-conforming, ${s.failed} failed, p50 ${s.p50} ms, p99 ${s.p99} ms, peak RSS ${(s.rss / MB).toFixed(0)} MB, CPU ${((1000 * s.serverCpuMs) / Math.max(1, s.requests)).toFixed(0)} µs/request (${(s.serverCpuMs / 1000).toFixed(1)} s; the load generator's ${(s.generatorCpuMs / 1000).toFixed(1)} s), ${gcText(s.gc)}, load average ${s.load.toFixed(1)} at start`,
    )
    .join("; ");
  const mock = runs.get(SERVERS[0]?.name ?? "") as Run;
  return result(
    `Mock and Prism CLI under Artillery at ${RATE.toLocaleString("en-US")} arrivals/s (${SECONDS} s, the load generator on the same machine)`,
    "requests/s answered",
    rows,
    note,
    [
      target(
        "mock",
        `>= ${RATE} requests/s answered`,
        RATE - rate(mock),
        0,
        `${rate(mock).toFixed(0)}/s`,
      ),
      target("mock", `p99 < ${P99_MS} ms`, mock.p99, P99_MS, `p99 ${mock.p99} ms`),
      target(
        "mock",
        "every answer conforming, none failed",
        mock.nonConforming + mock.failed,
        0,
        `${mock.nonConforming} non-conforming, ${mock.failed} failed`,
      ),
    ],
  );
}
