// The mock against a trivial node:http server that parses the JSON, each in a child process.

import { median, quantile } from "simple-statistics";
import { buildBatch, example, HEADERS } from "./bench-client.js";
import { alternate, type Server, timed, withServer } from "./measure.js";
import { result, target } from "./report.js";

const [TRIVIAL, MOCK, MB] = ["trivial node:http", "startMock", 1e6];
const [lookup, submit] = [example("getTransaction"), example("submitDisbursementBatch")];
const [small, batch] = [JSON.stringify(lookup.request), JSON.stringify(buildBatch())];

/** An operation's method and path, as the spec gives them. */
type Target = { readonly method: string; readonly path: string };

/** One call of `target` with `body`; rejects unless the answer is 200 (60 s timeout). */
const send =
  (server: Server, { method, path }: Target, body: string) =>
  async () => {
    const init = { method, headers: HEADERS, body, signal: AbortSignal.timeout(60_000) };
    const res = await fetch(`${server.baseUrl}${path}`, init);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`HTTP ${res.status} ${text.slice(0, 200)}`);
  };

/** p90 latency (ms) of sequential small requests sent while 4 batches are in flight. */
async function p90DuringBatches(server: Server): Promise<number> {
  const latencies: number[] = [];
  let done = false;
  const batches = Array.from({ length: 4 }, send(server, submit, batch));
  const finished = Promise.all(batches).finally(() => {
    done = true;
  });
  while (!done) {
    const start = performance.now();
    await send(server, lookup, small)();
    latencies.push(performance.now() - start);
  }
  await finished;
  return quantile(latencies, 0.9);
}

/** Every mock benchmark (four tables), from the same requests to the trivial server and the mock. */
export const benchMock = () =>
  withServer("trivial", (trivial) => withServer("mock", (mock) => mockTables(trivial, mock)));

async function mockTables(trivial: Server, mock: Server) {
  const servers = [TRIVIAL, MOCK].map((name, i) => ({ name, server: i ? mock : trivial }));
  const sending = (target: Target, body: string) =>
    servers.map(({ name, server }) => ({ name, run: send(server, target, body) }));
  const smallPlan = { rounds: 12, iterations: 100, warmup: 20 };
  const smallMs = await timed(smallPlan, sending(lookup, small));
  const batchMs = await timed({ rounds: 8, iterations: 1, warmup: 1 }, sending(submit, batch));
  const rss = await alternate(servers, 20, async ({ server }) => {
    await send(server, submit, batch)();
    return (await server.stats()).rss / MB;
  });
  const p90 = await alternate(servers, 4, ({ server }) => p90DuringBatches(server));
  const [mockRss, mockP90] = [rss.get(MOCK) ?? [], median(p90.get(MOCK) ?? [])];
  const [first, last] = [median(mockRss.slice(0, 5)), median(mockRss.slice(-5))];
  const [peak, growth] = [Math.max(...mockRss), `${Math.round(first)} -> ${Math.round(last)} MB`];
  const [mb, unit] = [(batch.length / MB).toFixed(1), "ms/request"];
  return [
    result("Mock: small request latency", unit, smallMs.wall, smallMs.note, [[MOCK, TRIVIAL, 2]]),
    result(`Mock: ${mb} MB batch latency`, unit, batchMs.wall, batchMs.note, [[MOCK, TRIVIAL, 5]]),
    result("Mock: RSS after each of 20 batches (alternated)", "MB", rss, "", [
      target(MOCK, "peak RSS <= 300 MB", peak, 300, `${Math.round(peak)} MB`),
      target(MOCK, "no growth: batches 16-20 <= 1.10x batches 1-5", last / first, 1.1, growth),
    ]),
    result("Mock: small requests while 4 batches run, p90", "ms", p90, "", [
      target(MOCK, "p90 <= 300 ms", mockP90, 300, `${Math.round(mockP90)} ms`),
    ]),
  ];
}
