import { type ChildServer, startJsonServer } from "./child.js";
import { startPrism } from "./prism.js";
import type { BenchResult } from "./results.js";
import { type Contender, runRounds, timeSequential } from "./rounds.js";
import { buildBatch, maxBatchItems, requestExample, specYamlPath } from "./spec.js";
import { contenderRows } from "./summary.js";

/** Package name of the mock. */
const MOCK_PACKAGE: string = "@merchant-payments/mock";

/** Options of the mock benchmark. */
export interface MockOptions {
  // biome-ignore lint/suspicious/noExplicitAny: the bundled spec document.
  doc: any;
  /** Rounds (>= 5). */
  rounds: number;
  /** Small requests per server per round. */
  smallCalls: number;
  /** Batch requests per server per round. */
  batchCalls: number;
  log: (line: string) => void;
}

async function startMockServer(): Promise<{ server: ChildServer | null; reason: string }> {
  try {
    const mod = await import(MOCK_PACKAGE);
    if (typeof mod.startMock !== "function") return { server: null, reason: "no startMock export" };
    const mock = await mod.startMock({});
    return { server: { baseUrl: mock.baseUrl, close: () => mock.close() }, reason: "" };
  } catch (error) {
    return { server: null, reason: (error as Error).message };
  }
}

async function send(url: string, payload: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      authorization: "Bearer bench-token",
    },
    body: payload,
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, text: await res.text() };
}

async function post(url: string, payload: string): Promise<void> {
  const { status, text } = await send(url, payload);
  if (status !== 200) throw new Error(`${url}: HTTP ${status} ${text.slice(0, 300)}`);
}

/** Answers of each server to a maximal batch of `items` items padded past 10 MiB (stock Prism reads at most 10 MB; the workspace patches it to 64 MB). */
async function probeHeavyBatch(
  servers: Map<string, ChildServer>,
  heavy: string,
  items: number,
): Promise<string> {
  const parts: string[] = [];
  for (const [name, server] of servers) {
    const { status, text } = await send(`${server.baseUrl}/disbursements/batch/addJson`, heavy);
    parts.push(`${name} HTTP ${status}${status === 200 ? "" : ` ${text.slice(0, 120)}`}`);
  }
  return `Probe: the same ${items.toLocaleString("en-US")} items with 40 more characters per description (${(Buffer.byteLength(heavy) / (1024 * 1024)).toFixed(2)} MiB, still valid against the spec) got: ${parts.join("; ")}.`;
}

/** Benchmark 4: latency of a small request and of a maximal batch through the mock vs a trivial server. */
export async function benchMock(options: MockOptions): Promise<BenchResult[]> {
  const { doc, rounds, smallCalls, batchCalls, log } = options;
  const small = JSON.stringify(requestExample(doc, "getTransaction"));
  const items = maxBatchItems(doc);
  const batch = JSON.stringify(buildBatch(doc, items));
  const servers = new Map<string, ChildServer>();
  const notes: string[] = [];
  try {
    servers.set("trivial node:http", await startJsonServer());
    const mock = await startMockServer();
    if (mock.server) servers.set("startMock (Prism + front)", mock.server);
    else notes.push(`startMock not measured: ${mock.reason}`);
    servers.set("bare Prism", await startPrism(specYamlPath()));
    // Same warm-up for every server.
    for (const server of servers.values()) {
      for (let i = 0; i < 20; i++)
        await post(`${server.baseUrl}/collections/getTransaction`, small);
      await post(`${server.baseUrl}/disbursements/batch/addJson`, batch);
    }
    /** One contender per server: `calls` sequential POSTs of `payload` to `path`; sample = mean ms per request. */
    const posting = (path: string, payload: string, calls: number): Contender[] =>
      [...servers].map(([name, server]) => ({
        name,
        run: async () =>
          (await timeSequential(() => post(`${server.baseUrl}${path}`, payload), calls)) / 1000,
      }));
    log(`mock small: ${smallCalls} sequential getTransaction requests per server per round`);
    const smallSamples = await runRounds(
      posting("/collections/getTransaction", small, smallCalls),
      rounds,
      log,
    );
    log(`mock batch: ${items}-item batch, ${batchCalls} request(s) per server per round`);
    const batchSamples = await runRounds(
      posting("/disbursements/batch/addJson", batch, batchCalls),
      rounds,
      log,
    );
    notes.push(await probeHeavyBatch(servers, JSON.stringify(buildBatch(doc, items, 40)), items));
    const rowNotes = { "trivial node:http": "baseline: parses the JSON only" };
    const common = [
      "Recorded as facts, no target. Every server runs in its own process; requests are sequential raw fetch calls with the same body and headers, after the same warm-up (20 small requests and one batch).",
      "startMock is the mock package's helper (a front that answers malformed JSON, then Prism serving the spec's static examples); bare Prism is `prism mock` alone; the trivial server parses the JSON body and answers the spec's example.",
      ...notes,
    ];
    return [
      {
        id: "mock-small",
        title: "4a. Mock latency: small request (getTransaction)",
        unit: "ms/request",
        baseline: "trivial node:http",
        rounds,
        contenders: contenderRows(smallSamples, "trivial node:http", rowNotes),
        targets: [],
        notes: [
          `${smallCalls} sequential requests per server per round; sample = mean latency.`,
          ...common,
        ],
      },
      {
        id: "mock-batch",
        title: `4b. Mock latency: ${items.toLocaleString("en-US")}-item batch (submitDisbursementBatch)`,
        unit: "ms/request",
        baseline: "trivial node:http",
        rounds,
        contenders: contenderRows(batchSamples, "trivial node:http", rowNotes),
        targets: [],
        notes: [
          `${batchCalls} request(s) of ${(Buffer.byteLength(batch) / (1024 * 1024)).toFixed(2)} MiB per server per round; sample = mean latency.`,
          ...common,
        ],
      },
    ];
  } finally {
    for (const server of servers.values()) await server.close();
  }
}
