import { MerchantPaymentsError } from "./errors.js";
import type { Issue } from "./generated/validators.js";

/**
 * With `validateResponses: true`: a 2xx answer that breaks the operation's answer schema. The service answered
 * success and may have acted, so `mayHaveBeenProcessed` is true: do not blindly send the request again.
 */
export class ResponseValidationError extends MerchantPaymentsError {
  /** Every violation, e.g. { path: "/amountSent", message: "must be a finite number" }. */
  readonly issues: Issue[];
  /** HTTP status code of the answer. */
  readonly status: number;
  /** The request id the service returned (x-request-id or similar), if any. */
  readonly requestId: string | undefined;

  /** Built by the client when an answer fails its generated validator. */
  constructor(issues: Issue[], status: number, requestId?: string) {
    const shown = issues.slice(0, 5).map((issue) => `${issue.path || "(body)"} ${issue.message}`);
    const more = issues.length > 5 ? `; and ${issues.length - 5} more` : "";
    super(`Invalid ${status} answer: ${shown.join("; ")}${more}`, { mayHaveBeenProcessed: true });
    this.issues = issues;
    this.status = status;
    this.requestId = requestId;
  }

  override get name(): string {
    return "ResponseValidationError";
  }
}
