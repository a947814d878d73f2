import { expect, test } from "vitest";
import { operations } from "../src/index.js";

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

test("every operation states its x-side-effect: the batch moves money, the webhook delete deletes, the rest none", () => {
  const stated = Object.fromEntries(
    operations().map((op) => [op.operationId, op.extensions["x-side-effect"]]),
  );
  expect(stated).toEqual(SIDE_EFFECTS);
});
