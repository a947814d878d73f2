import { expect, test } from "vitest";
import {
  SIDE_EFFECTS as KNOWN_SIDE_EFFECTS,
  loadBundle,
  operations,
  retrySafetyOf,
} from "../src/index.js";

// What each operation of the interface document does besides answering, as literals: 4.5 submits a batch of
// disbursements (moves money), 4.8 deletes a webhook subscription; the others read or compute.
const SIDE_EFFECTS: Readonly<Record<string, string>> = {
  getTransaction: "none",
  getConnectorSummaryCountMetrics: "none",
  getConnectorSummarySumMetrics: "none",
  getDisbursementMetrics: "none",
  submitDisbursementBatch: "moves-money",
  getMerchantUser: "none",
  calculateFees: "none",
  deleteWebhookSubscription: "deletes",
};

test("every documented operation states its x-side-effect: the batch moves money, the webhook delete deletes, the rest none", () => {
  const stated = Object.fromEntries(
    operations()
      .filter((op) => op.operationId in SIDE_EFFECTS)
      .map((op) => [op.operationId, op.extensions["x-side-effect"]]),
  );
  expect(stated).toEqual(SIDE_EFFECTS);
});

/** True for an operation of another API's document grafted into the spec (its path item marked x-foreign-source). */
const isForeign = (path: string): boolean => {
  const item: unknown = loadBundle().paths?.[path];
  return typeof item === "object" && item !== null && "x-foreign-source" in item;
};

test("every operation of the spec's own files states one of the known x-side-effect values", () => {
  for (const op of operations().filter((o) => !isForeign(o.path)))
    expect(Object.keys(KNOWN_SIDE_EFFECTS), op.operationId).toContain(
      op.extensions["x-side-effect"],
    );
});

test("retrySafetyOf takes x-safe-to-retry where stated, else RFC 9110's idempotent methods", () => {
  const [first] = operations();
  if (!first) throw new Error("the spec has no operation");
  const as = (method: string, safeToRetry: boolean | undefined) =>
    retrySafetyOf({ ...first, method, safeToRetry });
  expect(as("POST", true)).toEqual({ safe: true, from: "x-safe-to-retry" });
  expect(as("GET", false)).toEqual({ safe: false, from: "x-safe-to-retry" });
  const fromMethod = ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE", "POST", "PATCH"].map(
    (method) => [method, as(method, undefined).safe],
  );
  expect(fromMethod).toEqual([
    ["GET", true],
    ["HEAD", true],
    ["OPTIONS", true],
    ["TRACE", true],
    ["PUT", true],
    ["DELETE", true],
    ["POST", false],
    ["PATCH", false],
  ]);
  expect(as("get", undefined).from).toBe("method");
});
