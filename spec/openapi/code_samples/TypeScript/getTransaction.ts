import { createMerchantPaymentsClient } from "@merchant-payments/client";

const token = process.env.MERCHANT_PAYMENTS_TOKEN;
if (!token) throw new Error("Set MERCHANT_PAYMENTS_TOKEN to your JWT.");

const client = createMerchantPaymentsClient({
  baseUrl:
    process.env.MERCHANT_PAYMENTS_BASE_URL ?? "http://127.0.0.1:4010",
  token,
});

const transaction = await client.getTransaction({
  merchantAccountNumber: 12345678,
  transactionReferenceNumber: "TXN-20240115-000123",
});

// amountReceived = amountSent - transactionFee
console.log(JSON.stringify(transaction, null, 2));
