// Stage 6, answer: the request that passed every check, with the spec's violations of its headers and body,
// handed to the mock's or the proxy's answering function; then the answer written (whole, or half and a reset).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Issue, OperationSpec } from "@merchant-payments/spec/model";
import type { RequestContext } from "../checks.js";
import { parameterIssues } from "../parameters.js";
import type { Answer, Refusal } from "../problems.js";
import { missingBodyIssues, type RequestPart } from "../request-issues.js";
import type { SpecSource } from "../spec-source.js";
import type { CheckedHead } from "./check-head.js";

/** A request that passed every check, as handed to the mock's or the proxy's answering function. */
export interface CheckedRequest {
  /** HTTP method, upper case. */
  method: string;
  /** Path and query as received. */
  url: string;
  /** Path without the query, percent-encoding kept (the URL parser's `pathname`), e.g. `/transactions/tx_1`. */
  path: string;
  /** Query parameters by name, percent-decoded: a string, or an array when the name repeats. */
  query: Record<string, string | string[]>;
  /** Request headers, lower-case names, repeated headers joined. */
  headers: Record<string, string>;
  /** The operation, if the request matched one. */
  operation: OperationSpec | undefined;
  /** The body's bytes (empty for none). */
  bytes: Uint8Array;
  /** Violations of the spec by the parameters and the body (the project's validator), and by the checks. */
  issues: readonly Issue<RequestPart>[];
  /** Context of the checks (preferences…). */
  context: RequestContext;
  /** The refusal of a `body` check the request went on despite (see the server's `answersRefused`); else none. */
  refusal?: Refusal;
}

function joinHeaders(headers: IncomingMessage["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function queryOf(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    out[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return out;
}

/**
 * The checked request: every violation of the operation (parameters, missing body, body schema, checks).
 * `hasBody`: whether a body arrived (measured before inspection, which may move `bytes` to a worker).
 */
export function checkedRequest(
  spec: SpecSource,
  req: IncomingMessage,
  head: CheckedHead,
  bytes: Uint8Array,
  hasBody: boolean,
): CheckedRequest {
  const { operation, context } = head;
  const issues: Issue<RequestPart>[] = operation
    ? [
        ...parameterIssues(spec.ajv, operation, {
          pathname: head.url.pathname,
          search: head.url.search.slice(1),
          headers: req.headers,
        }),
        ...missingBodyIssues(operation, hasBody),
        ...(context.inspection?.kind === "parsed" ? context.inspection.issues : []),
        ...context.issues,
      ]
    : [];
  return {
    method: head.method,
    url: req.url ?? "/",
    path: head.url.pathname,
    query: queryOf(head.url.searchParams),
    headers: joinHeaders(req.headers),
    operation,
    bytes,
    issues,
    context,
  };
}

/** Sends an answer whole (nothing when the response already started or the connection is gone). */
export function send(res: ServerResponse, answer: Answer): void {
  if (res.headersSent || res.destroyed) return;
  const body = typeof answer.body === "string" ? Buffer.from(answer.body) : answer.body;
  res.writeHead(answer.status, { ...answer.headers, "content-length": body.byteLength });
  res.end(body);
}

/** Sends the head and half the body of an answer, then resets the connection (the `reset` fault). */
export function sendHalfAndReset(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  const body = typeof answer.body === "string" ? Buffer.from(answer.body) : answer.body;
  res.writeHead(answer.status, { ...answer.headers, "content-length": body.byteLength });
  res.write(body.subarray(0, Math.floor(body.byteLength / 2)), () => req.socket.resetAndDestroy());
}
