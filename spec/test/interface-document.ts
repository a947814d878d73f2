// The operations the interface document describes (`../shared/seed/`), as literals: the tests that pin its facts
// check these are present and exact, never that the spec holds nothing else (a spec may grow).

/** The operationId of each of the interface document's eight operations. */
export const DOCUMENTED_OPERATION_IDS: readonly string[] = [
  "getTransaction",
  "getConnectorSummaryCountMetrics",
  "getConnectorSummarySumMetrics",
  "getDisbursementMetrics",
  "submitDisbursementBatch",
  "getMerchantUser",
  "calculateFees",
  "deleteWebhookSubscription",
];
