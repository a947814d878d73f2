// What `onViolations` (and `violations`) receive: the spec model's `Issue`, its check the side and part, its path a
// JSON Pointer inside that part, in the mock and in the proxy; the `sl-violations` header stays Prism's format.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Issue } from "@merchant-payments/spec/model";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type MockServer,
  startMock,
  startValidationProxy,
  type ValidationProxy,
  type ViolationReport,
} from "../src/index.js";

const grown = JSON.parse(
  readFileSync(
    createRequire(import.meta.url).resolve("@merchant-payments/spec/fixtures/grown.json"),
    "utf8",
  ),
);
const bearer = { authorization: "Bearer mock-reports-token" };
const page = "/transactions?merchantAccountNumber=12345678";

/** A request with `limit=500&status=S&status=X`: two issues among the query parameters, the second in an item. */
const badQuery = `${page}&limit=500&status=S&status=X`;

function expectQueryIssues(issues: readonly Issue[]): void {
  expect(issues).toContainEqual(
    expect.objectContaining({ check: "request query", path: "/limit", keyword: "maximum" }),
  );
  expect(issues).toContainEqual(
    expect.objectContaining({ check: "request query", path: "/status/1", keyword: "enum" }),
  );
}

function get(baseUrl: string, path: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { headers: bearer, signal: AbortSignal.timeout(5000) });
}

describe("the mock's reports", () => {
  const reports: ViolationReport[] = [];
  let mock: MockServer;
  beforeAll(async () => {
    // The first page's example breaks its schema: `nextCursor` is a string or null, not a number.
    const spec = structuredClone(grown);
    spec.components.examples.TransactionPageFirst.value.nextCursor = 42;
    const file = join(mkdtempSync(join(tmpdir(), "mock-reports-")), "spec.json");
    writeFileSync(file, JSON.stringify(spec));
    mock = await startMock({ spec: file, onViolations: (report) => reports.push(report) });
  });
  afterAll(async () => {
    await mock?.close();
  });

  test("an answer's violation reaches onViolations as an Issue: check, pointer, keyword; sl-violations stays Prism's", async () => {
    const answer = await get(mock.baseUrl, page);
    expect(answer.status).toBe(200);
    const report = reports.at(-1);
    expect(report).toMatchObject({ method: "GET", path: page, status: 200 });
    expect(report?.issues).toContainEqual({
      check: "response schema",
      path: "/nextCursor",
      keyword: "type",
      message: expect.stringContaining("nextCursor"),
    });
    expect(mock.violations.at(-1)).toBe(report);
    const header = JSON.parse(answer.headers.get("sl-violations") ?? "[]");
    expect(header).toContainEqual({
      location: ["response", "body", "nextCursor"],
      severity: "Error",
      code: "type",
      message: expect.stringContaining("nextCursor"),
    });
  });

  test("a request's violations reach onViolations with the part they are in", async () => {
    const answer = await get(mock.baseUrl, badQuery);
    expect(answer.status).toBe(422);
    expectQueryIssues(reports.at(-1)?.issues ?? []);
    const header = JSON.parse(answer.headers.get("sl-violations") ?? "[]");
    expect(header).toContainEqual(
      expect.objectContaining({ location: ["request", "query", "limit"], code: "maximum" }),
    );
  });

  test("a missing credential is a `request credentials` issue", async () => {
    const answer = await fetch(`${mock.baseUrl}${page}`, { signal: AbortSignal.timeout(5000) });
    expect(answer.status).toBe(401);
    expect(reports.at(-1)?.issues).toContainEqual(
      expect.objectContaining({ check: "request credentials", path: "", keyword: "401" }),
    );
  });
});

describe("the proxy's reports", () => {
  const reports: ViolationReport[] = [];
  let upstream: Server;
  let proxy: ValidationProxy;
  beforeAll(async () => {
    upstream = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ transactions: [], nextCursor: 42 }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    proxy = await startValidationProxy({
      spec: createRequire(import.meta.url).resolve("@merchant-payments/spec/fixtures/grown.json"),
      upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      onViolations: (report) => reports.push(report),
    });
  });
  afterAll(async () => {
    await proxy?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  test("an answer's violation reaches onViolations as the same Issue as in its report", async () => {
    const answer = await get(proxy.baseUrl, page);
    expect(answer.status).toBe(502);
    const report = reports.at(-1);
    expect(report).toMatchObject({ method: "GET", path: page, status: 502 });
    expect(report?.issues).toEqual([
      {
        check: "response schema",
        path: "/nextCursor",
        keyword: "type",
        message: "must be string,null",
      },
    ]);
    expect(report?.issues).toEqual(proxy.report().events.at(-1)?.issues);
    expect(proxy.violations.at(-1)).toBe(report);
  });

  test("a request's violations reach onViolations with the part they are in", async () => {
    const answer = await get(proxy.baseUrl, badQuery);
    expect(answer.status).toBe(422);
    expectQueryIssues(reports.at(-1)?.issues ?? []);
  });
});
