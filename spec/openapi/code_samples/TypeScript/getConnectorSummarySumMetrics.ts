import { createMerchantPaymentsClient } from "@merchant-payments/client";

const token = process.env.MERCHANT_PAYMENTS_TOKEN;
if (!token) throw new Error("Set MERCHANT_PAYMENTS_TOKEN to your JWT.");

const client = createMerchantPaymentsClient({
  baseUrl:
    process.env.MERCHANT_PAYMENTS_BASE_URL ?? "http://127.0.0.1:4010",
  token,
});

// One element per connector: successful, failed and total
// transaction amounts.
const sums = await client.getConnectorSummarySumMetrics({
  merchantAccountNumber: 12345678,
  summaryType: "D",
  fromDate: "2024-01-01",
  toDate: "2024-01-31",
});

console.log(JSON.stringify(sums, null, 2));
