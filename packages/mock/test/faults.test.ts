import { createAjv, loadBundle } from "@merchant-payments/spec";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundledSpecPath, type MockServer, startMock } from "../src/index.js";
import { post } from "./helpers.js";
import { head, rawExchange } from "./raw-http.js";

const ajv = createAjv(loadBundle(bundledSpecPath()));
const lookup = JSON.stringify({
  merchantAccountNumber: 12345678,
  transactionReferenceNumber: "TXN-20240115-000123",
});
const fees = JSON.stringify({
  merchantAccountNumber: 12345678,
  feeType: "D",
  channelType: "MW",
  transactionAmount: 1000,
});
const GET_TRANSACTION = "/collections/getTransaction";
const CALCULATE_FEES = "/merchants/fees/calculate";

function expectProblem(answer: { status: number; headers: Headers; text: string }, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get("content-type")).toBe("application/problem+json");
  expect(ajv.issuesAt("/components/schemas/Problem", JSON.parse(answer.text))).toEqual([]);
}

describe("fault injection", () => {
  const started: MockServer[] = [];
  const start = async (options: Parameters<typeof startMock>[0]) => {
    const mock = await startMock(options);
    started.push(mock);
    return mock;
  };
  afterAll(async () => {
    await Promise.all(started.map((m) => m.close()));
  });

  test("answers 503 problems to every request of an operation whose rate is 1, and leaves the others alone", async () => {
    const mock = await start({
      faults: { operations: { getTransaction: { rate: 1, kinds: ["unavailable"] } } },
    });
    expectProblem(await post(`${mock.baseUrl}${GET_TRANSACTION}`, lookup), 503);
    expectProblem(await post(`${mock.baseUrl}${GET_TRANSACTION}`, lookup), 503);
    expect((await post(`${mock.baseUrl}${CALCULATE_FEES}`, fees)).status).toBe(200);
  });

  test("answers 429 with the configured Retry-After", async () => {
    const mock = await start({
      faults: { rate: 1, kinds: ["rate-limited"], retryAfterSeconds: 7 },
    });
    const answer = await post(`${mock.baseUrl}${GET_TRANSACTION}`, lookup);
    expectProblem(answer, 429);
    expect(answer.headers.get("retry-after")).toBe("7");
  });

  test("faults a seeded share of requests, the same ones again for the same seed", async () => {
    const options = { faults: { seed: "share", rate: 0.3, kinds: ["unavailable" as const] } };
    const [a, b] = await Promise.all([start(options), start(options)]);
    const statuses = async (mock: MockServer) => {
      const out: number[] = [];
      for (let i = 0; i < 60; i++)
        out.push((await post(`${mock.baseUrl}${GET_TRANSACTION}`, lookup)).status);
      return out;
    };
    const [fromA, fromB] = [await statuses(a), await statuses(b)];
    expect(fromA).toEqual(fromB);
    const faulted = fromA.filter((s) => s === 503).length;
    expect(faulted).toBeGreaterThan(5);
    expect(faulted).toBeLessThan(35);
    expect(fromA.every((s) => s === 200 || s === 503)).toBe(true);
  });

  test("adds latency before a correct answer", async () => {
    const mock = await start({ faults: { rate: 1, kinds: ["latency"], latencyMs: 300 } });
    const before = Date.now();
    const answer = await post(`${mock.baseUrl}${GET_TRANSACTION}`, lookup);
    expect(answer.status).toBe(200);
    expect(Date.now() - before).toBeGreaterThanOrEqual(290);
  });

  test("drops the connection without an answer", async () => {
    const mock = await start({ faults: { rate: 1, kinds: ["drop"] } });
    await expect(post(`${mock.baseUrl}${GET_TRANSACTION}`, lookup)).rejects.toThrow();
  });

  test("resets the connection in the middle of the body", async () => {
    const mock = await start({ faults: { rate: 1, kinds: ["reset"] } });
    const answer = await rawExchange(mock.port, [
      head("POST", GET_TRANSACTION, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(lookup),
      }),
      lookup,
    ]);
    expect(answer.status).toBe(200);
    expect(answer.end).not.toBe("complete");
    expect(Buffer.byteLength(answer.body)).toBeLessThan(Number(answer.headers["content-length"]));
    expect(() => JSON.parse(answer.body)).toThrow();
  });

  test("refuses fault options it cannot honour, naming the field", async () => {
    await expect(startMock({ faults: { rate: 2 } })).rejects.toThrow(
      /faults\.rate must be from 0 to 1/,
    );
    await expect(
      startMock({ faults: { operations: { noSuchOperation: { rate: 1 } } } }),
    ).rejects.toThrow(/noSuchOperation is not an operation of the spec/);
    // @ts-expect-error: not a fault kind
    await expect(startMock({ faults: { rate: 1, kinds: ["meteor"] } })).rejects.toThrow(
      /unknown fault "meteor"/,
    );
  });
});

describe("a fault forced by a Prefer header", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(async () => {
    await mock?.close();
  });

  test("applies to that request only", async () => {
    const limited = await post(`${mock.baseUrl}${GET_TRANSACTION}`, lookup, {
      prefer: "fault=rate-limited, retry-after=3",
    });
    expectProblem(limited, 429);
    expect(limited.headers.get("retry-after")).toBe("3");
    expectProblem(
      await post(`${mock.baseUrl}${GET_TRANSACTION}`, lookup, { prefer: "fault=unavailable" }),
      503,
    );
    await expect(
      post(`${mock.baseUrl}${GET_TRANSACTION}`, lookup, { prefer: "fault=drop" }),
    ).rejects.toThrow();
    expect((await post(`${mock.baseUrl}${GET_TRANSACTION}`, lookup)).status).toBe(200);
  });

  test("answers an unknown fault with a 422 problem", async () => {
    expectProblem(
      await post(`${mock.baseUrl}${GET_TRANSACTION}`, lookup, { prefer: "fault=meteor" }),
      422,
    );
  });
});
