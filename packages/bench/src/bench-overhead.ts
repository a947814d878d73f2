import type { BenchResult } from "./results.js";
import { type CallBenchOptions, runCallRounds, warmUpCalls } from "./rounds.js";
import { requestExample, responseExample } from "./spec.js";
import { stubbedClient, stubbedOpenapiFetch } from "./stub.js";
import { CLIENT_NOT_BUILT, contenderRows, ratioTarget } from "./summary.js";

/** Benchmark 2: ops/s of getTransaction with a fetch that answers at once. */
export async function benchOverhead(options: CallBenchOptions): Promise<BenchResult> {
  const { doc, rounds, calls, warmup, slices, log } = options;
  const body = requestExample(doc, "getTransaction");
  const example = responseExample(doc, "getTransaction");
  const answer = JSON.stringify(example);
  const expected = example.transactionReferenceNumber;
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

  const contenders = [...fns].map(([name, call]) => ({ name, call }));
  await warmUpCalls(contenders, warmup, expected);
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
  if (!options.client) result.notes.push(CLIENT_NOT_BUILT);
  return result;
}
