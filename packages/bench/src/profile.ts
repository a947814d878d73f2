// `pnpm --filter @merchant-payments/bench profile [contender...]`: CPU-profiles loopback contenders (V8
// sampling profiler, as node --cpu-prof, 100 µs interval) and prints where their time goes. Each contender runs alone in a child process
// (2000 warm-up calls, then 10000 profiled calls against the loopback server), and the report lists the
// functions with the most self time and the inclusive time of the client's own functions.
import { execFileSync } from "node:child_process";
import { Session } from "node:inspector/promises";
import { loopbackCalls } from "./bench-loopback.js";
import { siblingScript, startJsonServer } from "./child.js";
import { loadClient } from "./client.js";
import { loadSpec, requestExample } from "./spec.js";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Self and inclusive time (µs) per function of a CPU profile, keyed "name url:line". */
export function profileTimes(profile: CpuProfile): {
  self: Map<string, number>;
  inclusive: Map<string, number>;
  totalUs: number;
} {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: ProfileNode) => {
    const file = n.callFrame.url
      .replace(/^.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, "")
      .replace(/^file:\/\/.*\/packages\//, "");
    return `${n.callFrame.functionName || "(anonymous)"} ${file}:${n.callFrame.lineNumber + 1}`;
  };
  // One key per node, computed once rather than for every sample and every frame of its stack.
  const keyOf = new Map(profile.nodes.map((n) => [n.id, key(n)]));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    totalUs += dt;
    const own = keyOf.get(id);
    if (own === undefined) return;
    self.set(own, (self.get(own) ?? 0) + dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = keyOf.get(cur) as string;
      if (!seen.has(k)) {
        seen.add(k);
        inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
      }
    }
  });
  return { self, inclusive, totalUs };
}

/** Areas self time is grouped into, first match wins. */
const AREAS: [string, RegExp][] = [
  ["idle (waiting for the server)", /^\(idle\)/],
  ["garbage collector", /^\(garbage collector\)/],
  ["socket writes (writev)", /^writev /],
  ["@merchant-payments/client", /client\/dist\//],
  ["openapi-fetch", /openapi-fetch/],
  ["axios", /axios/],
  ["benchmark harness", /bench\/dist\//],
  ["undici (fetch)", /undici/],
  ["web streams", /webstreams/],
  ["abort signals and events", /abort_controller|node:events|event_target/],
];

async function child(name: string, calls: number): Promise<void> {
  const doc = loadSpec();
  const { module: client } = await loadClient();
  const server = await startJsonServer();
  try {
    const call = loopbackCalls(server.baseUrl, requestExample(doc, "getTransaction"), client).get(
      name,
    );
    if (!call) throw new Error(`unknown contender ${name}`);
    for (let i = 0; i < 2000; i++) await call();
    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 100 });
    await session.post("Profiler.start");
    const start = performance.now();
    for (let i = 0; i < calls; i++) await call();
    const us = ((performance.now() - start) * 1000) / calls;
    const { profile } = await session.post("Profiler.stop");
    session.disconnect();
    process.stdout.write(`${JSON.stringify({ us, profile })}\n`);
  } finally {
    await server.close();
  }
}

function report(name: string, us: number, profile: CpuProfile, calls: number): void {
  const { self, inclusive, totalUs } = profileTimes(profile);
  const perCall = (t: number) => `${(t / calls).toFixed(1)} µs/call`;
  const pct = (t: number) => `${((100 * t) / totalUs).toFixed(1)}%`;
  console.log(
    `\n== ${name}: ${us.toFixed(1)} µs/call wall, profiled ${perCall(totalUs)} (all threads' JS on the main thread)`,
  );
  console.log("top self time:");
  for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${pct(t).padStart(6)} ${perCall(t).padStart(14)}  ${k}`);
  }
  const areas = new Map<string, number>();
  for (const [k, t] of self) {
    const area = AREAS.find(([, test]) => test.test(k))?.[0] ?? "other";
    areas.set(area, (areas.get(area) ?? 0) + t);
  }
  console.log("self time by area:");
  for (const [area, t] of [...areas].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${pct(t).padStart(6)} ${perCall(t).padStart(14)}  ${area}`);
  }
  const own = [...inclusive].filter(([k]) => k.includes("client/dist") || k.includes("bench/dist"));
  console.log("inclusive time of client and harness functions:");
  for (const [k, t] of own.sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${pct(t).padStart(6)} ${perCall(t).padStart(14)}  ${k}`);
  }
}

async function main(): Promise<void> {
  const [mode, ...rest] = process.argv.slice(2);
  const calls = 10_000;
  if (mode === "--child") return child(rest[0] ?? "", calls);
  const names = mode ? [mode, ...rest] : ["raw fetch", "@merchant-payments/client"];
  for (const name of names) {
    const out = execFileSync(
      process.execPath,
      ["--expose-gc", siblingScript("profile"), "--child", name],
      {
        maxBuffer: 512 << 20,
        encoding: "utf8",
      },
    );
    const { us, profile } = JSON.parse(out.trim().split("\n").pop() ?? "");
    report(name, us, profile, calls);
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
