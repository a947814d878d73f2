import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundledSpecPath, type MockServer, SpecLoadError, startMock } from "../src/index.js";
import { portIsFree, post } from "./helpers.js";

const lookup = JSON.stringify({
  merchantAccountNumber: 12345678,
  transactionReferenceNumber: "TXN-20240115-000123",
});

describe("a started mock", () => {
  let mock: MockServer;
  beforeAll(async () => {
    // The body timeout bounds a hang here: a 25 MB body can take longer than the default 5 s to arrive on a busy machine.
    mock = await startMock({ errors: true, limits: { bodyTimeoutMs: 100_000 } });
  });
  afterAll(async () => {
    await mock?.close();
  });

  test("serves the spec's first example once startMock resolves", async () => {
    const answer = await post(`${mock.baseUrl}/collections/getTransaction`, lookup);
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ transactionReferenceNumber: "TXN-20240115-000123" });
    expect(mock.baseUrl).toBe(`http://127.0.0.1:${mock.port}`);
  });

  test("answers the example and the status a Prefer header asks for", async () => {
    const example = await post(`${mock.baseUrl}/collections/getTransaction`, lookup, {
      prefer: "example=TransactionIntegerBeneficiary",
    });
    expect(example.json()).toMatchObject({ beneficiaryAccountNumber: 9007199254740 });
    const unavailable = await post(`${mock.baseUrl}/collections/getTransaction`, lookup, {
      prefer: "code=503",
    });
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get("content-type")).toContain("application/problem+json");
    const limited = await post(`${mock.baseUrl}/collections/getTransaction`, lookup, {
      prefer: "code=429",
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("30");
  });

  test.each([
    ["a truncated object", '{"merchantAccountNumber":12345678,'],
    ["an unquoted key", "{merchantAccountNumber: 12345678}"],
    ["a trailing comma", '{"merchantAccountNumber":12345678,}'],
    ["plain words", "not json at all"],
  ])(
    "answers %s with a 400 problem at once, without waiting for the body timeout",
    async (_name, body) => {
      // This mock's body timeout is 100 s: an answer within 30 s (a bound on a busy machine) did not wait for it.
      const answer = await post(`${mock.baseUrl}/collections/getTransaction`, body, {}, 30_000);
      expect(answer.status).toBe(400);
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
      expect(answer.json()).toMatchObject({
        type: expect.any(String),
        title: expect.any(String),
        status: 400,
        detail: expect.stringContaining("not valid JSON"),
      });
    },
  );

  test("answers malformed JSON sent in chunks with a 400 problem within a second", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"merchantAccountNumber":'));
        controller.enqueue(new TextEncoder().encode("12345678,}"));
        controller.close();
      },
    });
    const response = await fetch(`${mock.baseUrl}/collections/getTransaction`, {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { authorization: "Bearer t", "content-type": "application/json; charset=utf-8" },
      signal: AbortSignal.timeout(1000),
    } as RequestInit);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400 });
  });

  test("answers a body of another media type with a 415 problem, not as malformed JSON", async () => {
    const answer = await post(`${mock.baseUrl}/collections/getTransaction`, "{bad", {
      "content-type": "text/plain",
    });
    expect(answer.status).toBe(415);
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
  });

  test("answers an invalid request with a 422 problem and a missing credential with 401", async () => {
    const invalid = await post(
      `${mock.baseUrl}/collections/getTransaction`,
      JSON.stringify({ merchantAccountNumber: 9999999, transactionReferenceNumber: "x" }),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get("sl-violations")).toContain("merchantAccountNumber");
    const response = await fetch(`${mock.baseUrl}/collections/getTransaction`, {
      method: "POST",
      body: lookup,
      headers: { "content-type": "application/json" },
      signal: AbortSignal.timeout(5000),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
  });

  test("answers 422 when the MerchantAccountNumber header differs from the body's merchantAccountNumber", async () => {
    const body = JSON.stringify({
      eventCode: "payment.success",
      merchantAccountNumber: 12345678,
      deletedBy: "integrations@cornergrocers.example",
    });
    const url = `${mock.baseUrl}/merchants/webhooks/delete`;
    const mismatch = await post(url, body, { merchantaccountnumber: "87654321" });
    expect(mismatch.status).toBe(422);
    expect(mismatch.headers.get("content-type")).toBe("application/problem+json");
    expect(mismatch.json()).toMatchObject({
      status: 422,
      detail: expect.stringContaining("must equal merchantAccountNumber in the body"),
    });
    const equal = await post(url, body, { merchantaccountnumber: "12345678" });
    expect(equal.status).toBe(200);
  });

  test("accepts a valid batch of the largest size the spec allows, over Prism's stock 10 MB body limit", async () => {
    const spec = JSON.parse(readFileSync(bundledSpecPath(), "utf8"));
    const maxItems: number =
      spec.components.schemas.DisbursementBatch.properties.transactions.maxItems;
    const item = {
      beneficiaryName: "A beneficiary with a rather long registered business name Ltd",
      connectorId: 3,
      beneficiaryAccountNumber: "0722000111",
      transactionDescription: "Monthly commission for the agents of the northern region, January",
      transactionAmount: 4500.75,
      sourceReferenceNumber: "PAY-2024-02-0000001",
    };
    const body = JSON.stringify({
      header: { merchantAccountNumber: 12345678, isBatchScheduled: false },
      transactions: Array.from({ length: maxItems }, () => item),
    });
    expect(Buffer.byteLength(body)).toBeGreaterThan(10 * 1024 * 1024);
    const answer = await post(`${mock.baseUrl}/disbursements/batch/addJson`, body, {}, 100_000);
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ batchNumber: expect.any(Number) });
  });

  test("records the violations it finds", async () => {
    const before = mock.violations.length;
    await post(
      `${mock.baseUrl}/collections/getTransaction`,
      JSON.stringify({ merchantAccountNumber: 100000000, transactionReferenceNumber: "x" }),
    );
    const report = mock.violations.at(-1);
    expect(mock.violations.length).toBe(before + 1);
    expect(report?.path).toBe("/collections/getTransaction");
    expect(report?.issues[0]).toMatchObject({
      check: "request body",
      path: "/merchantAccountNumber",
      keyword: "maximum",
      message: expect.stringMatching(/merchantAccountNumber must be <= 99999999/),
    });
  });
});

describe("the life cycle of a mock", () => {
  let blocker: Server | undefined;
  afterAll(async () => {
    await new Promise((resolve) => (blocker ? blocker.close(resolve) : resolve(undefined)));
  });

  test("frees the port after close(), and a second close() is harmless", async () => {
    const mock = await startMock();
    expect(await portIsFree(mock.port)).toBe(false);
    await mock.close();
    expect(await portIsFree(mock.port)).toBe(true);
    await mock.close();
  });

  test("rejects with the parser's message when the spec cannot be parsed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mock-bad-spec-"));
    const spec = join(dir, "openapi.yaml");
    writeFileSync(spec, "openapi: 3.1.0\ninfo: {title: broken\n");
    const attempt = startMock({ spec });
    await expect(attempt).rejects.toBeInstanceOf(SpecLoadError);
    await expect(attempt).rejects.toThrow(/Error parsing .*openapi\.yaml/);
  });

  test("rejects with the file system's message when the spec file does not exist", async () => {
    await expect(startMock({ spec: "/nonexistent/openapi.yaml" })).rejects.toThrow(
      /ENOENT: no such file or directory/,
    );
  });

  test("rejects when the port is already taken", async () => {
    blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker?.listen(0, "127.0.0.1", () => {
        const address = blocker?.address();
        resolve(typeof address === "object" && address ? address.port : 0);
      }),
    );
    await expect(startMock({ port })).rejects.toThrow(/EADDRINUSE/);
  });
});

describe("dynamic mode", () => {
  test("generates the same data for the same seed, and other data for another seed", async () => {
    const body = JSON.stringify({ merchantAccountNumber: 12345678, userId: "1024" });
    const [a, b, c] = await Promise.all([
      startMock({ dynamic: true, seed: "contract-42" }),
      startMock({ dynamic: true, seed: "contract-42" }),
      startMock({ dynamic: true, seed: "another-seed" }),
    ]);
    try {
      const [fromA, fromB, fromC] = await Promise.all(
        [a, b, c].map((m) => post(`${m.baseUrl}/security/merchantUsers/get`, body)),
      );
      expect(fromA?.status).toBe(200);
      expect(fromA?.text).toBe(fromB?.text);
      expect(fromA?.text).not.toBe(fromC?.text);
      expect(fromA?.json()).not.toMatchObject({ userId: "1024", firstName: "Wanjiku" });
    } finally {
      await Promise.all([a, b, c].map((m) => m.close()));
    }
  });
});

describe("logging", () => {
  test("logs one line per request at info, and never a request body", async () => {
    const lines: string[] = [];
    const mock = await startMock({ logLevel: "info", onLog: (line) => lines.push(line) });
    try {
      const marker = "TXN-SECRET-MARKER-7f3a";
      await post(
        `${mock.baseUrl}/collections/getTransaction`,
        JSON.stringify({ merchantAccountNumber: 12345678, transactionReferenceNumber: marker }),
      );
      await post(
        `${mock.baseUrl}/collections/getTransaction`,
        JSON.stringify({ merchantAccountNumber: 1, marker }),
      );
      expect(lines.some((line) => line.includes("POST /collections/getTransaction 200"))).toBe(
        true,
      );
      expect(lines.join("\n")).not.toContain(marker);
    } finally {
      await mock.close();
    }
  });

  test("logs nothing by default", async () => {
    const lines: string[] = [];
    const mock = await startMock({ onLog: (line) => lines.push(line) });
    try {
      await post(
        `${mock.baseUrl}/collections/getTransaction`,
        JSON.stringify({ merchantAccountNumber: 1 }),
      );
      expect(lines).toEqual([]);
    } finally {
      await mock.close();
    }
  });
});

describe("another spec", () => {
  test("serves an operation added to a copy of the bundle, with its checks and examples", async () => {
    const document = JSON.parse(readFileSync(bundledSpecPath(), "utf8"));
    const [path, item] = Object.entries(
      document.paths as Record<string, Record<string, unknown>>,
    ).find(
      ([, entry]) => (entry.post as { operationId?: string })?.operationId === "getTransaction",
    ) as [string, { post: Record<string, unknown> }];
    document.paths["/collections/getTransactionCopy"] = {
      post: { ...item.post, operationId: "getTransactionCopy" },
    };
    const dir = mkdtempSync(join(tmpdir(), "mock-more-ops-"));
    const spec = join(dir, "openapi.json");
    writeFileSync(spec, JSON.stringify(document));
    const mock = await startMock({ spec });
    try {
      const answer = await post(`${mock.baseUrl}/collections/getTransactionCopy`, lookup);
      expect(answer.status).toBe(200);
      expect(answer.json()).toMatchObject({ transactionReferenceNumber: "TXN-20240115-000123" });
      const invalid = await post(
        `${mock.baseUrl}/collections/getTransactionCopy`,
        JSON.stringify({ merchantAccountNumber: 1, transactionReferenceNumber: "x" }),
      );
      expect(invalid.status).toBe(422);
      expect(path).toBe("/collections/getTransaction");
    } finally {
      await mock.close();
    }
  });
});
