import type {
  DisbursementBatchInput,
  FeeCalculationRequestInput,
  MerchantUserRequestInput,
  MetricsRequestInput,
  TransactionLookupRequestInput,
  WebhookDeleteRequestInput,
} from "./generated/inputs.js";
import type { ChannelType, FeeType, SummaryType } from "./generated/known.js";
import type { components } from "./generated/openapi.js";

type Schemas = components["schemas"];
/** `T` with the properties of `U` replaced. */
type Override<T, U> = { [K in keyof T as K extends keyof U ? never : K]: T[K] } & U;
/** Flattens an intersection for readable hovers. */
type Flat<T> = { [K in keyof T]: T[K] } & {};

export type { DateInput } from "./dates.js";
export type { ChannelType, FeeType, SummaryType };

// ---- responses
/** One transaction; `beneficiaryAccountNumber` is always a string (integer answers keep every digit). */
export type Transaction = Flat<
  Override<Schemas["Transaction"], { beneficiaryAccountNumber: string }>
>;
/** Transaction counts of one payment connector. */
export type ConnectorSummaryCount = Schemas["ConnectorSummaryCount"];
/** Transaction amounts of one payment connector. */
export type ConnectorSummarySum = Schemas["ConnectorSummarySum"];
/** Overall disbursement metrics for a period. */
export type DisbursementMetrics = Schemas["DisbursementMetrics"];
/** The accepted batch: merchant account number and batch number. */
export type DisbursementBatchResult = Schemas["DisbursementBatchResult"];
/** One user of a merchant account. */
export type MerchantUser = Schemas["MerchantUser"];
/** The fees of a prospective transaction. */
export type FeeCalculation = Schemas["FeeCalculation"];
/** The webhook delete confirmation, always `{ message }`. */
export type WebhookDeletion = Schemas["WebhookDeletionMessage"];
/** An RFC 9457 problem details body, as declared by the spec. */
export type Problem = Schemas["Problem"];
/** The merchant's 8-digit account number. */
export type MerchantAccountNumber = Schemas["MerchantAccountNumber"];

// ---- requests (generated from the request schemas: date fields take a Date, open enums offer known values)
/** Body of getTransaction. */
export type TransactionLookupRequest = TransactionLookupRequestInput;
/** Body of the three analytics operations; dates accept "YYYY-MM-DD" or Date. */
export type MetricsRequest = MetricsRequestInput;
/** Body of submitDisbursementBatch; `header.scheduledDate` accepts "YYYY-MM-DD" or Date. */
export type DisbursementBatch = DisbursementBatchInput;
/** The batch header; `scheduledDate` accepts "YYYY-MM-DD" or Date. */
export type DisbursementBatchHeader = DisbursementBatch["header"];
/** One disbursement of a batch. */
export type DisbursementBatchItem = DisbursementBatch["transactions"][number];
/** Body of getMerchantUser; `userId` accepts a string or a number (sent as a string). */
export type MerchantUserRequest = Flat<
  Override<MerchantUserRequestInput, { userId: string | number }>
>;
/** Body of calculateFees; feeType and channelType offer their known values. */
export type FeeCalculationRequest = FeeCalculationRequestInput;
/** Body of deleteWebhookSubscription; the MerchantAccountNumber header is derived from it. */
export type WebhookDeleteRequest = WebhookDeleteRequestInput;
