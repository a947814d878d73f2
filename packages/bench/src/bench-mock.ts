// The mock against a trivial node:http server that parses the JSON, each in a child process: small-request
// and batch latency, RSS over 20 sequential batches, small requests while 4 batches run.
import { type ServerChild, startServerChild } from "./children.js";
import { buildBatch, example, HEADERS } from "./fixtures.js";
import { type BenchResult, latest, limitTarget, result, type Samples } from "./report.js";
import { type Log, reason, timed } from "./rounds.js";
import { median, quantile, roundOrder } from "./stats.js";

const [TRIVIAL, MOCK, MB] = ["trivial node:http", "startMock", 1e6];
const [lookup, submit] = [example("getTransaction"), example("submitDisbursementBatch")];
const [small, batch] = [JSON.stringify(lookup.request), JSON.stringify(buildBatch())];

/** One POST of `payload` to `path`; rejects unless the answer is 200 (60 s timeout). */
const post = (server: ServerChild, path: string, payload: string) => async () => {
  const init = {
    method: "POST",
    headers: HEADERS,
    body: payload,
    signal: AbortSignal.timeout(60_000),
  };
  const res = await fetch(`${server.baseUrl}${path}`, init);
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

/** Every mock benchmark (four tables). */
export async function benchMock(log: Log): Promise<BenchResult[]> {
  const servers = new Map([[TRIVIAL, await startServerChild("trivial")]]);
  const notes = [
    "Each server runs in a child process of its own and gets the same requests (fetch, the client's headers) and warm-up.",
  ];
  try {
    await startServerChild("mock").then(
      (mock) => servers.set(MOCK, mock),
      (error) => notes.push(`${MOCK}: not available yet (${reason(error)}).`),
    );
    const posting = (path: string, payload: string) =>
      [...servers].map(([name, server]) => ({ name, run: post(server, path, payload) }));
    const table = { unit: "ms/request", baseline: TRIVIAL, rounds: 5, notes };
    const smallTitle = "Mock: small request latency (getTransaction)";
    const smallRun = { ...table, rounds: 10, iterations: 100, warmup: 20, targets: { [MOCK]: 2 } };
    const smallMs = (await timed(smallTitle, posting(lookup.path, small), smallRun, log)).table;
    const batchTitle = `Mock: ${(batch.length / MB).toFixed(1)} MB batch latency (submitDisbursementBatch)`;
    const batchRun = { ...table, rounds: 8, iterations: 1, targets: { [MOCK]: 5 } };
    const batchMs = (await timed(batchTitle, posting(submit.path, batch), batchRun, log)).table;
    const ready = batchMs.contenders.map(({ name }) => name);
    const [rss, p90]: [Samples, Samples] = [new Map(), new Map(ready.map((name) => [name, []]))];
    for (const name of ready) {
      const server = servers.get(name) as ServerChild;
      rss.set(name, []);
      for (let i = 0; i < 20; i++) {
        await post(server, submit.path, batch)();
        rss.get(name)?.push((await server.stats()).rss / MB);
      }
      log(`  RSS of ${name} after each of 20 batches (MB): ${rss.get(name)?.map(Math.round)}`);
    }
    for (let round = 0; round < 3; round++) {
      for (const name of roundOrder(ready, round)) {
        p90.get(name)?.push(await p90DuringBatches(servers.get(name) as ServerChild));
      }
      log(`  p90 round ${round + 1}/3 (ms): ${latest(p90)}`);
    }
    const [mockRss = [], mockP90 = []] = [rss.get(MOCK), p90.get(MOCK)];
    const peak = mockRss.length ? Math.max(...mockRss) : undefined;
    const [first, last] = peak ? [median(mockRss.slice(0, 5)), median(mockRss.slice(-5))] : [1, 1];
    const latency = mockP90.length ? median(mockP90) : undefined;
    const [mb, ms] = [(v: number) => `${v.toFixed(0)} MB`, (v: number) => `${v.toFixed(0)} ms`];
    const growth = "no growth: batches 16-20 <= 1.10x batches 1-5 (median RSS)";
    const rssTargets = [
      limitTarget(MOCK, "peak RSS <= 300 MB", peak, 300, mb),
      limitTarget(MOCK, growth, peak && last / first, 1.1, () => `${mb(first)} -> ${mb(last)}`),
    ];
    const rssTitle = "Mock: RSS after each of 20 sequential batches";
    const rssNote =
      "The server process's RSS (worker threads included) after each answer; 1 MB = 10^6 bytes.";
    const rssTable = {
      ...table,
      title: rssTitle,
      unit: "MB",
      rounds: 20,
      targets: rssTargets,
      notes: [rssNote],
    };
    const p90Title = "Mock: small requests while 4 batches run, p90";
    const p90Note =
      "Per round and server: 4 batches sent at once, and sequential small requests on another connection until they are answered; sample = p90 of those small requests' latency.";
    const p90Target = limitTarget(MOCK, "p90 <= 300 ms", latency, 300, ms);
    const p90Table = {
      ...table,
      title: p90Title,
      unit: "ms",
      rounds: 3,
      targets: [p90Target],
      notes: [p90Note],
    };
    return [smallMs, batchMs, result(rssTable, rss), result(p90Table, p90)];
  } finally {
    for (const server of servers.values()) await server.close();
  }
}
