// Stage 1, check head: the request's id and CORS headers, its target, a CORS preflight, its operation, and
// the `head` checks, all before a byte of the body is read.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { OperationSpec } from "@merchant-payments/spec/model";
import type { RequestCheck, RequestContext } from "../checks.js";
import { type corsHeaders, REQUEST_ID_HEADER } from "../cors.js";
import type { RequestLimits } from "../limits.js";
import { refusals } from "../problems.js";
import type { StageResult } from "./stage.js";

/** What the head stage needs. */
export interface HeadStage {
  /** The operation of a method and path, if the spec has one. */
  findOperation(method: string, path: string): OperationSpec | undefined;
  /** The CORS headers of the spec. */
  cors: ReturnType<typeof corsHeaders>;
  /** The limits in force. */
  limits: RequestLimits;
  /** The `head` checks, in order. */
  checks: readonly RequestCheck[];
}

/** A request whose head passed. */
export interface CheckedHead {
  /** HTTP method, upper case. */
  method: string;
  /** The request target, parsed. */
  url: URL;
  /** The operation, if the request matched one. */
  operation: OperationSpec | undefined;
  /** What the checks know (body checks add to it). */
  context: RequestContext;
}

/** Headers of every answer: CORS, and the request id (the caller's `X-Request-Id` if sane, else a new UUID). */
export function commonHeaders(
  req: IncomingMessage,
  cors: ReturnType<typeof corsHeaders>,
): Record<string, string> {
  const requested = req.headers["x-request-id"];
  const requestId =
    typeof requested === "string" && /^[\w.:-]{1,128}$/.test(requested) ? requested : randomUUID();
  return { ...cors.always, [REQUEST_ID_HEADER.toLowerCase()]: requestId };
}

/** Checks the head: a refusal (closing), the preflight's answer, or the checked head. */
export function checkHead(req: IncomingMessage, stage: HeadStage): StageResult<CheckedHead> {
  const method = (req.method ?? "GET").toUpperCase();
  let url: URL;
  try {
    url = new URL(req.url ?? "/", "http://mock.invalid");
  } catch {
    return { refuse: refusals.invalidTarget(), close: true };
  }
  if (method === "OPTIONS" && req.headers["access-control-request-method"]) {
    return { answer: { status: 204, headers: { ...stage.cors.preflight }, body: "" } };
  }
  const operation = stage.findOperation(method, url.pathname);
  const declared = req.headers["content-length"];
  const context: RequestContext = {
    method,
    path: url.pathname,
    headers: req.headers,
    operation,
    announcesBody:
      req.headers["transfer-encoding"] !== undefined ||
      (declared !== undefined && Number(declared) > 0),
    limits: stage.limits,
    preferences: {},
    issues: [],
  };
  for (const requestCheck of stage.checks) {
    const refusal = requestCheck.check(context);
    if (refusal) return { refuse: refusal, close: true };
  }
  return { next: { method, url, operation, context } };
}
