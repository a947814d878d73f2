export type { ViolationReport } from "./front.js";
export { bundledSpecPath } from "./paths.js";
export { PrismStartError } from "./prism-process.js";
export type { CommonServerOptions, RunningServer } from "./server.js";
export { type MockServer, type StartMockOptions, startMock } from "./start-mock.js";
export {
  type StartValidationProxyOptions,
  startValidationProxy,
  type ValidationProxy,
} from "./start-proxy.js";
