import { ensure } from "./errors.js";

/** How much the client logs: "off", or the least severe level written ("debug" writes everything). */
export type LogLevel = "off" | "error" | "warn" | "info" | "debug";

/** Where log lines go; `console` fits. Each method gets a one-line message and a details object. */
export interface Logger {
  /** A call failed. */
  error(message: string, details?: Record<string, unknown>): void;
  /** A call is retried. */
  warn(message: string, details?: Record<string, unknown>): void;
  /** A call completed. */
  info(message: string, details?: Record<string, unknown>): void;
  /** One attempt: request (headers included, secrets as "***") and answer. */
  debug(message: string, details?: Record<string, unknown>): void;
}

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** A logger at a level: `at(level)` is true when lines of that level are written. */
export interface Log {
  readonly logger: Logger;
  at(level: Exclude<LogLevel, "off">): boolean;
}

/**
 * The logger at `level`, or undefined when `level` is "off" (so the default path does no logging work at all). Throws
 * TypeError for an unknown level or a logger without the four methods. Default logger: `console`.
 */
export function resolveLog(logger: Logger | undefined, level: LogLevel): Log | undefined {
  const where = "createMerchantPaymentsClient";
  ensure(
    typeof level === "string" && Object.hasOwn(RANK, level),
    where,
    'logLevel must be "off", "error", "warn", "info" or "debug"',
    level,
  );
  const sink = logger ?? (globalThis.console as Logger);
  ensure(
    (["error", "warn", "info", "debug"] as const).every((m) => typeof sink?.[m] === "function"),
    where,
    "logger must have error, warn, info and debug methods (e.g. console)",
  );
  const rank = RANK[level];
  return rank === 0 ? undefined : { logger: sink, at: (l) => RANK[l] <= rank };
}
