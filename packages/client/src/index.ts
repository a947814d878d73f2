export {
  type ClientOptions,
  createMerchantPaymentsClient,
  type KeyOnlyClientOptions,
  type MerchantPaymentsClient,
  type RequestOptions,
  type TokenSource,
} from "./client.js";
export {
  ApiError,
  type AttemptDetails,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  errorClassFor,
  MerchantPaymentsError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  RequestValidationError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  TokenError,
  UnexpectedResponseError,
  UnprocessableEntityError,
} from "./errors.js";
export type { components, operations as OperationTypes, paths } from "./generated/openapi.js";
export {
  type AnswerInfo,
  type BodyInfo,
  type OperationId,
  type OperationInfo,
  operations,
  type ParameterInfo,
  type SecurityInfo,
} from "./generated/operation-table.js";
export type { Issue } from "./generated/validators.js";
export type { Logger, LogLevel } from "./logger.js";
export { type BackoffOptions, clientDefaults } from "./options.js";
export { ResponseValidationError } from "./response-validation-error.js";
export {
  isRetryableStatus,
  isSafeToRetry,
  provesNothingWasSent,
} from "./retry.js";
// The transport boundary's types and the fetch transport; what a custom transport is written with (TransportFailure,
// its causes, requestIdFrom) is the `/transport` entry's.
export {
  fetchTransport,
  type RequestSent,
  type ResponseHead,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from "./transport/transport.js";
export type * from "./types.js";
export {
  ApiPromise,
  type PagePromise,
  type ResponseInfo,
  type WithResponse,
} from "./with-response.js";
