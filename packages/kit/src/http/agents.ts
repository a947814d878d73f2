// Where a request goes: the keep-alive Agents every sender of the process shares, and URLs parsed once for node:http.
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { urlToHttpOptions } from "node:url";

/** Most connections kept open to one origin, per process; further requests wait for a free one. */
export const NODE_MAX_SOCKETS_PER_ORIGIN = 64;

/** How long an idle keep-alive connection stays open, in ms (less when the server's `Keep-Alive: timeout` says so). */
const IDLE_SOCKET_MS = 4_000;

/** Keep-alive options of both Agents: at most NODE_MAX_SOCKETS_PER_ORIGIN per origin, the last freed reused first. */
const AGENT_OPTIONS = {
  keepAlive: true,
  maxSockets: NODE_MAX_SOCKETS_PER_ORIGIN,
  scheduling: "lifo",
  timeout: IDLE_SOCKET_MS,
} as const;

let agents: { http: HttpAgent; https: HttpsAgent } | undefined;

/** The process-wide Agents (http and https): created on first use. */
export function sharedAgents(): { http: HttpAgent; https: HttpsAgent } {
  agents ??= { http: new HttpAgent(AGENT_OPTIONS), https: new HttpsAgent(AGENT_OPTIONS) };
  return agents;
}

/** What a URL turns into for node:http, parsed once. */
export interface Target {
  /** True for https:. */
  readonly tls: boolean;
  /** node:http's request options of the URL. */
  readonly options: ReturnType<typeof urlToHttpOptions>;
}

const targets = new Map<string, Target>();

/** The parsed target of an http: or https: URL (cached: a client calls a handful); throws a TypeError for others. */
export function targetOf(url: string): Target {
  let target = targets.get(url);
  if (!target) {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw new TypeError(
        `the Node transport sends http: and https: URLs only, not ${parsed.protocol}`,
      );
    }
    target = { tls: parsed.protocol === "https:", options: urlToHttpOptions(parsed) };
    if (targets.size >= 1024) targets.clear();
    targets.set(url, target);
  }
  return target;
}
