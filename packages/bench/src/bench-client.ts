// The client's benchmarks: per call over loopback (wall and CPU, both transports), 1,000 concurrent calls,
// a stubbed fetch, and the maximal batch (time; memory in fresh child processes).
import { Agent, request } from "node:http";
import type { MerchantPaymentsClient, paths } from "@merchant-payments/client";
import axios from "axios";
import createClient from "openapi-fetch";
import { MEMORY_FLAGS, memoryInChild, startServerChild } from "./children.js";
import * as fx from "./fixtures.js";
import {
  type BenchResult,
  latest,
  limitTarget,
  ratioTarget,
  result,
  type Samples,
} from "./report.js";
import { type Contender, type Log, reason, timed } from "./rounds.js";
import { median, roundOrder } from "./stats.js";

const [RAW, RAW_TIMEOUT] = ["raw fetch", "raw fetch + timeout signal"];
const CLIENT = "@merchant-payments/client";
const CLIENT_FETCH = `${CLIENT}, fetch path (fetch option given)`;
const CLIENT_DECIMALS = `${CLIENT}, decimals: "string"`;
const lookup = fx.example("getTransaction");
const stubbed = (answer: unknown) => ({
  baseUrl: "http://127.0.0.1:9",
  fetch: fx.stubFetch(answer),
});
type Call = (client: MerchantPaymentsClient) => Promise<unknown>;

/** A contender calling a client made with `options`; a missing build or option makes its runs fail. */
function viaClient(name: string, client: fx.ClientModule, options: object, call: Call): Contender {
  try {
    const made = fx.clientWith(client, { token: "bench-token", ...options });
    return { name, run: () => call(made) };
  } catch (error) {
    return { name, run: () => Promise.reject(error) };
  }
}

/** Resolves once a stubbed lookup with `decimals: "string"` gave every decimal field as its text. */
async function decimalsAsText(client: fx.ClientModule): Promise<void> {
  const options = { ...stubbed(lookup.answer), decimals: "string" };
  const probe = viaClient("", client, options, (c) => c.getTransaction(lookup.request));
  const [expected, answer] = [
    fx.withDecimalStrings(lookup.answer, lookup.schema),
    await probe.run(),
  ];
  const fields = Object.keys(expected).filter((k) => expected[k] !== lookup.answer[k]);
  const wrong = fields.find((k) => (answer as typeof expected)[k] !== expected[k]);
  if (wrong || !fields.length) throw new Error(`decimals come back as numbers (${wrong})`);
}

let decimalsChecked: Promise<void> | undefined;

/** The client with `decimals: "string"`, once decimalsAsText passed (once per process). */
function viaDecimals(client: fx.ClientModule, options: object, call: Call): Contender {
  const inner = viaClient(CLIENT_DECIMALS, client, { ...options, decimals: "string" }, call);
  const run = async () => {
    decimalsChecked ??= decimalsAsText(client);
    await decimalsChecked;
    return inner.run();
  };
  return { name: CLIENT_DECIMALS, run };
}

/** The per-call contenders: the same getTransaction body and headers to `baseUrl`, the answer parsed. */
function callContenders(baseUrl: string, client: fx.ClientModule): Contender[] {
  const [url, body, headers] = [`${baseUrl}${lookup.path}`, lookup.request, fx.HEADERS];
  const viaFetch = async (signal?: AbortSignal) =>
    (await fetch(url, { method: "POST", headers, body: JSON.stringify(body), signal })).json();
  const bare = createClient<paths>({ baseUrl, headers });
  const agent = new Agent({ keepAlive: true });
  const ax = axios.create({ baseURL: baseUrl, headers, httpAgent: agent });
  const call: Call = (c) => c.getTransaction(body);
  const withTimeout = () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    return viaFetch(controller.signal).finally(() => clearTimeout(timer));
  };
  const viaNodeHttp = () =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const length = { "content-length": Buffer.byteLength(payload) };
      const options = { method: "POST", agent, headers: { ...headers, ...length } };
      const req = request(url, options, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk)).on("error", reject);
        res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8"))));
      });
      req.on("error", reject).end(payload);
    });
  const viaFetchOption = { baseUrl, fetch: (input: string, init: object) => fetch(input, init) };
  return [
    { name: RAW, run: () => viaFetch() },
    { name: RAW_TIMEOUT, run: withTimeout },
    viaClient(CLIENT, client, { baseUrl }, call),
    viaClient(CLIENT_FETCH, client, viaFetchOption, call),
    { name: "openapi-fetch", run: async () => (await bare.POST(lookup.path, { body })).data },
    { name: "axios", run: async () => (await ax.post(lookup.path, body)).data },
    { name: "node:http keep-alive agent", run: viaNodeHttp },
  ];
}

/** Throws unless `answer` (or each answer of an array) is the spec's getTransaction example. */
function checkLookup(answer: unknown): void {
  for (const one of [answer].flat() as { transactionReferenceNumber?: string }[]) {
    const expected = lookup.answer.transactionReferenceNumber;
    if (one?.transactionReferenceNumber !== expected)
      throw new Error(`answered ${JSON.stringify(one)}`);
  }
}

/** Per call over loopback, wall and CPU time, against a trivial server in a child process. */
export async function benchLoopback(client: fx.ClientModule, log: Log): Promise<BenchResult[]> {
  const server = await startServerChild("trivial");
  try {
    const notes = [
      "Sequential calls to a keep-alive node:http server in a child process answering the spec's example; every contender sends the client's headers and parses the answer.",
      `"${RAW_TIMEOUT}" adds what a per-call timeout costs on fetch (an AbortController's signal, a 30 s timer). The fetch path is the client given a \`fetch\` option, as in browsers, Deno, Bun and edge runtimes.`,
    ];
    const options = {
      unit: "µs/call",
      scale: 1000,
      rounds: 30,
      iterations: 60,
      warmup: 200,
      notes,
    };
    const contenders = callContenders(server.baseUrl, client);
    const title = "Per call over loopback (getTransaction)";
    const run = await timed(
      title,
      contenders,
      { ...options, targets: { [CLIENT]: 0.6 }, check: checkLookup },
      log,
    );
    run.table.targets.push(ratioTarget(run.wall, CLIENT_FETCH, RAW_TIMEOUT, 1));
    const cpuNotes = [
      "User + system CPU time of the benchmark process per call; the server's is not counted.",
    ];
    const cpuTable = {
      ...run.table,
      title: "CPU per call in the calling process (same runs)",
      notes: cpuNotes,
    };
    return [
      run.table,
      result({ ...cpuTable, targets: [ratioTarget(run.cpu, CLIENT, RAW, 0.55)] }, run.cpu),
    ];
  } finally {
    await server.close();
  }
}

/** 1,000 concurrent calls per contender, against a trivial server in a child process. */
export async function benchConcurrent(client: fx.ClientModule, log: Log): Promise<BenchResult> {
  const server = await startServerChild("trivial");
  try {
    const burst = (run: Contender["run"]) => () => Promise.all(Array.from({ length: 1000 }, run));
    const calls = callContenders(server.baseUrl, client).filter((c) => c.name !== RAW_TIMEOUT);
    const contenders = calls.map(({ name, run }) => ({ name, run: burst(run) }));
    const opened: string[] = [];
    for (const { name, run } of contenders) {
      const before = (await server.stats()).connections;
      await run().catch(() => {});
      opened.push(`${name} ${(await server.stats()).connections - before}`);
    }
    const notes = [
      `Sample = wall time of 1,000 calls started at once (Promise.all). Sockets each contender opened in its first burst (counted by the server; the fetch-based contenders share undici's global pool, so those after the first reuse its sockets): ${opened.join("; ")}.`,
    ];
    const options = { unit: "ms/1,000 calls", rounds: 5, iterations: 1, notes, check: checkLookup };
    const title = "1,000 concurrent calls (getTransaction)";
    return (await timed(title, contenders, { ...options, targets: { [CLIENT]: 0.7 } }, log)).table;
  } finally {
    await server.close();
  }
}

/** Per call with a stubbed fetch that answers at once: each library's own cost. */
export async function benchStubbed(client: fx.ClientModule, log: Log): Promise<BenchResult> {
  const [options, body] = [stubbed(lookup.answer), lookup.request];
  const bare = createClient<paths>({ ...options, headers: fx.HEADERS });
  const call: Call = (c) => c.getTransaction(body);
  const contenders = [
    { name: "openapi-fetch", run: async () => (await bare.POST(lookup.path, { body })).data },
    viaClient(CLIENT, client, options, call),
    viaDecimals(client, options, call),
  ];
  const notes = ["The stubbed fetch answers a new 200 Response with the spec's example at once."];
  const run = { unit: "µs/call", scale: 1000, rounds: 20, iterations: 1000, warmup: 2000, notes };
  const title = "Per call with a stubbed fetch (getTransaction)";
  return (await timed(title, contenders, { ...run, check: checkLookup }, log)).table;
}

/** The batch contenders on `items` items (default maxItems): validate where they do, serialize; fetch stubbed. */
export function batchContenders(client: fx.ClientModule, items?: number): Contender[] {
  const batch = fx.buildBatch(items);
  const { path, requestSchema, answer } = fx.example("submitDisbursementBatch");
  const withStrings = fx.withDecimalStrings(batch, requestSchema);
  const bare = createClient<paths>(stubbed(answer));
  const submit = (body: unknown) => (c: MerchantPaymentsClient) =>
    c.submitDisbursementBatch(body as never);
  const viaOpenapiFetch = async () => (await bare.POST(path, { body: batch })).data;
  return [
    { name: "JSON.stringify", run: async () => JSON.stringify(batch).length },
    viaClient(CLIENT, client, stubbed(answer), submit(batch)),
    viaDecimals(client, stubbed(answer), submit(withStrings)),
    { name: "openapi-fetch (no validation)", run: viaOpenapiFetch },
  ];
}

/** The maximal batch: validate + serialize vs JSON.stringify of the same object. */
export async function benchBatch(client: fx.ClientModule, log: Log): Promise<BenchResult> {
  const notes = [
    "The spec's batch example repeated to maxItems transactions, the same object for every contender; fetch stubbed.",
    `With decimals: "string" every field the spec types as a decimal is a string (converted before timing); the bytes sent are those JSON.stringify writes for the numbers.`,
  ];
  const targets = { [CLIENT]: 1.1, [CLIENT_DECIMALS]: 1.5 };
  const title = `${fx.buildBatch().transactions.length.toLocaleString("en-US")}-item batch: validate + serialize`;
  const options = { unit: "ms/batch", rounds: 15, iterations: 2, warmup: 2, targets, notes };
  return (await timed(title, batchContenders(client), options, log)).table;
}

/** The maximal batch's extra memory (heap + external growth over one call), each sample in a fresh child. */
export async function benchBatchMemory(client: fx.ClientModule, log: Log): Promise<BenchResult> {
  const samples: Samples = new Map(batchContenders(client, 1).map(({ name }) => [name, []]));
  const [notes, rounds, MiB] = [[] as string[], 3, 2 ** 20];
  let [payload, gcs] = [1, 0];
  for (let round = 0; round < rounds; round++) {
    for (const name of roundOrder([...samples.keys()], round)) {
      const sample = await memoryInChild(name).catch((error) => {
        samples.delete(name);
        notes.push(`${name}: not available yet (${reason(error)}).`);
      });
      if (sample) [payload, gcs] = [sample.payloadBytes / MiB, gcs + sample.gcs];
      if (sample) samples.get(name)?.push(sample.extraBytes / MiB);
    }
    log(`  memory round ${round + 1}/${rounds} (MiB): ${latest(samples)}`);
  }
  const ours = samples.get(CLIENT);
  const ratio = ours && median(ours) / payload;
  notes.push(
    `Each sample is a fresh \`node ${MEMORY_FLAGS.join(" ")}\` child: build the batch, warm up on 100 items, collect garbage, run one call. No GC runs during the call (${gcs} did in all), so the growth counts every byte it allocated: an upper bound of its peak.`,
  );
  const show = (r: number) => `${r.toFixed(2)}x the ${payload.toFixed(2)} MiB payload`;
  const targets = [limitTarget(CLIENT, "extra memory <= 2x the payload", ratio, 2, show)];
  const title = "Batch: extra memory of one call (fresh child per sample)";
  return result(
    { title, unit: "MiB", baseline: "JSON.stringify", rounds, targets, notes },
    samples,
  );
}
