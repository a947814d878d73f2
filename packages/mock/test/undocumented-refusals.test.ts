// An operation that documents no refusal at all (a document of another API may list its 2xx alone): the mock's rule
// (src/documented-status.ts) then answers the refusal's own status, 415 or 406, and its problem's detail says that
// the document does not list it; it never answers a 4xx that stands for another fault.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type MockServer, startMock } from "../src/index.js";

const reading = { type: "object", properties: { value: { type: "number" } } };
const DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "Readings (2xx only)", version: "1.0.0" },
  paths: {
    "/readings": {
      post: {
        operationId: "addReading",
        requestBody: {
          required: true,
          content: { "application/json": { schema: reading, example: { value: 1 } } },
        },
        responses: {
          "201": {
            description: "Added.",
            content: { "application/json": { schema: reading, example: { value: 1 } } },
          },
        },
      },
      get: {
        operationId: "listReadings",
        responses: {
          "200": {
            description: "The readings.",
            content: {
              "application/json": { schema: { type: "array", items: reading }, example: [] },
            },
          },
        },
      },
    },
  },
};

const dir = mkdtempSync(join(tmpdir(), "mock-undocumented-"));
let mock: MockServer;
beforeAll(async () => {
  const spec = join(dir, "openapi.json");
  writeFileSync(spec, JSON.stringify(DOCUMENT));
  mock = await startMock({ spec, errors: true });
});
afterAll(async () => {
  await mock?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(method: string, headers: Record<string, string>, body?: string) {
  const response = await fetch(`${mock.baseUrl}/readings`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    problem: JSON.parse(await response.text()),
  };
}

describe("an operation that documents no 4xx", () => {
  test("a body of a media type it does not take is 415, the detail saying the document lists none", async () => {
    const got = await call("POST", { "content-type": "text/html" }, "<p/>");
    expect(got.status).toBe(415);
    expect(got.type).toBe("application/problem+json");
    expect(got.problem.detail).toContain(
      "POST /readings (/paths/~1readings/post/responses) documents no 415, 400 or 422: the mock answers 415",
    );
  });

  test("an Accept header no answer satisfies is 406, with or without Prefer", async () => {
    const withoutPrefer = await call("GET", { accept: "text/html" });
    expect(withoutPrefer.status).toBe(406);
    expect(withoutPrefer.problem.detail).toContain("documents no 406, 400 or 422");
    const withPrefer = await call(
      "POST",
      { accept: "text/html", prefer: "code=201", "content-type": "application/json" },
      JSON.stringify({ value: 2 }),
    );
    expect(withPrefer.status).toBe(406);
    expect(withPrefer.problem.detail).toContain("documents no 406, 400 or 422");
  });

  test("a valid request is still answered its documented 2xx", async () => {
    const got = await call(
      "POST",
      { "content-type": "application/json" },
      JSON.stringify({ value: 3 }),
    );
    expect(got.status).toBe(201);
  });
});
