// `@merchant-payments/kit/http`: the one upstream HTTP module and content decoder of the workspace (Node only, no
// dependency): the client's Node transport bundles it, the mock's validation proxy forwards through it, verify sends
// through it. No public API of any package: each names its own outcomes.
export { NODE_MAX_SOCKETS_PER_ORIGIN } from "./http/agents.js";
export { codingSteps, type Decoder, decoderChain } from "./http/coding.js";
export {
  type HttpAnswer,
  type HttpFailure,
  type HttpHead,
  type HttpOutcome,
  type HttpRequest,
  type HttpStop,
  type RequestSent,
  send,
  sendOnce,
} from "./http/send.js";
