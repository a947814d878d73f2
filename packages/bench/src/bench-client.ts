// The client's benchmarks (loopback, concurrent, stubbed, batch, memory); payloads from the spec.
import { Agent, request } from "node:http";
import { createMerchantPaymentsClient, type paths } from "@merchant-payments/client";
import { deref, type Json, loadBundle, operation, responseFor } from "@merchant-payments/spec";
import { placeBearer } from "@merchant-payments/spec/wire/credentials";
import axios from "axios";
import createClient, { type Client } from "openapi-fetch";
import { median } from "simple-statistics";
import { x } from "tinyexec";
import { alternate, type Contender, script, timed, withServer } from "./measure.js";
import { result, target } from "./report.js";

/** The bearer token every contender sends (the servers take any). */
const TOKEN = "bench-token";
/** The credential as the client places it. */
const bearer = placeBearer(TOKEN);

/** The headers the client sends (hand-written contenders send the same). */
export const HEADERS = {
  "content-type": "application/json",
  accept: "application/json",
  [bearer.name]: bearer.value,
  "accept-language": "en",
};

/** Method (upper case), path, first request example and schema, and first 200 example of an operation. */
export function example(operationId: string) {
  const { method, path, request } = operation(operationId);
  const answer = responseFor(operation(operationId), 200)?.content[0]?.examples[0]?.value;
  const [body, requestSchema] = [structuredClone(request?.examples[0]?.value), request?.schema];
  return { method, path, request: body, requestSchema, answer };
}

/** One call through openapi-fetch's `request` by the method and path the spec gives (any method). */
type AnyMethodCall = (
  method: string,
  path: string,
  init: { body: unknown },
) => Promise<{ data?: unknown }>;

/** openapi-fetch's `request` of `client`, typed for whatever method and path the spec gives an operation. */
const byMethod = (client: Client<paths>) => client.request as unknown as AnyMethodCall;

/** The spec's submitDisbursementBatch example with `count` transactions (default maxItems), references unique. */
export function buildBatch(count?: number): Json {
  const { request, requestSchema } = example("submitDisbursementBatch");
  const { transactions } = deref(loadBundle(), requestSchema).properties;
  const length = count ?? deref(loadBundle(), transactions).maxItems;
  const items = Array.from({ length }, (_, i) => ({
    ...request.transactions[i % request.transactions.length],
    sourceReferenceNumber: `BENCH-${String(i + 1).padStart(6, "0")}`,
  }));
  return { header: request.header, transactions: items };
}

const [RAW, RAW_TIMEOUT] = ["raw fetch", "raw fetch + timeout signal"];
const [CLIENT, STRINGIFY] = ["@merchant-payments/client", "JSON.stringify"];
const CLIENT_FETCH = `${CLIENT}, fetch path (fetch option given)`;
const CLIENT_DECIMALS = `${CLIENT}, decimals: "string"`;
const lookup = example("getTransaction");
const clientWith = (options: object) =>
  createMerchantPaymentsClient({ token: TOKEN, ...options } as never);

/** The per-call contenders (same body and headers, answer parsed); each target's pair neighbours. */
function callContenders(baseUrl: string): Contender[] {
  const [url, body, headers] = [`${baseUrl}${lookup.path}`, lookup.request, HEADERS];
  const { method, path } = lookup;
  const viaFetch = async (signal?: AbortSignal) =>
    (await fetch(url, { method, headers, body: JSON.stringify(body), signal })).json();
  const withTimeout = () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    return viaFetch(controller.signal).finally(() => clearTimeout(timer));
  };
  const agent = new Agent({ keepAlive: true });
  const viaNodeHttp = () =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const length = { "content-length": Buffer.byteLength(payload) };
      const options = { method, agent, headers: { ...headers, ...length } };
      const req = request(url, options, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk)).on("error", reject);
        res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8"))));
      });
      req.on("error", reject).end(payload);
    });
  const bare = byMethod(createClient<paths>({ baseUrl, headers }));
  const ax = axios.create({ baseURL: baseUrl, headers, httpAgent: agent });
  const [ours, oursViaFetch] = [clientWith({ baseUrl }), clientWith({ baseUrl, fetch })];
  return [
    { name: RAW, run: () => viaFetch() },
    { name: CLIENT, run: () => ours.getTransaction(body) },
    { name: RAW_TIMEOUT, run: withTimeout },
    { name: CLIENT_FETCH, run: () => oursViaFetch.getTransaction(body) },
    { name: "openapi-fetch", run: async () => (await bare(method, path, { body })).data },
    { name: "axios", run: async () => (await ax.request({ method, url: path, data: body })).data },
    { name: "node:http keep-alive agent", run: viaNodeHttp },
  ];
}

/** Throws unless `answer` (or each answer of an array) is the spec's getTransaction example. */
function assertLookupAnswer(answer: unknown): void {
  const { transactionReferenceNumber: ref } = lookup.answer;
  if ([answer].flat().some((one: Json) => one?.transactionReferenceNumber !== ref))
    throw new Error(`answered ${JSON.stringify(answer).slice(0, 300)}`);
}

/** Per call over loopback, wall and CPU time, against a trivial server in a child process. */
export const loopback = () =>
  withServer("trivial", async ({ baseUrl }) => {
    const plan = { rounds: 140, iterations: 100, warmup: 200, scale: 1000 };
    const { wall, cpu, note } = await timed(plan, callContenders(baseUrl), assertLookupAnswer);
    const cpuTitle = "CPU per call in the calling process (same runs)";
    return [
      result("Per call over loopback (getTransaction)", "µs/call", wall, note, [
        [CLIENT, RAW, 0.45],
        [CLIENT_FETCH, RAW_TIMEOUT, 1],
      ]),
      result(cpuTitle, "µs/call", cpu, "", [[CLIENT, RAW, 0.55]]),
    ];
  });

/** 1,000 concurrent calls per contender (sockets each opened), against a trivial server child. */
export const concurrent = () =>
  withServer("trivial", async (server) => {
    const burst = (run: Contender["run"]) => () => Promise.all(Array.from({ length: 1000 }, run));
    const contenders = callContenders(server.baseUrl).map((c) => ({ ...c, run: burst(c.run) }));
    const opened: string[] = [];
    for (const { name, run } of contenders) {
      const before = (await server.stats()).connections;
      assertLookupAnswer(await run()); // the warm-up burst
      opened.push(`${name} ${(await server.stats()).connections - before}`);
    }
    const { wall } = await timed({ rounds: 6, iterations: 1, warmup: 0 }, contenders);
    const note = `Each round: 1 burst per contender. Sockets each opened in its warm-up burst: ${opened.join("; ")}.`;
    const title = "1,000 concurrent calls (getTransaction)";
    return result(title, "ms/1,000 calls", wall, note, [[CLIENT, RAW, 0.7]]);
  });

/** openapi-fetch, the client and the client with decimals: "string"; fetch stubbed. */
function stubbedContenders(operation: "getTransaction" | "submitDisbursementBatch", body: unknown) {
  const { method, path, answer } = example(operation);
  const stub = { baseUrl: "http://127.0.0.1:9", fetch: async () => Response.json(answer) };
  const [bare, ours] = [
    byMethod(createClient<paths>({ ...stub, headers: HEADERS })),
    clientWith(stub),
  ];
  const decimals = clientWith({ ...stub, decimals: "string" });
  return [
    { name: "openapi-fetch", run: async () => (await bare(method, path, { body })).data },
    { name: CLIENT, run: () => ours[operation](body as never) },
    { name: CLIENT_DECIMALS, run: () => decimals[operation](body as never) },
  ];
}

/** Per call with a stubbed fetch that answers at once: each library's own cost. */
export async function stubbed() {
  const plan = { rounds: 12, iterations: 1000, warmup: 2000, scale: 1000 };
  const { wall, note } = await timed(plan, stubbedContenders("getTransaction", lookup.request));
  return result("Per call with a stubbed fetch (getTransaction)", "µs/call", wall, note, []);
}

/** The batch contenders on `items` items (default maxItems): JSON.stringify, then the libraries. */
export function batchContenders(items?: number): Contender[] {
  const batch = buildBatch(items);
  const [bare, ours, decimals] = stubbedContenders("submitDisbursementBatch", batch);
  const stringify = { name: STRINGIFY, run: async () => JSON.stringify(batch).length };
  const noValidation = { name: "openapi-fetch (no validation)", run: bare?.run };
  return [stringify, ours, decimals, noValidation] as Contender[];
}

/** The maximal batch: validate + serialize vs JSON.stringify of the same object; fetch stubbed. */
export async function batch() {
  const { wall, note } = await timed({ rounds: 48, iterations: 5, warmup: 3 }, batchContenders());
  const items = buildBatch().transactions.length.toLocaleString("en-US");
  return result(`${items}-item batch: validate + serialize`, "ms/batch", wall, note, [
    [CLIENT, STRINGIFY, 1.1],
    [CLIENT_DECIMALS, STRINGIFY, 1.5],
  ]);
}

/** The maximal batch's extra memory (heap + external growth over one call), each in a fresh child. */
export async function memory() {
  // A new space so large that no GC runs during the call: the growth is every byte it allocated.
  const flags = ["--expose-gc", "--min-semi-space-size=128", "--max-semi-space-size=128"];
  const [MiB, gcs] = [2 ** 20, [] as number[]];
  const samples = await alternate(batchContenders(1), 3, async ({ name }) => {
    const args = [...flags, script, "memory", name];
    const { stdout } = await x(process.execPath, args, { timeout: 120_000, throwOnError: true });
    const child: { extraBytes: number; gcs: number } = JSON.parse(stdout);
    gcs.push(child.gcs);
    return child.extraBytes / MiB;
  });
  const payload = Buffer.byteLength(JSON.stringify(buildBatch())) / MiB;
  const ratio = median(samples.get(CLIENT) ?? []) / payload;
  const measured = `${ratio.toFixed(2)}x the ${payload.toFixed(2)} MiB payload`;
  const note = `GCs during the calls: ${gcs.reduce((sum, n) => sum + n, 0)}.`;
  return result("Batch: extra memory of one call (fresh child per sample)", "MiB", samples, note, [
    target(CLIENT, "<= 2x the payload", ratio, 2, measured),
  ]);
}
