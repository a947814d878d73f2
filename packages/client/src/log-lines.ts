// The log lines of a call (each attempt, its answer, its failure): imported only by a client whose logLevel is not
// "off", so an app that does not log does not load them.
import type { Log } from "./logger.js";

/** What every log line of a call names: its method and its path (without origin or query). */
export interface CallFacts {
  readonly method: string;
  readonly path: string;
}

/** Header names whose values are secrets: shown as "***" in logs. */
const SECRET_HEADERS = new Set(["authorization", "cookie", "set-cookie", "proxy-authorization"]);

/** A copy of headers for a log line: Authorization and cookies shown as "***". */
export function headersForLog(
  headers: Readonly<Record<string, string>> | Headers,
): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (value: string, name: string) => {
    const lower = name.toLowerCase();
    out[lower] = SECRET_HEADERS.has(lower) ? "***" : value;
  };
  if (typeof Headers !== "undefined" && headers instanceof Headers) headers.forEach(add);
  else for (const [name, value] of Object.entries(headers)) add(value, name);
  return out;
}

/** At "debug": one attempt about to be sent, its headers with secrets as "***". */
export function logAttempt(
  log: Log,
  call: CallFacts,
  attempt: number,
  headers: Readonly<Record<string, string>>,
): void {
  if (!log.at("debug")) return;
  log.logger.debug(`merchant-payments: ${call.method} ${call.path} attempt ${attempt}`, {
    method: call.method,
    path: call.path,
    attempt,
    headers: headersForLog(headers),
  });
}

/** At "info" (and "debug", with the attempt's duration): an answer. Times are Date.now() values in ms. */
export function logAnswer(
  log: Log,
  call: CallFacts,
  attempt: number,
  status: number,
  requestId: string | undefined,
  begun: number,
  started: number,
): void {
  const now = Date.now();
  const details = {
    method: call.method,
    path: call.path,
    status,
    attempt,
    durationMs: now - started,
    requestId,
  };
  const line = `merchant-payments: ${details.method} ${details.path} ${status} (attempt ${attempt}, ${details.durationMs} ms${requestId ? `, request id ${requestId}` : ""})`;
  if (log.at("debug")) log.logger.debug(line, { ...details, attemptMs: now - begun });
  if (log.at("info")) log.logger.info(line, details);
}

/**
 * At "warn" an attempt that is retried (after `retryInMs` ms), at "error" a call that gives up. `known`: the error is
 * a MerchantPaymentsError (else an abort reason or an option error).
 */
export function logFailure(
  log: Log,
  call: CallFacts,
  attempt: number,
  err: unknown,
  known: boolean,
  begun: number,
  started: number,
  retryInMs: number | undefined,
): void {
  const now = Date.now();
  const e = err as {
    name?: string;
    message?: string;
    status?: number;
    requestId?: string;
    requestSent?: string;
    mayHaveBeenProcessed?: boolean;
  };
  const details = {
    method: call.method,
    path: call.path,
    status: e.status,
    attempt,
    durationMs: now - started,
    attemptMs: now - begun,
    requestId: e.requestId,
    error: known ? e.name : "abort or option error",
    message: known ? e.message : undefined,
    mayHaveBeenProcessed: e.mayHaveBeenProcessed,
    requestSent: e.requestSent,
    retryInMs,
  };
  const what = `merchant-payments: ${details.method} ${details.path} ${
    e.status ?? details.error
  } (attempt ${attempt}, ${details.durationMs} ms${e.requestId ? `, request id ${e.requestId}` : ""})`;
  if (retryInMs !== undefined) {
    if (log.at("warn"))
      log.logger.warn(`${what}; retrying in ${Math.round(retryInMs)} ms`, details);
  } else if (log.at("error")) {
    log.logger.error(`${what}; giving up`, details);
  }
}
