// Child process: memory one batch contender needs for a maximal batch. argv[2] = contender name.
// Run with --expose-gc and a new space large enough that no GC runs during the operation
// (--min-semi-space-size=128 --max-semi-space-size=128): then heap + external growth over the call is
// every byte the call allocated, an upper bound of its peak extra memory. Prints one JSON line:
// { payloadBytes, extraBytes, gcsDuringCall }.
import { PerformanceObserver } from "node:perf_hooks";
import { batchOp } from "./batch-ops.js";
import { loadClient } from "./client.js";
import { collectGarbage } from "./rounds.js";
import { buildBatch, loadSpec, maxBatchItems } from "./spec.js";

function used(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

async function main(): Promise<void> {
  const name = process.argv[2] ?? "";
  if (!(globalThis as { gc?: unknown }).gc) throw new Error("run with --expose-gc");
  let gcs = 0;
  new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  }).observe({ entryTypes: ["gc"] });
  const doc = loadSpec();
  const { module: client, reason } = await loadClient();
  const op = batchOp(name, doc, client);
  if (!op) throw new Error(`${name} cannot run: ${reason}`);
  // Warm up on small batches so code loading and compilation are not counted.
  for (let i = 0; i < 5; i++) await op(buildBatch(doc, 100));
  const body = buildBatch(doc, maxBatchItems(doc));
  const payloadBytes = Buffer.byteLength(JSON.stringify(body));
  collectGarbage();
  await settle();
  const gcsBefore = gcs;
  const before = used();
  const result = await op(body);
  const extraBytes = used() - before;
  await settle();
  if (result === undefined) throw new Error(`${name} returned nothing`);
  process.stdout.write(
    `${JSON.stringify({ payloadBytes, extraBytes, gcsDuringCall: gcs - gcsBefore })}\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
