// The first request of `verify` and of `load --run`: one GET of the base URL, before any check or load, so that a
// server that is not there stops the command at once with one line (and the same exit status for both commands).
import { isIP } from "node:net";
import {
  DELIBERATELY_INVALID_HEADER,
  PROBE_MARK,
} from "@merchant-payments/kit/deliberately-invalid";
import { exchange } from "./exchange.js";

/** The exit status of `verify` and `load --run` when nothing answers at the base URL. */
export const UNREACHABLE_STATUS = 3;

/** Milliseconds the first request waits for an answer before the server counts as not there. */
export const PROBE_TIMEOUT_MS = 5_000;

/** Bytes of the probe's answer read at most (any answer, any status, proves a server is there). */
const PROBE_MAX_BYTES = 64 * 1024;

/** True when `baseUrl` names this machine: `localhost`, 127.0.0.0/8 or `::1`. */
export function isLoopbackUrl(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  } catch {
    return false;
  }
  if (host === "localhost" || host.endsWith(".localhost") || host === "::1") return true;
  return isIP(host) === 4 && host.startsWith("127.");
}

/** The one line printed when nothing answers at `baseUrl`: the URL, why, and what to do (`pnpm mock` when local). */
export function unreachableLine(command: string, baseUrl: string, reason: string): string {
  const url = new URL(baseUrl);
  const hint = isLoopbackUrl(baseUrl)
    ? `start the mock with \`MOCK_PORT=${url.port || (url.protocol === "https:" ? 443 : 80)} pnpm mock\` (or give --base-url the server's URL)`
    : "check --base-url and that the server is up";
  return `${command}: nothing answers at ${baseUrl} (${reason}): ${hint}; stopped before sending anything (exit ${UNREACHABLE_STATUS})`;
}

/**
 * Sends one GET to `baseUrl` (no credentials) and resolves with why nothing answers there, or undefined when
 * something did (any status); waits at most `timeoutMs` milliseconds (default {@link PROBE_TIMEOUT_MS}).
 */
export async function probeServer(
  baseUrl: string,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<string | undefined> {
  const answer = await exchange(
    // Outside the spec on purpose: marked, so that the mock's validation proxy does not count it as a mistake.
    {
      method: "GET",
      url: `${baseUrl}/`,
      headers: { accept: "*/*", [DELIBERATELY_INVALID_HEADER]: PROBE_MARK },
    },
    timeoutMs,
    PROBE_MAX_BYTES,
  );
  if (answer.kind === "answer" || answer.status !== undefined) return undefined;
  if (answer.failure === "connection-refused") return "connection refused";
  if (answer.failure === "timeout") return `no answer within ${timeoutMs} ms`;
  if (answer.failure === "response-too-large") return undefined;
  return answer.message.replace(/^the connection failed before an answer: /, "");
}
