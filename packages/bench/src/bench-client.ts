// The client's benchmarks: per call over loopback (wall and CPU, both transports), 1,000 concurrent calls,
// a stubbed fetch, and the maximal batch (time; memory in fresh child processes).
import { Agent, request } from "node:http";
import { createMerchantPaymentsClient, type paths } from "@merchant-payments/client";
import axios from "axios";
import createClient from "openapi-fetch";
import { MEMORY_FLAGS, memoryInChild, withServer } from "./children.js";
import { buildBatch, example, HEADERS, withDecimalStrings } from "./fixtures.js";
import { type BenchResult, fromSpec } from "./report.js";
import { alternate, type Contender, timed } from "./rounds.js";
import { median } from "./stats.js";

const [RAW_TIMEOUT, CLIENT] = ["raw fetch + timeout signal", "@merchant-payments/client"];
const CLIENT_FETCH = `${CLIENT}, fetch path (fetch option given)`;
const CLIENT_DECIMALS = `${CLIENT}, decimals: "string"`;
const lookup = example("getTransaction");
type Operation = "getTransaction" | "submitDisbursementBatch";

/** Client options whose fetch answers 200 with `answer` at once (no network, request not read). */
const stubbed = (answer: unknown) => ({
  baseUrl: "http://127.0.0.1:9",
  fetch: async () => Response.json(answer),
});

/** The client with the benchmark's token and `options`. */
const clientWith = (options: object) =>
  createMerchantPaymentsClient({ token: "bench-token", ...options } as never);

/** One POST of `body` through a keep-alive node:http agent, the answer parsed. */
const viaNodeHttp = (url: string, body: unknown, agent: Agent) =>
  new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const headers = { ...HEADERS, "content-length": Buffer.byteLength(payload) };
    const req = request(url, { method: "POST", agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk)).on("error", reject);
      res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8"))));
    });
    req.on("error", reject).end(payload);
  });

/** The per-call contenders: the same getTransaction body and headers to `baseUrl`, the answer parsed. */
function callContenders(baseUrl: string): Contender[] {
  const [url, body, headers] = [`${baseUrl}${lookup.path}`, lookup.request, HEADERS];
  const viaFetch = async (signal?: AbortSignal) =>
    (await fetch(url, { method: "POST", headers, body: JSON.stringify(body), signal })).json();
  const withTimeout = () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    return viaFetch(controller.signal).finally(() => clearTimeout(timer));
  };
  const bare = createClient<paths>({ baseUrl, headers });
  const agent = new Agent({ keepAlive: true });
  const ax = axios.create({ baseURL: baseUrl, headers, httpAgent: agent });
  const ours = clientWith({ baseUrl });
  const oursViaFetch = clientWith({
    baseUrl,
    fetch: (input: string, init: object) => fetch(input, init),
  });
  return [
    { name: "raw fetch", run: () => viaFetch() },
    { name: RAW_TIMEOUT, run: withTimeout },
    { name: CLIENT, run: () => ours.getTransaction(body) },
    { name: CLIENT_FETCH, run: () => oursViaFetch.getTransaction(body) },
    { name: "openapi-fetch", run: async () => (await bare.POST(lookup.path, { body })).data },
    { name: "axios", run: async () => (await ax.post(lookup.path, body)).data },
    { name: "node:http keep-alive agent", run: () => viaNodeHttp(url, body, agent) },
  ];
}

/** Throws unless `answer` (or each answer of an array) is the spec's getTransaction example. */
function checkLookup(answer: unknown): void {
  for (const one of [answer].flat() as { transactionReferenceNumber?: string }[]) {
    if (one?.transactionReferenceNumber !== lookup.answer.transactionReferenceNumber)
      throw new Error(`answered ${JSON.stringify(one)}`);
  }
}

/** Per call over loopback, wall and CPU time, against a trivial server in a child process. */
export const benchLoopback = () =>
  withServer("trivial", async ({ baseUrl }) => {
    const { wall, cpu } = await timed("loopback", callContenders(baseUrl), checkLookup);
    return [fromSpec("loopback", wall), fromSpec("cpu", cpu)];
  });

/** 1,000 concurrent calls per contender, against a trivial server in a child process. */
export const benchConcurrent = () =>
  withServer("trivial", async (server) => {
    const burst = (run: Contender["run"]) => () => Promise.all(Array.from({ length: 1000 }, run));
    const contenders = callContenders(server.baseUrl)
      .filter(({ name }) => name !== RAW_TIMEOUT)
      .map(({ name, run }) => ({ name, run: burst(run) }));
    const opened: string[] = [];
    for (const { name, run } of contenders) {
      const before = (await server.stats()).connections;
      await run();
      opened.push(`${name} ${(await server.stats()).connections - before}`);
    }
    const { wall } = await timed("concurrent", contenders, checkLookup);
    return fromSpec("concurrent", wall, { opened: opened.join("; ") });
  });

/** The client, the client with decimals: "string" (given `textBody`) and openapi-fetch; fetch stubbed. */
function stubbedContenders(operationId: Operation, body: unknown, textBody = body): Contender[] {
  const { path, answer } = example(operationId);
  const bare = createClient<paths>({ ...stubbed(answer), headers: HEADERS });
  const ours = clientWith(stubbed(answer));
  const decimals = clientWith({ ...stubbed(answer), decimals: "string" });
  return [
    { name: CLIENT, run: () => ours[operationId](body as never) },
    { name: CLIENT_DECIMALS, run: () => decimals[operationId](textBody as never) },
    { name: "openapi-fetch", run: async () => (await bare.POST(path, { body } as never)).data },
  ];
}

/** Per call with a stubbed fetch that answers at once: each library's own cost. */
export async function benchStubbed(): Promise<BenchResult> {
  const [ours, decimals, bare] = stubbedContenders("getTransaction", lookup.request);
  const contenders = [bare, ours, decimals] as Contender[];
  return fromSpec("stubbed", (await timed("stubbed", contenders, checkLookup)).wall);
}

/** The batch contenders on `items` items (default maxItems): validate where they do, serialize. */
export function batchContenders(items?: number): Contender[] {
  const batch = buildBatch(items);
  const withStrings = withDecimalStrings(batch, example("submitDisbursementBatch").requestSchema);
  const [ours, decimals, bare] = stubbedContenders("submitDisbursementBatch", batch, withStrings);
  const bareRun = (bare as Contender).run;
  return [
    { name: "JSON.stringify", run: async () => JSON.stringify(batch).length },
    ...([ours, decimals] as Contender[]),
    { name: "openapi-fetch (no validation)", run: bareRun },
  ];
}

/** The maximal batch: validate + serialize vs JSON.stringify of the same object; fetch stubbed. */
export async function benchBatch(): Promise<BenchResult> {
  const items = buildBatch().transactions.length.toLocaleString("en-US");
  return fromSpec("batch", (await timed("batch", batchContenders())).wall, { items });
}

/** The maximal batch's extra memory (heap + external growth over one call), each sample in a fresh child. */
export async function benchBatchMemory(): Promise<BenchResult> {
  const [MiB, children] = [2 ** 20, [] as Awaited<ReturnType<typeof memoryInChild>>[]];
  const names = batchContenders(1).map(({ name }) => name);
  const samples = await alternate("memory (MiB)", names, 3, async (name) => {
    children.push(await memoryInChild(name));
    return (children.at(-1)?.extraBytes ?? Number.NaN) / MiB;
  });
  const payload = (children[0]?.payloadBytes ?? Number.NaN) / MiB;
  const gcs = children.reduce((sum, child) => sum + child.gcs, 0);
  const ratio = median(samples.get(CLIENT) ?? []) / payload;
  return fromSpec("memory", samples, { ratio, payload, gcs, flags: MEMORY_FLAGS.join(" ") });
}
