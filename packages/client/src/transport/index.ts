// `@merchant-payments/client/transport`: what a custom transport is written with (the failure it rejects with, the
// causes the client reads, the request id rule) beside the transport types. Its classes are branded: `instanceof`
// holds across the ESM, CommonJS and Node builds, so a transport written against this entry works with any of them.
export {
  BodyTooLarge,
  CorruptCoding,
  fetchTransport,
  type RequestSent,
  type ResponseHead,
  requestIdFrom,
  type Transport,
  TransportFailure,
  type TransportRequest,
  type TransportResponse,
} from "./transport.js";
