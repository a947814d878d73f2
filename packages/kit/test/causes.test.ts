import { describe, expect, test } from "vitest";
import { causeChain, describeCauses } from "../src/causes.js";

describe("the cause-chain walker", () => {
  test("describes each message with its code, outermost first", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), {
      code: "ECONNREFUSED",
    });
    const error = new TypeError("fetch failed", { cause: refused });
    expect(describeCauses(error)).toBe(
      "fetch failed: connect ECONNREFUSED 127.0.0.1:9 (ECONNREFUSED)",
    );
    expect(describeCauses({ code: "UND_ERR_SOCKET" })).toBe("(UND_ERR_SOCKET)");
    expect(describeCauses("not an object")).toBe("");
  });

  test("ends on a cycle and at its bound", () => {
    const a: { cause?: unknown } = {};
    const b = { cause: a };
    a.cause = b;
    expect(causeChain(a)).toEqual([a, b]);
    let deep: unknown = new Error("root");
    for (let i = 0; i < 20; i++) deep = new Error(`level ${i}`, { cause: deep });
    expect(causeChain(deep, 5)).toHaveLength(5);
  });
});
