import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { operations } from "@merchant-payments/spec";
import { afterAll, describe, expect, test } from "vitest";
import { verifyCommand } from "../src/main.js";
import { writeReason } from "../src/side-effects.js";
import { readJsonReport, readJunitReport } from "./reports.js";
import { useMock } from "./use-mock.js";

const dir = mkdtempSync(join(tmpdir(), "verify-mock-"));
const mock = useMock();

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the command against the mock; the printed lines and exit status. */
async function verify(...extra: string[]): Promise<{ exitCode: number; printed: string }> {
  const lines: string[] = [];
  const exitCode = await verifyCommand(
    [
      "--base-url",
      mock.server.baseUrl,
      "--token",
      "verify-test-token",
      "--runs",
      "5",
      "--timeout-ms",
      "5000",
      ...extra,
    ],
    { out: (line) => lines.push(line), err: (line) => lines.push(line) },
    // An API key and Basic credentials for operations whose security asks for them (a grown spec's): every
    // operation is sent.
    {
      MERCHANT_PAYMENTS_API_KEY: "verify-test-api-key",
      MERCHANT_PAYMENTS_BASIC_CREDENTIALS: "verify-test:basic-password",
    },
  );
  return { exitCode, printed: lines.join("\n") };
}

describe("verify against the mock", () => {
  test("with --allow-writes and --generated-writes exits 0 with every operation of the spec sent and every answer passing", async () => {
    const json = join(dir, "all.json");
    const junit = join(dir, "all.xml");
    const { exitCode, printed } = await verify(
      "--allow-writes",
      "--generated-writes",
      "--seed",
      "7",
      "--report-json",
      json,
      "--junit",
      junit,
    );
    expect(printed).not.toMatch(/^FAIL /m);
    expect(exitCode).toBe(0);
    const report = readJsonReport(json);
    expect(report.ok).toBe(true);
    expect(report.seed).toBe(7);
    expect(report.operations.map((o) => o.operationId)).toEqual(
      operations().map((o) => o.operationId),
    );
    for (const op of report.operations) {
      expect(op.skippedReason).toBeUndefined();
      expect(op.cases.length).toBeGreaterThan(0);
      // A success the spec documents for it (200, 201, 202, 204, … as its answers say).
      const successes = op.documentedStatuses.filter((status) => /^2/.test(status));
      expect(successes.length, op.operationId).toBeGreaterThan(0);
      expect(
        op.seenStatuses.some((status) => successes.includes(status)),
        `${op.operationId}: ${op.seenStatuses} / ${successes}`,
      ).toBe(true);
    }
    expect(report.summary).toMatchObject({
      failed: 0,
      skipped: 0,
      operationsSent: operations().length,
    });
    await readJunitReport(junit, report);
  });

  test("without --allow-writes skips each operation that moves money or deletes, with the reason printed, and exits 0", async () => {
    const json = join(dir, "reads.json");
    const { exitCode, printed } = await verify("--report-json", json);
    expect(exitCode).toBe(0);
    const report = readJsonReport(json);
    const writes = operations().filter((op) => writeReason(op) !== undefined);
    expect(writes.length).toBeGreaterThan(0);
    for (const op of writes) {
      const skip = printed
        .split("\n")
        .find((line) => line.startsWith("SKIP ") && line.includes(op.operationId));
      expect(skip, printed).toMatch(
        new RegExp(
          `^SKIP (?:\\w+, )*${op.operationId}(?:, \\w+)*: ${escapeRegExp(writeReason(op) ?? "")}; pass --allow-writes`,
        ),
      );
      const result = report.operations.find((o) => o.operationId === op.operationId);
      expect(result?.cases.every((c) => c.outcome === "skipped")).toBe(true);
    }
    expect(report.summary.skipped).toBeGreaterThan(0);
    expect(report.summary.failed).toBe(0);
    expect(printed).toMatch(/^verify: OK$/m);
  });
});

/** `text` matched literally inside a RegExp. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
