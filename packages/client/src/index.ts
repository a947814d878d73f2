export {
  type ClientOptions,
  createMerchantPaymentsClient,
  type MerchantPaymentsClient,
  type RequestOptions,
  type TokenSource,
} from "./client.js";
export {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  MerchantPaymentsError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
  ServerError,
  TimeoutError,
  TokenError,
  UnexpectedResponseError,
  UnprocessableEntityError,
} from "./errors.js";
export type { components, operations as OperationTypes, paths } from "./generated/openapi.js";
export { type OperationId, type OperationInfo, operations } from "./generated/spec.js";
export type { Issue } from "./generated/validators.js";
export type { RawClient } from "./raw.js";
export {
  type BackoffOptions,
  isRetryableStatus,
  isSafeToRetry,
  provesNothingWasSent,
} from "./retry.js";
export type * from "./types.js";
