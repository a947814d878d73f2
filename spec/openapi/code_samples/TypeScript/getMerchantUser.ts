import {
  createMerchantPaymentsClient,
  NotFoundError,
} from "@merchant-payments/client";

const token = process.env.MERCHANT_PAYMENTS_TOKEN;
if (!token) throw new Error("Set MERCHANT_PAYMENTS_TOKEN to your JWT.");

const client = createMerchantPaymentsClient({
  baseUrl:
    process.env.MERCHANT_PAYMENTS_BASE_URL ?? "http://127.0.0.1:4010",
  token,
});

try {
  const user = await client.getMerchantUser({
    merchantAccountNumber: 12345678,
    userId: "1024",
  });
  // statusCode: A Active, I Inactive, C Closed; modifiedBy and
  // dateModified are null if never modified.
  console.log(JSON.stringify(user, null, 2));
} catch (error) {
  if (error instanceof NotFoundError)
    console.error("No such user:", error.requestId);
  throw error;
}
