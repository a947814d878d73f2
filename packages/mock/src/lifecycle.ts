// The life of a mock or proxy server: the options both take, preparing them (spec, logger, limits), listening, and the
// handle it returns (its URL, the violations reported, close).

import type { Issue } from "@merchant-payments/spec/model";
import type { RequestCheck } from "./checks.js";
import { type RequestLimits, resolveLimits } from "./limits.js";
import { createLogger, type Logger, type LogLevelOption } from "./logger.js";
import type { ReportedCheck } from "./reported-issue.js";
import type { SpecServer } from "./server.js";
import { loadSpec, type SpecSource } from "./spec-source.js";

/** One answer in which violations of the spec were found. */
export interface ViolationReport {
  /** HTTP method of the request, upper case. */
  method: string;
  /** Path and query of the request. */
  path: string;
  /** Status code answered to the caller. */
  status: number;
  /**
   * What is wrong, as the spec model's `Issue`: `check` the side and part (`request query`, `response schema`,
   * `response status`…), `path` a JSON Pointer inside that part, `keyword` the rule that failed, where one did.
   */
  issues: readonly Issue<ReportedCheck>[];
  /**
   * Whose mistake it is (the proxy's reports only): `caller` (the request breaks the spec), `server` (its answer
   * does, or it failed to answer), `proxy` (the proxy itself failed); unset for the mock's own answers.
   */
  blame?: "caller" | "server" | "proxy";
}

/** Options shared by the mock and the validation proxy. */
export interface CommonServerOptions {
  /** Port to listen on; default 0 (a free port chosen by the OS). The CLI defaults to 4010. */
  port?: number;
  /** Host to listen on; default "127.0.0.1". */
  host?: string;
  /** OpenAPI document (JSON, or YAML) to serve; default the spec shipped in this package. */
  spec?: string;
  /** An answer that violates the spec becomes an error; default false for the mock, true for the proxy. */
  errors?: boolean;
  /** Called for every answer in which violations of the spec were found; default none. */
  onViolations?: (report: ViolationReport) => void;
  /** How much to log: "off" (default), "error", "warn" or "info" ("silent" still means "off"). Bodies are never logged. */
  logLevel?: LogLevelOption;
  /** Where log lines go; default standard error. */
  onLog?: (line: string) => void;
  /** Request limits (body bytes, nesting depth, head bytes, head and body timeouts); defaults from the spec. */
  limits?: Partial<RequestLimits>;
  /** Extra request checks, run after the built-in ones; default none. */
  checks?: readonly RequestCheck[];
}

/** A running mock or proxy. */
export interface RunningServer {
  /** Base URL to give the client, e.g. "http://127.0.0.1:4010" (paths are served without a prefix). */
  baseUrl: string;
  /** The port callers connect to. */
  port: number;
  /** Every answer with violations so far, oldest first. */
  violations: ViolationReport[];
  /** The limits in force. */
  limits: RequestLimits;
  /** Stops accepting, ends every connection and frees the port. Safe to call twice. */
  close(): Promise<void>;
}

/** Everything a start needs before it builds its server. */
export interface Prepared {
  spec: SpecSource;
  limits: RequestLimits;
  /** The server's own log. */
  logger: Logger;
  /** Prism's log: its chatter (every refused request is an "error" to it) only at the info level. */
  prismLogger: Logger;
  violations: ViolationReport[];
  report(report: ViolationReport): void;
}

/** Loads the spec and resolves the limits and the logger; throws `SpecLoadError`. */
export function prepare(options: CommonServerOptions, name: string): Prepared {
  const spec = loadSpec(options.spec);
  const violations: ViolationReport[] = [];
  return {
    spec,
    limits: resolveLimits(spec, options.limits),
    logger: createLogger(options.logLevel ?? "off", options.onLog, name),
    prismLogger: createLogger(
      options.logLevel === "info" ? "info" : "off",
      options.onLog,
      `${name}:prism`,
    ),
    violations,
    report(report) {
      violations.push(report);
      options.onViolations?.(report);
    },
  };
}

function urlHost(host: string): string {
  const shown = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return shown.includes(":") ? `[${shown}]` : shown;
}

/** Listens and returns the running handle; `onClose` runs after the server closed. */
export async function listen(
  server: SpecServer,
  prepared: Prepared,
  options: CommonServerOptions,
  onClose: () => Promise<void> = async () => {},
): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  let port: number;
  try {
    port = await server.listen(options.port ?? 0, host);
  } catch (error) {
    await server.close();
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    baseUrl: `http://${urlHost(host)}:${port}`,
    port,
    violations: prepared.violations,
    limits: prepared.limits,
    close() {
      closed ??= server.close().then(onClose);
      return closed;
    },
  };
}
