import { describe, expect, test } from "vitest";
import { timed } from "../src/measure.js";

describe("timed", () => {
  test("calls a contender that is not an async function exactly warm-up + rounds × iterations times", async () => {
    let calls = 0;
    // A plain function returning a promise, as the client's contenders are (tinybench probes such a function once).
    const run = () => new Promise((resolve) => setImmediate(() => resolve(++calls)));
    const { wall } = await timed({ rounds: 2, iterations: 3, warmup: 1 }, [{ name: "plain", run }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(1 + 2 * 3);
    expect(wall.get("plain")).toHaveLength(2);
  });
});
