import { createMerchantPaymentsClient } from "@merchant-payments/client";

const token = process.env.MERCHANT_PAYMENTS_TOKEN;
if (!token) throw new Error("Set MERCHANT_PAYMENTS_TOKEN to your JWT.");

const client = createMerchantPaymentsClient({
  baseUrl:
    process.env.MERCHANT_PAYMENTS_BASE_URL ?? "http://127.0.0.1:4010",
  token,
});

const fees = await client.calculateFees({
  merchantAccountNumber: 12345678,
  feeType: "D", // D Disbursement, C Collection
  channelType: "MW", // BA Bank Account, MW Mobile Wallet
  transactionAmount: 1000.0,
});

// netFeeAmount is the final fee including VAT.
console.log(JSON.stringify(fees, null, 2));
