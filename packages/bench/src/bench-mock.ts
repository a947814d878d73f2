// The mock against a trivial node:http server that parses the JSON, each in a child process: small-request
// and batch latency, RSS over 20 sequential batches, small requests while 4 batches run.
import { type ServerChild, withServer } from "./children.js";
import { buildBatch, example, HEADERS } from "./fixtures.js";
import { type BenchResult, fromSpec, type Samples } from "./report.js";
import { alternate, log, timed } from "./rounds.js";
import { median, quantile } from "./stats.js";

const [TRIVIAL, MOCK, MB] = ["trivial node:http", "startMock", 1e6];
const [lookup, submit] = [example("getTransaction"), example("submitDisbursementBatch")];
const [small, batch] = [JSON.stringify(lookup.request), JSON.stringify(buildBatch())];

/** One POST of `payload` to `path`; rejects unless the answer is 200 (60 s timeout). */
const post = (server: ServerChild, path: string, payload: string) => async () => {
  const signal = AbortSignal.timeout(60_000);
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: HEADERS,
    body: payload,
    signal,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`HTTP ${res.status} ${text.slice(0, 200)}`);
};

/** p90 latency (ms) of sequential small requests sent while 4 batches are in flight on other connections. */
async function p90DuringBatches(server: ServerChild): Promise<number> {
  const latencies: number[] = [];
  let done = false;
  const batches = Promise.all(Array.from({ length: 4 }, post(server, submit.path, batch)));
  const finished = batches.finally(() => {
    done = true;
  });
  while (!done) {
    const start = performance.now();
    await post(server, lookup.path, small)();
    latencies.push(performance.now() - start);
  }
  await finished;
  return quantile(latencies, 0.9);
}

/** The server's RSS (MB) after each of 20 sequential batches. */
async function rssOverBatches(server: ServerChild): Promise<number[]> {
  const rss: number[] = [];
  for (let i = 0; i < 20; i++) {
    await post(server, submit.path, batch)();
    rss.push((await server.stats()).rss / MB);
  }
  return rss;
}

/** Every mock benchmark (four tables). */
export const benchMock = () =>
  withServer("trivial", (trivial) => withServer("mock", (mock) => mockTables(trivial, mock)));

/** The four mock tables, from the same requests to the trivial server and to the mock. */
async function mockTables(trivial: ServerChild, mock: ServerChild): Promise<BenchResult[]> {
  const servers = new Map([
    [TRIVIAL, trivial],
    [MOCK, mock],
  ]);
  const posting = (path: string, payload: string) =>
    [...servers].map(([name, server]) => ({ name, run: post(server, path, payload) }));
  const smallMs = (await timed("mockSmall", posting(lookup.path, small))).wall;
  const batchMs = (await timed("mockBatch", posting(submit.path, batch))).wall;
  const rss: Samples = new Map();
  for (const [name, server] of servers) {
    rss.set(name, await rssOverBatches(server));
    log(`  RSS of ${name} after each of 20 batches (MB): ${rss.get(name)?.map(Math.round)}`);
  }
  const p90 = await alternate("p90 (ms)", [...servers.keys()], 3, async (name) =>
    p90DuringBatches(servers.get(name) as ServerChild),
  );
  const [mockRss, mockP90] = [rss.get(MOCK) ?? [], median(p90.get(MOCK) ?? [])];
  const [first, last, peak] = [
    median(mockRss.slice(0, 5)),
    median(mockRss.slice(-5)),
    Math.max(...mockRss),
  ];
  const shown = { peakMb: Math.round(peak), first: Math.round(first), last: Math.round(last) };
  return [
    fromSpec("mockSmall", smallMs),
    fromSpec("mockBatch", batchMs, { mb: (batch.length / MB).toFixed(1) }),
    fromSpec("mockRss", rss, { ...shown, peak, growth: last / first }),
    fromSpec("mockP90", p90, { p90: mockP90, p90Ms: Math.round(mockP90) }),
  ];
}
