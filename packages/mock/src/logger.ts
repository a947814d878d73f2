// The logger handed to Prism, and the mock's own log: lines of text at a chosen level. Request and
// response bodies are never logged (Prism logs them only at debug, which this logger never prints).

/** How much the mock and the proxy log: `off` (default), `error`, `warn` or `info`: the client's words. */
export type LogLevel = "off" | "error" | "warn" | "info";

/** A log level as the options take it: also `silent`, the former name of `off`, still accepted. */
export type LogLevelOption = LogLevel | "silent";

/** The levels, least to most verbose. */
export const LOG_LEVELS: readonly LogLevel[] = ["off", "error", "warn", "info"];

/** The level a {@link LogLevelOption} means (`silent` is `off`). */
export function logLevelOf(option: LogLevelOption): LogLevel {
  return option === "silent" ? "off" : option;
}

/** A pino-shaped logger (what Prism calls) that prints plain lines. */
export interface Logger {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
  success(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  trace(...args: unknown[]): void;
  fatal(...args: unknown[]): void;
  child(bindings?: Record<string, unknown>): Logger;
}

const noop = () => {};

/** The message of a pino-style call: the last string argument. */
function messageOf(args: unknown[]): string | undefined {
  for (let i = args.length - 1; i >= 0; i--)
    if (typeof args[i] === "string") return args[i] as string;
  return undefined;
}

/** A logger printing lines at `level` and above to `write` (default: standard error). */
export function createLogger(
  level: LogLevelOption = "off",
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  name = "mock",
): Logger {
  const rank = LOG_LEVELS.indexOf(logLevelOf(level));
  const at = (wanted: LogLevel, label: string) =>
    rank >= LOG_LEVELS.indexOf(wanted)
      ? (...args: unknown[]) => {
          const message = messageOf(args);
          if (message !== undefined) write(`[${name}] ${label} ${message}`);
        }
      : noop;
  const logger: Logger = {
    fatal: at("error", "fatal"),
    error: at("error", "error"),
    warn: at("warn", "warn"),
    info: at("info", "info"),
    success: at("info", "info"),
    debug: noop,
    trace: noop,
    child: (bindings) =>
      typeof bindings?.name === "string"
        ? createLogger(level, write, `${name}:${bindings.name.toLowerCase()}`)
        : logger,
  };
  return logger;
}
