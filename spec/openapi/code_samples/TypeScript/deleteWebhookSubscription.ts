import { createMerchantPaymentsClient } from "@merchant-payments/client";

const token = process.env.MERCHANT_PAYMENTS_TOKEN;
if (!token) throw new Error("Set MERCHANT_PAYMENTS_TOKEN to your JWT.");

const client = createMerchantPaymentsClient({
  baseUrl:
    process.env.MERCHANT_PAYMENTS_BASE_URL ?? "http://127.0.0.1:4010",
  token,
});

// The client sends the MerchantAccountNumber header itself, derived
// from the body.
const { message } = await client.deleteWebhookSubscription({
  eventCode: "payment.success",
  merchantAccountNumber: 12345678,
  deletedBy: "integrations@cornergrocers.example",
});

console.log(JSON.stringify({ message }, null, 2));
