import type { ClientModule } from "./client.js";
import type { BenchResult } from "./results.js";
import { runCallRounds } from "./rounds.js";
import { requestExample, responseExample } from "./spec.js";
import { stubbedClient, stubbedOpenapiFetch } from "./stub.js";
import { contenderRows, ratioTarget } from "./summary.js";

/** Options of the stubbed-fetch overhead benchmark. */
export interface OverheadOptions {
  // biome-ignore lint/suspicious/noExplicitAny: the bundled spec document.
  doc: any;
  client: ClientModule | null;
  /** Rounds (>= 5). */
  rounds: number;
  /** Calls per contender per round. */
  calls: number;
  /** Warm-up calls per contender before the first round. */
  warmup: number;
  /** Slices each round is cut into, contenders alternating slice by slice. */
  slices: number;
  log: (line: string) => void;
}

/** Benchmark 2: ops/s of getTransaction with a fetch that answers at once. */
export async function benchOverhead(options: OverheadOptions): Promise<BenchResult> {
  const { doc, rounds, calls, warmup, slices, log } = options;
  const body = requestExample(doc, "getTransaction");
  const answer = JSON.stringify(responseExample(doc, "getTransaction"));
  const expected = responseExample(doc, "getTransaction").transactionReferenceNumber;
  const fns = new Map<string, () => Promise<Record<string, unknown>>>();

  const bare = stubbedOpenapiFetch(answer);
  fns.set("openapi-fetch", async () => {
    const { data, error } = await bare.POST("/collections/getTransaction", { body: body as never });
    if (error !== undefined || data === undefined) throw new Error("openapi-fetch: error response");
    return data as Record<string, unknown>;
  });
  if (options.client) {
    const ours = stubbedClient(options.client, answer);
    fns.set("@merchant-payments/client", () => ours.getTransaction(body));
  }

  for (const [name, fn] of fns) {
    for (let i = 0; i < warmup; i++) {
      const data = await fn();
      if (data.transactionReferenceNumber !== expected)
        throw new Error(`${name}: unexpected answer`);
    }
  }
  const contenders = [...fns].map(([name, call]) => ({ name, call }));
  log(`overhead: ${calls} calls per contender per round with a stubbed fetch`);
  const { wall: perCall } = await runCallRounds(contenders, rounds, calls, slices, log);
  const samples = new Map([...perCall].map(([name, us]) => [name, us.map((u) => 1e6 / u)]));
  const rows = contenderRows(samples, "openapi-fetch", { "openapi-fetch": "baseline" });
  const result: BenchResult = {
    id: "overhead",
    title: "2. Pure overhead with a stubbed fetch (getTransaction)",
    unit: "ops/s",
    baseline: "openapi-fetch",
    rounds,
    contenders: rows,
    targets: [
      ratioTarget(rows, "@merchant-payments/client", ">= 0.5x bare openapi-fetch ops/s", {
        min: 0.5,
      }),
    ],
    notes: [
      `${calls} sequential calls per contender per round (in ${slices} slices, the order rotating every slice) after ${warmup} warm-up calls; the stubbed fetch returns a new 200 Response with the spec's getTransaction example and never reads the request.`,
      "Ratios are per round against bare openapi-fetch (higher is faster); the client's figure includes its validation and normalization.",
    ],
  };
  if (!options.client) result.notes.push("@merchant-payments/client not measured: not built.");
  return result;
}
