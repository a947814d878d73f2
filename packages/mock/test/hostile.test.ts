import type { Socket } from "node:net";
import { checkResponse, createAjv, deref, loadBundle, operations } from "@merchant-payments/spec";
import { credentialKind, placeCredential, serializeParameters } from "@merchant-payments/spec/wire";
import { testSeed } from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundledSpecPath, type MockServer, startMock } from "../src/index.js";
import { head, open, type RawAnswer, rawExchange } from "./raw-http.js";

const document = loadBundle(bundledSpecPath());
const ajv = createAjv(document);
const ops = operations(document);
const PROBLEM_SCHEMA = "/components/schemas/Problem";

/** Every problem the mock sends must be the spec's Problem, with the status it was sent with. */
function problemIssues(answer: RawAnswer): string[] {
  const issues: string[] = [];
  if (answer.headers["content-type"] !== "application/problem+json")
    issues.push(`content-type ${answer.headers["content-type"]}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return [...issues, `body is not JSON: ${answer.body.slice(0, 80)}`];
  }
  for (const issue of ajv.issuesAt(PROBLEM_SCHEMA, body))
    issues.push(`${issue.path} ${issue.message}`);
  if ((body as { status?: unknown }).status !== answer.status)
    issues.push(`status member ${(body as { status?: unknown }).status} for HTTP ${answer.status}`);
  return issues;
}

function expectClientProblem(answer: RawAnswer, status?: number): void {
  expect(answer.status, `answer ended ${answer.end}`).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  if (status !== undefined) expect(answer.status).toBe(status);
  expect(problemIssues(answer)).toEqual([]);
}

/**
 * The named JSON request examples of every operation, sent as its shape says: its required parameters from their
 * examples (operations with one that has none are left out), the headers that repeat a body property, and the
 * credentials of its first security alternative. Each is answered with one of the operation's 2xx statuses.
 */
const validRequests = ops.flatMap((op) => {
  const required = op.parameters.filter((p) => p.required);
  if (required.some((p) => p.example === undefined)) return [];
  const sent = serializeParameters(
    op.path,
    required,
    (p) => required.find((r) => r.name === p.name && r.in === p.in)?.example,
  );
  const credentials = (op.security[0] ?? []).flatMap((scheme) => {
    // HTTP Basic's secret is a user-id and a password (RFC 7617); any other scheme's, one word.
    const placed = placeCredential(
      scheme,
      credentialKind(scheme) === "basic" ? "fuzz:fuzz" : "fuzz",
    );
    return placed ? [placed] : [];
  });
  const query = [
    ...sent.query,
    ...credentials
      .filter((c) => c.in === "query")
      .map((c) => `${encodeURIComponent(c.name)}=${c.value}`),
  ];
  const cookies = credentials.filter((c) => c.in === "cookie").map((c) => `${c.name}=${c.value}`);
  return (op.request?.examples ?? []).map((example) => {
    const headers: Record<string, string> = {
      ...sent.headers,
      ...Object.fromEntries(
        credentials.filter((c) => c.in === "header").map((c) => [c.name, c.value]),
      ),
      "content-type": "application/json",
    };
    if (cookies.length > 0)
      headers.cookie = [headers.cookie, ...cookies].filter(Boolean).join("; ");
    for (const header of op.headers) {
      if (header.equalsBodyProperty)
        headers[header.name] = String(
          (example.value as Record<string, unknown>)[header.equalsBodyProperty],
        );
    }
    const target = `${sent.path}${query.length > 0 ? `?${query.join("&")}` : ""}`;
    const statuses = op.responses.map((r) => r.status).filter((s) => /^2/.test(s));
    return {
      op,
      name: example.name,
      body: JSON.stringify(example.value),
      headers,
      target,
      statuses,
    };
  });
});

const nested = (depth: number) =>
  `{"merchantAccountNumber":${"[".repeat(depth)}${"]".repeat(depth)}}`;
const lookup = JSON.stringify({
  merchantAccountNumber: 12345678,
  transactionReferenceNumber: "TXN-20240115-000123",
});
const PATH = "/collections/getTransaction";

/** A request with a JSON body and the given extra headers, as raw bytes. */
function jsonRequest(
  body: string | Buffer,
  headers: Record<string, string | number> = {},
): Buffer[] {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  return [
    Buffer.from(
      head("POST", PATH, {
        "content-type": "application/json",
        "content-length": bytes.length,
        ...headers,
      }),
    ),
    bytes,
  ];
}

describe("the mock under hostile input", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(async () => {
    await mock?.close();
  });

  test.each([
    ["a body nesting arrays 5,000 deep", jsonRequest(nested(5_000)), 400],
    ["a body nesting arrays 10,000 deep", jsonRequest(nested(10_000)), 400],
    [
      "charset=utf-16le",
      jsonRequest(lookup, { "content-type": "application/json; charset=utf-16le" }),
      415,
    ],
    [
      "charset=bogus",
      jsonRequest(lookup, { "content-type": "application/json; charset=bogus" }),
      415,
    ],
    [
      "Content-Type: application/json, text/plain with bad JSON",
      jsonRequest("{bad", { "content-type": "application/json, text/plain" }),
      415,
    ],
    [
      "Content-Length: 00",
      [head("POST", PATH, { "content-type": "application/json", "content-length": "00" })],
      422,
    ],
    [
      "a declared body far above the limit",
      [head("POST", PATH, { "content-type": "application/json", "content-length": 10 ** 12 }), "{"],
      413,
    ],
    [
      "a Content-Length that is not a number",
      [head("POST", PATH, { "content-type": "application/json", "content-length": "ten" })],
      400,
    ],
    ["a request line that is not HTTP", ["HELLO THERE\r\n\r\n"], 400],
    [
      "a head larger than the header limit",
      [head("POST", PATH, { "x-padding": "a".repeat(20_000), "content-length": 2 }), "{}"],
      431,
    ],
    [
      "bytes that are not UTF-8",
      jsonRequest(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])),
      400,
    ],
    ["a Prefer code that is not a status", jsonRequest(lookup, { prefer: "code=abc" }), 422],
    [
      "an unknown path",
      [head("POST", "/nowhere", { "content-type": "application/json", "content-length": 2 }), "{}"],
      404,
    ],
  ] as const)("answers %s with a 4xx problem", async (_name, parts, status) => {
    const answer = await rawExchange(mock.port, [...parts]);
    expectClientProblem(answer, status);
  });

  test("answers a body streamed beyond the limit with 413, a limit above the largest valid batch", async () => {
    // The largest valid body: the example batch with its array at the schema's maxItems.
    const batch = ops.flatMap((op) => {
      const schema = deref(document, op.request?.schema ?? {});
      return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
        const items = deref(document, property).maxItems;
        const example = op.request?.examples[0]?.value;
        return typeof items === "number" && Array.isArray(example?.[name])
          ? [{ ...example, [name]: Array.from({ length: items }, () => example[name][0]) }]
          : [];
      });
    })[0];
    expect(batch).toBeDefined();
    expect(mock.limits.maxBodyBytes).toBeGreaterThan(Buffer.byteLength(JSON.stringify(batch)));

    // The size limit is under test, not the body's timer: on a busy machine the 64 MiB stream can take longer than the
    // default body timeout, which would answer 408 first.
    const patient = await startMock({ limits: { bodyTimeoutMs: 120_000 } });
    try {
      await streamBeyondTheLimit(patient);
    } finally {
      await patient.close();
    }
  });

  /** Streams a chunked body past the mock's byte limit and expects the 413 that stops it. */
  async function streamBeyondTheLimit(mock: MockServer): Promise<void> {
    const socket = await open(mock.port);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => {});
    const closed = new Promise((resolve) => socket.once("close", resolve));
    const answered = () => Buffer.concat(chunks).includes("\r\n\r\n");
    socket.write(
      head("POST", PATH, { "content-type": "application/json", "transfer-encoding": "chunked" }),
    );
    const piece = Buffer.alloc(1024 * 1024, 0x20);
    for (let sent = 0; sent <= mock.limits.maxBodyBytes + piece.length; sent += piece.length) {
      if (answered() || socket.destroyed) break;
      if (!socket.write(`${piece.length.toString(16)}\r\n${piece.toString("latin1")}\r\n`)) {
        await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), closed]);
      }
    }
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000))]);
    socket.destroy();
    expect(Buffer.concat(chunks).toString("latin1")).toMatch(/^HTTP\/1\.1 413/);
  }

  test("answers a head dribbled in slower than the head timeout with 408", async () => {
    const request = head("POST", PATH, { "content-type": "application/json", "content-length": 2 });
    const parts = request.split("").slice(0, 40);
    const answer = await rawExchange(mock.port, parts, { gapMs: 200, timeoutMs: 12_000 });
    expectClientProblem(answer, 408);
  });

  test("answers a body that stalls with 408 after the body timeout", async () => {
    const answer = await rawExchange(
      mock.port,
      [
        head("POST", PATH, { "content-type": "application/json", "content-length": 100 }),
        '{"merchantAccountNumber":',
      ],
      { timeoutMs: 12_000 },
    );
    expectClientProblem(answer, 408);
  });

  test("stays up and keeps answering valid requests correctly through hundreds of hostile ones, with stalled connections open", async () => {
    const seed = testSeed("hostile fuzz");
    let state = seed >>> 0;
    const random = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

    // Stalled connections, held open (and reopened when the mock closes them) for the whole run.
    let running = true;
    const stalled = new Set<Socket>();
    let stalledAnswers = 0;
    const stall = async (withBody: boolean) => {
      if (!running) return;
      const socket = await open(mock.port);
      stalled.add(socket);
      socket.on("error", () => {});
      socket.on("data", (chunk: Buffer) => {
        if (/^HTTP\/1\.1 408/.test(chunk.toString("latin1"))) stalledAnswers++;
      });
      socket.once("close", () => {
        stalled.delete(socket);
        void stall(withBody);
      });
      socket.write(
        withBody
          ? `${head("POST", PATH, { "content-type": "application/json", "content-length": 1000 })}{"a":`
          : "POST /collections/getTransaction HTTP/1.1\r\nHost: 127.0.0.1\r\n",
      );
    };
    await Promise.all(Array.from({ length: 64 }, (_, i) => stall(i % 2 === 0)));

    const hostile: Array<() => (string | Buffer)[]> = [
      () => jsonRequest(nested(Math.floor(100 + random() * 10_000))),
      () =>
        jsonRequest(lookup, {
          "content-type": `application/json; charset=${pick(["utf-16le", "bogus", "latin1", "utf-32", ""])}`,
        }),
      () => [head("POST", PATH, { "content-type": "application/json", "content-length": "00" })],
      () =>
        jsonRequest(pick(["{bad", "[", "nul", '{"a":1,}']), {
          "content-type": "application/json, text/plain",
        }),
      () => [
        head("POST", PATH, {
          "content-type": "application/json",
          "content-length": Math.floor(1e9 + random() * 1e10),
        }),
      ],
      () =>
        jsonRequest(
          Buffer.from(
            Array.from({ length: 1 + Math.floor(random() * 300) }, () =>
              Math.floor(random() * 256),
            ),
          ),
        ),
      () => jsonRequest(lookup.slice(0, Math.floor(random() * lookup.length))),
      () => {
        const bytes = Buffer.from(pick(validRequests).body);
        for (let i = 0; i < 3; i++)
          bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
        return jsonRequest(bytes);
      },
      () =>
        jsonRequest(
          JSON.stringify({
            merchantAccountNumber: pick([0, -1, 1e300, "12345678", null, [], {}, 1.5]),
            transactionReferenceNumber: pick([1, null, "", "x".repeat(5000)]),
          }),
        ),
      () =>
        jsonRequest(lookup, {
          prefer: pick(["code=abc", "code=9999", "dynamic=maybe", "fault=meteor", "latency-ms=-1"]),
        }),
      () => jsonRequest(lookup, { "x-big": "b".repeat(17_000) }),
      () => [
        pick([
          "GARBAGE\r\n\r\n",
          "POST / HTTP/9.9\r\n\r\n",
          "POST /collections/getTransaction HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
          "\x00\x01\x02\r\n\r\n",
        ]),
      ],
      () =>
        jsonRequest(
          `{"merchantAccountNumber":${"1".repeat(5000)},"transactionReferenceNumber":"x"}`,
        ),
      () => jsonRequest(`"${"\\u0000".repeat(2000)}"`),
      () =>
        jsonRequest(lookup, {
          prefer: pick([
            "code=418",
            "code=204",
            "code=100",
            "example=Nope",
            "code=200, example=ProblemNotFound",
            "code=404",
          ]),
          accept: pick(["text/html", "application/json", "*/*", "application/xml"]),
        }),
    ];

    const failures: string[] = [];
    let validCount = 0;
    const HOSTILE = 300;
    const VALID_EVERY = 5;
    const jobs = Array.from({ length: HOSTILE }, (_, i) => i);
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const i = next++;
        const kind = Math.floor(random() * hostile.length);
        const parts = (hostile[kind] as () => (string | Buffer)[])();
        const answer = await rawExchange(mock.port, parts, { timeoutMs: 10_000 });
        if (answer.status === 0 && answer.end !== "closed")
          failures.push(`hostile #${i} (kind ${kind}): no answer (${answer.end})`);
        else if (answer.status >= 500)
          failures.push(
            `hostile #${i} (kind ${kind}): ${answer.status} ${answer.body.slice(0, 120)}`,
          );
        else if (answer.status >= 300) {
          const issues = problemIssues(answer);
          if (issues.length > 0)
            failures.push(
              `hostile #${i} (kind ${kind}): ${answer.status} not a Problem: ${issues.join("; ")}`,
            );
        }
        if (i % VALID_EVERY === 0) {
          const valid = validRequests[validCount++ % validRequests.length];
          if (!valid) continue;
          const response = await fetch(`${mock.baseUrl}${valid.target}`, {
            method: valid.op.method,
            body: valid.body,
            headers: valid.headers,
            signal: AbortSignal.timeout(10_000),
          });
          const body = await response.text();
          const conformance = checkResponse(ajv, valid.op, {
            status: response.status,
            headers: Object.fromEntries(response.headers),
            body,
          });
          const documented = valid.statuses.some(
            (s) => s === String(response.status) || s === "2XX",
          );
          if (!documented || !conformance.conforms)
            failures.push(
              `valid ${valid.op.operationId}/${valid.name}: ${response.status} ${JSON.stringify(conformance.issues)}`,
            );
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    running = false;
    for (const socket of stalled) socket.destroy();

    expect(failures).toEqual([]);
    expect(validCount).toBeGreaterThanOrEqual(HOSTILE / VALID_EVERY);
    // Still up, and still right.
    const after = await fetch(`${mock.baseUrl}${PATH}`, {
      method: "POST",
      body: lookup,
      headers: { authorization: "Bearer fuzz", "content-type": "application/json" },
      signal: AbortSignal.timeout(5_000),
    });
    expect(after.status).toBe(200);
    expect(stalledAnswers).toBeGreaterThanOrEqual(0);
  }, 60_000);
});
