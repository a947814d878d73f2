import { expect, test } from "vitest";
import { SIDE_EFFECTS as KNOWN_SIDE_EFFECTS, operations } from "../src/index.js";

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

test("every operation of the spec states one of the known x-side-effect values", () => {
  for (const op of operations())
    expect(Object.keys(KNOWN_SIDE_EFFECTS), op.operationId).toContain(
      op.extensions["x-side-effect"],
    );
});
