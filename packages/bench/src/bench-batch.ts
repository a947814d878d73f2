import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { BATCH_CONTENDERS, batchOp } from "./batch-ops.js";
import { siblingScript } from "./child.js";
import type { ClientModule } from "./client.js";
import { fmtBytes } from "./format.js";
import type { BenchResult, TargetResult } from "./results.js";
import { type Contender, runRounds, timeSequential } from "./rounds.js";
import { buildBatch, maxBatchItems } from "./spec.js";
import { median } from "./stats.js";
import { CLIENT_NOT_BUILT, contenderRows, ratioTarget } from "./summary.js";

const run = promisify(execFile);

/** Options of the batch benchmarks. */
export interface BatchOptions {
  // biome-ignore lint/suspicious/noExplicitAny: the bundled spec document.
  doc: any;
  client: ClientModule | null;
  /** Rounds (>= 5). */
  rounds: number;
  /** Operations per contender per round (the sample is their mean). */
  repeats: number;
  log: (line: string) => void;
}

/** Notes of the batch tables' reference rows. */
const BATCH_ROW_NOTES = {
  "JSON.stringify": "the floor",
  "openapi-fetch": "reference: no validation",
};

function contenderNames(client: ClientModule | null): string[] {
  return BATCH_CONTENDERS.filter((n) => client || n !== "@merchant-payments/client");
}

/** Benchmark 3a: time to validate and serialize a maximal batch vs JSON.stringify alone. */
export async function benchBatchTime(options: BatchOptions): Promise<BenchResult> {
  const { doc, client, rounds, repeats, log } = options;
  const items = maxBatchItems(doc);
  const body = buildBatch(doc, items);
  const contenders: Contender[] = [];
  for (const name of contenderNames(client)) {
    const op = batchOp(name, doc, client);
    if (!op) continue;
    for (let i = 0; i < 2; i++) await op(body); // same warm-up for every contender
    contenders.push({
      name,
      run: async () => (await timeSequential(() => op(body), repeats)) / 1000,
    });
  }
  log(`batch time: ${items} items, ${repeats} operations per contender per round`);
  const samples = await runRounds(contenders, rounds, log);
  const rows = contenderRows(samples, "JSON.stringify", BATCH_ROW_NOTES);
  const result: BenchResult = {
    id: "batch-time",
    title: `3a. ${items.toLocaleString("en-US")}-item batch: validate + serialize`,
    unit: "ms/batch",
    baseline: "JSON.stringify",
    rounds,
    contenders: rows,
    targets: [
      ratioTarget(rows, "@merchant-payments/client", "<= 1.3x JSON.stringify", { max: 1.3 }),
    ],
    notes: [
      `The batch has ${items} transactions (maxItems in the spec), built from the spec's first batch example with unique sourceReferenceNumbers; the same object is given to every contender.`,
      `submitDisbursementBatch and openapi-fetch run with a stubbed fetch answering the spec's example at once; the sample is the mean of ${repeats} operations after 2 warm-up operations.`,
    ],
  };
  if (!client) result.notes.push(CLIENT_NOT_BUILT);
  return result;
}

interface MemorySample {
  payloadBytes: number;
  extraBytes: number;
  gcsDuringCall: number;
}

/** V8 flags of the memory child: a new space large enough that no GC runs during one batch call. */
export const MEMORY_CHILD_FLAGS = [
  "--expose-gc",
  "--min-semi-space-size=128",
  "--max-semi-space-size=128",
];

/** Benchmark 3b: peak extra memory of each batch contender, one fresh child process per sample. */
export async function benchBatchMemory(options: BatchOptions): Promise<BenchResult> {
  const { doc, client, rounds, log } = options;
  const script = siblingScript("memory-child");
  let payloadBytes = 0;
  let gcRuns = 0;
  const contenders: Contender[] = contenderNames(client).map((name) => ({
    name,
    run: async () => {
      const { stdout } = await run(process.execPath, [...MEMORY_CHILD_FLAGS, script, name], {
        timeout: 120_000,
        maxBuffer: 1 << 20,
      });
      const sample = JSON.parse(stdout.trim().split("\n").pop() ?? "") as MemorySample;
      payloadBytes = sample.payloadBytes;
      gcRuns += sample.gcsDuringCall;
      return sample.extraBytes / (1024 * 1024);
    },
  }));
  log("batch memory: one child process per contender per round");
  const samples = await runRounds(contenders, rounds, log);
  const rows = contenderRows(samples, "JSON.stringify", BATCH_ROW_NOTES);
  const payloadMiB = payloadBytes / (1024 * 1024);
  const targets: TargetResult[] = [];
  const ours = rows.find((r) => r.name === "@merchant-payments/client");
  if (ours) {
    const ratio = ours.summary.median / payloadMiB;
    targets.push({
      contender: ours.name,
      description: "extra memory <= 2x payload size",
      measured: `${ours.summary.median.toFixed(1)} MiB = ${ratio.toFixed(2)}x the ${fmtBytes(payloadBytes)} payload`,
      met: ratio <= 2,
    });
  } else {
    targets.push({
      contender: "@merchant-payments/client",
      description: "extra memory <= 2x payload size",
      measured: "not measured",
      met: null,
    });
  }
  const floor = samples.get("JSON.stringify");
  return {
    id: "batch-memory",
    title: `3b. ${maxBatchItems(doc).toLocaleString("en-US")}-item batch: peak extra memory`,
    unit: "MiB",
    baseline: "JSON.stringify",
    rounds,
    contenders: rows,
    targets,
    notes: [
      `Payload = the serialized batch, ${fmtBytes(payloadBytes)} (${payloadBytes} bytes of UTF-8 JSON).`,
      `Each sample runs in a fresh \`node ${MEMORY_CHILD_FLAGS.join(" ")}\` child: build the batch, warm up on 100-item batches, collect garbage, run one operation. With new space that large no GC runs during the call, so the growth of V8 heap + external memory over the call counts every byte it allocated (garbage included): an upper bound of its peak extra memory.`,
      gcRuns === 0
        ? "No GC ran during any measured call."
        : `${gcRuns} GC(s) ran during measured calls; those samples undercount allocation.`,
      floor
        ? `The floor itself allocates ${median(floor).toFixed(1)} MiB (the JSON string and JSON.stringify's working buffers).`
        : "",
    ].filter((n) => n !== ""),
  };
}
