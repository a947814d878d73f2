import {
  ConnectionError,
  createMerchantPaymentsClient,
  ServerError,
  TimeoutError,
} from "@merchant-payments/client";

const token = process.env.MERCHANT_PAYMENTS_TOKEN;
if (!token) throw new Error("Set MERCHANT_PAYMENTS_TOKEN to your JWT.");

const client = createMerchantPaymentsClient({
  baseUrl:
    process.env.MERCHANT_PAYMENTS_BASE_URL ?? "http://127.0.0.1:4010",
  token,
});

try {
  const result = await client.submitDisbursementBatch({
    header: {
      merchantAccountNumber: 12345678,
      isBatchScheduled: true,
      scheduledDate: "2024-02-01",
      capturedBy: "finance.ops@cornergrocers.example",
    },
    transactions: [
      {
        beneficiaryName: "Grace Wanjiru",
        connectorId: 3,
        beneficiaryAccountNumber: "0722000111",
        transactionDescription: "January commission",
        transactionAmount: 4500.0,
        sourceReferenceNumber: "PAY-2024-02-0001",
      },
    ],
  });
  // { merchantAccountNumber, batchNumber }
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  // The client never retries a batch that may have reached the service:
  // submitting it again could pay every beneficiary twice. Find out what
  // happened before resubmitting.
  if (
    error instanceof TimeoutError ||
    error instanceof ServerError ||
    error instanceof ConnectionError
  ) {
    console.error(
      "Outcome unknown: check whether the batch was accepted.",
    );
  }
  throw error;
}
