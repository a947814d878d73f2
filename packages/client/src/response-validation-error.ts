import { formatIssues, type Issue } from "@merchant-payments/spec/issues";
import { MerchantPaymentsError } from "./errors.js";

/**
 * With `validateResponses: true`: a 2xx answer that breaks the operation's answer schema. The service answered
 * success and may have acted, so `mayHaveBeenProcessed` is true: do not blindly send the request again.
 */
export class ResponseValidationError extends MerchantPaymentsError {
  /** Every violation, e.g. { path: "/amountSent", message: "must be a finite number" }. */
  declare readonly issues: Issue[];
  /** HTTP status code of the answer. */
  declare readonly status: number;
  /** The request id the service returned (x-request-id or similar), if any. */
  declare readonly requestId: string | undefined;

  /** Built by the client when an answer fails its generated validator. */
  constructor(issues: Issue[], status: number, requestId?: string) {
    super(`Invalid ${status} answer: ${formatIssues(issues)}`, { mayHaveBeenProcessed: true });
    this.issues = issues;
    this.status = status;
    this.requestId = requestId;
  }

  override get name(): string {
    return "ResponseValidationError";
  }
}
