// The `Prefer` request header: the caller's choice of answer for one request.
import { FAULT_KINDS, type FaultKind, isFaultKind } from "./fault-kinds.js";

/** The choices a `Prefer` header can make. */
export interface Preferences {
  /** `code=503`: answer this documented status. */
  code?: number;
  /** `example=Name`: answer this named example. */
  example?: string;
  /** `dynamic=true|false`: generate this answer from the schema (or not). */
  dynamic?: boolean;
  /** `seed=…`: seed of a generated answer. */
  seed?: string;
  /** `fault=unavailable|rate-limited|…` (a kind of FAULTS): inject this fault. */
  fault?: FaultKind;
  /** `latency-ms=2000`: the added latency of a `latency` fault, in milliseconds. */
  latencyMs?: number;
  /** `retry-after=5`: the `Retry-After` seconds of a `rate-limited` fault. */
  retryAfterSeconds?: number;
}

/** Parses a `Prefer` header (`code=503, example=Name`); a value it cannot read gives an error message. */
export function parsePreferences(
  header: string | undefined,
): { ok: true; preferences: Preferences } | { ok: false; message: string } {
  const preferences: Preferences = {};
  if (!header) return { ok: true, preferences };
  for (const part of header.split(/[,;]/)) {
    const token = part.trim();
    if (!token) continue;
    const eq = token.indexOf("=");
    const name = (eq < 0 ? token : token.slice(0, eq)).trim().toLowerCase();
    const value = (eq < 0 ? "" : token.slice(eq + 1)).trim().replace(/^"(.*)"$/, "$1");
    switch (name) {
      case "code":
        if (!/^[1-5]\d\d$/.test(value))
          return { ok: false, message: `Prefer code=${value}: not a status code` };
        preferences.code = Number(value);
        break;
      case "example":
        preferences.example = value;
        break;
      case "dynamic":
        if (value !== "true" && value !== "false")
          return { ok: false, message: `Prefer dynamic=${value}: must be true or false` };
        preferences.dynamic = value === "true";
        break;
      case "seed":
        preferences.seed = value;
        break;
      case "fault":
        if (!isFaultKind(value))
          return {
            ok: false,
            message: `Prefer fault=${value}: must be one of ${FAULT_KINDS.join(", ")}`,
          };
        preferences.fault = value;
        break;
      case "latency-ms":
        if (!/^\d{1,6}$/.test(value))
          return { ok: false, message: `Prefer latency-ms=${value}: not a number of milliseconds` };
        preferences.latencyMs = Number(value);
        break;
      case "retry-after":
        if (!/^\d{1,6}$/.test(value))
          return { ok: false, message: `Prefer retry-after=${value}: not a number of seconds` };
        preferences.retryAfterSeconds = Number(value);
        break;
      default:
        // Other preferences (RFC 7240's return=, respond-async, wait=…) are not the mock's: ignored.
        break;
    }
  }
  return { ok: true, preferences };
}
