// RFC 9457 problems: every answer of the mock and the proxy that is not a 2xx is one of these.
import { STATUS_CODES } from "node:http";
import { problemExample, type SpecSource } from "./spec-source.js";

/** An RFC 9457 problem details object (the spec's `Problem`). */
export interface Problem {
  /** URI reference of the problem type; the spec's example type for the status when it has one. */
  type: string;
  /** Short summary of the problem type. */
  title: string;
  /** The HTTP status. */
  status: number;
  /** What went wrong with this request. */
  detail?: string;
  /** Extension members, e.g. `errors` (JSON Pointer and message of each invalid field). */
  [extension: string]: unknown;
}

/** One invalid field of a request: where (a JSON Pointer into the body, or `header <Name>`) and what is wrong. */
export interface FieldError {
  /** JSON Pointer of the value (`/transactions/3/transactionAmount`, `""` for the whole body) or `header <Name>`. */
  pointer: string;
  /** What is wrong, e.g. `must be <= 99999999`. */
  detail: string;
}

/** The media type of every problem. */
export const PROBLEM_MEDIA_TYPE = "application/problem+json";

/**
 * A problem for `status`: the type and title of the spec's own example for that status when it has one
 * (e.g. its malformed-JSON 400), else `about:blank` and the standard reason phrase.
 */
export function problemFor(
  spec: SpecSource | undefined,
  status: number,
  detail: string,
  extensions: Record<string, unknown> = {},
): Problem {
  const example = spec ? problemExample(spec, status) : undefined;
  return {
    type: example?.type ?? "about:blank",
    title: example?.title ?? STATUS_CODES[status] ?? "Error",
    status,
    detail,
    ...extensions,
  };
}

/** The text of a problem as sent. */
export function problemBody(problem: Problem): string {
  return JSON.stringify(problem);
}

/** A complete raw HTTP/1.1 response carrying a problem, for sockets without a ServerResponse (parse errors). */
export function rawProblemResponse(problem: Problem, headers: Record<string, string> = {}): string {
  const body = problemBody(problem);
  const lines = [
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? "Error"}`,
    `Content-Type: ${PROBLEM_MEDIA_TYPE}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}
