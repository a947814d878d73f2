// A bounded load (3 s at 40 arrivals a second) against a loopback server with one planted defect per
// operation: the shipped processor counts each under its operation and check, transport errors are counted
// by kind, and the command exits 1 naming each operation. Counts are compared with what the server received.
import { mkdtempSync, rmSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type OperationSpec, operation, responseFor } from "@merchant-payments/spec";
import {
  type LoopbackServer,
  sendJson,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import { afterAll, beforeAll, expect, test } from "vitest";
import { load, runBounded, summaryOf } from "./load-run.js";

const dir = mkdtempSync(join(tmpdir(), "verify-load-defects-"));

function example200(op: OperationSpec): Record<string, unknown> {
  return structuredClone(responseFor(op, 200)?.content[0]?.examples[0]?.value) as Record<
    string,
    unknown
  >;
}

/** Per operation (test data, read from the spec by operationId): the planted defect and the check that must count it. */
const PLANTED: Record<
  string,
  { answer: (op: OperationSpec, res: ServerResponse) => void; check?: string; error?: string }
> = {
  getTransaction: {
    answer: (op, res) => {
      const body = example200(op);
      body.amountReceived = Number(body.amountReceived) + 1;
      sendJson(res, 200, body);
    },
    check: "invariant",
  },
  getMerchantUser: {
    answer: (_op, res) => sendJson(res, 418, { title: "teapot" }),
    check: "status",
  },
  getDisbursementMetrics: {
    answer: (_op, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>maintenance</html>");
    },
    check: "media-type",
  },
  getConnectorSummaryCountMetrics: {
    answer: (op, res) => {
      const list = example200(op) as unknown as Record<string, unknown>[];
      if (list[0]) list[0].successfulTransactions = "12";
      sendJson(res, 200, list);
    },
    check: "schema",
  },
  calculateFees: { answer: (op, res) => sendJson(res, 200, example200(op)) },
  submitDisbursementBatch: { answer: (_op, res) => res.socket?.destroy(), error: "ECONNRESET" },
};
// Artillery picks each arrival's scenario at random (not seeded). Three operations must be sent for the asserts
// below: one goes unsent with odds 3 × (5/6)^n, about 1 in 80 at 30 arrivals and 1 in 10^9 at these 120.
const ARRIVALS_PER_SECOND = 40;
const REQUESTS = ARRIVALS_PER_SECOND * 3;
const ops = Object.keys(PLANTED).map((id) => operation(id));
let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((request, response) => {
    const op = ops.find((o) => o.path === request.url);
    if (!op) return sendJson(response, 404, { title: "Not Found" });
    PLANTED[op.operationId]?.answer(op, response);
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("planted defects are counted per operation and check, and the command exits 1", {
  timeout: 90_000,
}, async () => {
  const report = join(dir, "report.json");
  const run = {
    baseUrl: server.baseUrl,
    out: join(dir, "load.yml"),
    report,
    arrivalRate: ARRIVALS_PER_SECOND,
    seed: 5,
  };
  const mix = ops.map((op) => `${op.operationId}=1`).join(",");
  const { exitCode, printed } = await runBounded(run, "--allow-writes", "--mix", mix);
  expect(exitCode).toBe(1);
  const summary = summaryOf(report);
  expect(summary.requests).toBe(REQUESTS);
  let seen = 0;
  for (const op of ops) {
    const received = server.received.filter((r) => r.url === op.path).length;
    const figures = summary.operations.find((o) => o.operationId === op.operationId);
    seen += received;
    if (received === 0) continue;
    const planted = PLANTED[op.operationId];
    expect(figures?.requests, op.operationId).toBe(received);
    if (planted?.check) {
      expect(figures?.nonConforming, op.operationId).toBe(received);
      expect(figures?.violations, op.operationId).toEqual({ [planted.check]: received });
      expect(printed).toMatch(
        new RegExp(
          `^FAIL ${op.operationId}: ${received} answer\\(s\\) break the spec \\(${planted.check} ${received}\\)`,
          "m",
        ),
      );
    } else if (planted?.error) {
      expect(figures?.errors, op.operationId).toEqual({ [planted.error]: received });
      expect(figures?.failed, op.operationId).toBe(received);
      expect(figures?.nonConforming, op.operationId).toBe(0);
    } else {
      expect(figures?.conforming, op.operationId).toBe(received);
      expect(figures?.nonConforming, op.operationId).toBe(0);
    }
  }
  expect(seen).toBe(REQUESTS);
  // 418 is an error by kind too; the resets push the error rate over the default 1%.
  expect(summary.operations.find((o) => o.operationId === "getMerchantUser")?.errors).toMatchObject(
    { "http 418": expect.any(Number) },
  );
  expect(printed).toMatch(/^FAIL error rate .* is above --max-error-rate 0.01$/m);
  // Judging the report alone (as after run-fargate --output) gives the same verdict.
  const judged = await load("--check-report", report, "--max-error-rate", "1");
  expect(judged.exitCode).toBe(1);
  expect(judged.printed).toMatch(
    /^FAIL getTransaction: \d+ answer\(s\) break the spec \(invariant \d+\)$/m,
  );
  expect(judged.printed).not.toMatch(/^FAIL error rate/m);
});
