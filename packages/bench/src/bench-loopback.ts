import { Agent, request } from "node:http";
import axios from "axios";
import createClient from "openapi-fetch";
import { startJsonServer } from "./child.js";
import type { ClientModule } from "./client.js";
import type { paths } from "./generated/schema.js";
import type { BenchResult } from "./results.js";
import { type CallBenchOptions, runCallRounds, warmUpCalls } from "./rounds.js";
import { requestExample, responseExample } from "./spec.js";
import { CLIENT_NOT_BUILT, contenderRows, ratioTarget } from "./summary.js";

const TOKEN = "bench-token";
const PATH = "/collections/getTransaction";
/** Name of the raw fetch contender that also gives fetch a timeout signal. */
const RAW_TIMEOUT = "raw fetch + timeout signal";

/** Builds one call function per contender, all against the same server with the same body and headers. */
export function loopbackCalls(
  baseUrl: string,
  body: Record<string, unknown>,
  client: ClientModule | null,
): Map<string, () => Promise<unknown>> {
  const headers = {
    "content-type": "application/json",
    accept: "application/json",
    authorization: `Bearer ${TOKEN}`,
    "accept-language": "en",
  };
  const calls = new Map<string, () => Promise<unknown>>();

  calls.set("raw fetch", async () => {
    const res = await fetch(baseUrl + PATH, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`raw fetch: HTTP ${res.status}`);
    return res.json();
  });

  // What any client with a per-call timeout pays on top of raw fetch: an AbortController whose signal
  // is given to fetch, and a timer (30 s, the client's default) cleared once the body is read.
  calls.set(RAW_TIMEOUT, async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    try {
      const res = await fetch(baseUrl + PATH, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      if (!res.ok) throw new Error(`raw fetch: HTTP ${res.status}`);
      return await res.json();
    } finally {
      clearTimeout(timer);
    }
  });

  const bare = createClient<paths>({ baseUrl, headers });
  calls.set("openapi-fetch", async () => {
    const { data, error } = await bare.POST(PATH, { body: body as never });
    if (error !== undefined || data === undefined) throw new Error("openapi-fetch: error response");
    return data;
  });

  if (client) {
    const ours = client.createMerchantPaymentsClient({ baseUrl, token: TOKEN });
    calls.set("@merchant-payments/client", () => ours.getTransaction(body));
  }

  const ax = axios.create({
    baseURL: baseUrl,
    headers,
    httpAgent: new Agent({ keepAlive: true, maxSockets: 1 }),
  });
  calls.set("axios", async () => (await ax.post(PATH, body)).data);

  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  calls.set(
    "node:http keep-alive",
    () =>
      new Promise((resolve, reject) => {
        const payload = JSON.stringify(body);
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: PATH,
            method: "POST",
            agent,
            headers: { ...headers, "content-length": Buffer.byteLength(payload) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => {
              if (res.statusCode !== 200) reject(new Error(`node:http: HTTP ${res.statusCode}`));
              else resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
            });
            res.on("error", reject);
          },
        );
        req.on("error", reject);
        req.end(payload);
      }),
  );
  return calls;
}

/** Benchmark 1: sequential getTransaction calls over a loopback keep-alive node:http server (wall time, then CPU time). */
export async function benchLoopback(options: CallBenchOptions): Promise<BenchResult[]> {
  const { doc, rounds, calls, warmup, slices, log } = options;
  const body = requestExample(doc, "getTransaction");
  const expected = responseExample(doc, "getTransaction").transactionReferenceNumber;
  const server = await startJsonServer();
  try {
    const fns = loopbackCalls(server.baseUrl, body, options.client);
    const contenders = [...fns].map(([name, call]) => ({ name, call }));
    await warmUpCalls(contenders, warmup, expected);
    log(`loopback: ${calls} sequential calls per contender per round, ${server.baseUrl}`);
    const { wall, cpu } = await runCallRounds(contenders, rounds, calls, slices, log);
    const rowNotes = {
      "raw fetch": "baseline",
      [RAW_TIMEOUT]: "reference",
      "node:http keep-alive": "the floor",
    };
    const rows = contenderRows(wall, "raw fetch", rowNotes);
    const result: BenchResult = {
      id: "loopback",
      title: "1. Call overhead over loopback (getTransaction)",
      unit: "µs/call",
      baseline: "raw fetch",
      rounds,
      contenders: rows,
      targets: [ratioTarget(rows, "@merchant-payments/client", "<= 1.10x raw fetch", { max: 1.1 })],
      notes: [
        `${calls} sequential calls per contender per round after ${warmup} warm-up calls each, against one keep-alive node:http server in a child process answering the spec's getTransaction example; every contender sends the same body and headers (the four the client sends: content-type, accept, accept-language, authorization) and parses the JSON answer.`,
        `Each round is cut into ${slices} slices of ${calls / slices} calls per contender, the order rotating every slice, so background load hits every contender alike. Sample = mean time per call over the round; ratios are per round against raw fetch (lower is faster).`,
      ],
    };
    if (!options.client) result.notes.push(CLIENT_NOT_BUILT);
    const cpuResult: BenchResult = {
      id: "loopback-cpu",
      title: "1b. CPU time per call in the calling process (same runs as 1)",
      unit: "µs/call",
      baseline: "raw fetch",
      rounds,
      contenders: contenderRows(cpu, "raw fetch", rowNotes),
      targets: [],
      notes: [
        "User + system CPU time of the benchmark process (process.cpuUsage) over the same slices as table 1, per call; the server's work is in its own process and not counted. Less sensitive than wall time to other load on the machine.",
        `"${RAW_TIMEOUT}" is raw fetch plus what a per-call timeout costs: an AbortController whose signal is given to fetch, and a 30 s timer cleared after the body is read.`,
      ],
    };
    return [result, cpuResult];
  } finally {
    await server.close();
  }
}
