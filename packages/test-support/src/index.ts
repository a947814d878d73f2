// Shared test support for every package of the workspace. Browser helpers live in "./browser" (playwright-core).

export {
  type LoopbackServer,
  type ReceivedRequest,
  type RequestHandler,
  sendJson,
  startLoopbackServer,
} from "./loopback-server.js";
export { closedPort, getFreePort } from "./ports.js";
export { testSeed } from "./seeds.js";
