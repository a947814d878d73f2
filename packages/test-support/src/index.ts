// Shared test support for every package of the workspace. Browser helpers live in "./browser" (playwright-core).

export {
  CREDENTIAL_KINDS,
  type CredentialKindsOptions,
  withCredentialKinds,
} from "./credential-kinds.js";
export {
  BOMB_INFLATED_BYTES,
  DUPLICATE_WINNER_DIGITS,
  HOSTILE_KINDS,
  HOSTILE_TOKEN,
  type HostileKind,
  type HostileServer,
  HUGE_STRING_CHARS,
  hostileRunProblems,
  hostileWorkDir,
  MAX_HOSTILE_LAG_MS,
  MAX_HOSTILE_RSS_BYTES,
  PEAK_PRELOAD,
  peakOf,
  startHostileServer,
  tokenFragmentsIn,
} from "./hostile-server.js";
export {
  type LoopbackServer,
  type ReceivedRequest,
  type RequestHandler,
  sendJson,
  startLoopbackServer,
} from "./loopback-server.js";
export { getFreePort } from "./ports.js";
export { testSeed } from "./seeds.js";
