// One exchange of the validation proxy with the upstream, through the workspace's one upstream HTTP module
// (`@merchant-payments/kit/http`, as the client's Node transport and verify send): the request forwarded, the whole
// answer read and decoded within a deadline and a size limit. Decoding streams through zlib (off the event loop, chunk
// by chunk), so a slow, huge or compressed-bomb answer costs only its own exchange, never the proxy's other requests.
import type { IncomingHttpHeaders } from "node:http";
import { type HttpFailure, send } from "@merchant-payments/kit/http";

/** An upstream answer, its body decoded from its Content-Encoding. */
interface UpstreamAnswer {
  /** The upstream answer's HTTP status code, e.g. 201; checked, then forwarded to the caller. */
  status: number;
  /** Answer headers, lower-case names (`set-cookie` a list). */
  headers: IncomingHttpHeaders;
  /** The body as received (what the proxy forwards). */
  body: Buffer;
  /** The body decoded from its content coding (what the proxy checks). */
  decoded: Buffer;
}

/** What came of one exchange with the upstream. */
export type UpstreamExchange =
  | { kind: "answer"; answer: UpstreamAnswer }
  | { kind: "timeout"; status?: number }
  | { kind: "too-large"; status?: number }
  | { kind: "transport"; message: string; status?: number };

/** One request to forward. */
export interface ForwardedRequest {
  /** HTTP method, upper case. */
  method: string;
  /** Path and query, appended to the upstream's path. */
  url: string;
  /** The headers to send: the request's end-to-end ones, `content-length`, and `accept-encoding: identity`. */
  headers: Record<string, string>;
  /** The body as the client sent it. */
  bytes: Uint8Array;
}

/** Headers as node:http gives them: lower-case names, repeated values joined, `set-cookie` a list. */
function incomingHeaders(headers: Headers): IncomingHttpHeaders {
  const record: IncomingHttpHeaders = {};
  headers.forEach((value, name) => {
    if (name !== "set-cookie") record[name] = value;
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) record["set-cookie"] = cookies;
  return record;
}

/** The proxy's outcome of an upstream request that got no whole answer, its message in the proxy's words. */
function failureOutcome(failure: HttpFailure): UpstreamExchange {
  const status = failure.head?.status;
  const at = status === undefined ? {} : { status };
  const stop = failure.stop;
  if (stop === "deadline") return { kind: "timeout", ...at };
  if (stop === "too-large") return { kind: "too-large", ...at };
  const cause = failure.cause as { code?: string; message?: string } | undefined;
  const detail = cause?.code ?? cause?.message ?? String(cause);
  const coding = failure.head?.headers.get("content-encoding") ?? "";
  const message =
    stop === "corrupt-coding"
      ? `the upstream's ${coding} coding is corrupt or truncated: ${cause?.message ?? ""}`
      : stop === "truncated-body"
        ? `the upstream's answer broke off: ${cause?.message ?? detail}`
        : `the upstream could not be reached or reset the connection: ${detail}`;
  return { kind: "transport", message, ...at };
}

/**
 * Sends `request` upstream and reads the whole answer within `timeoutMs` (decoding included); an answer larger than
 * `maxBytes`, as received or decoded, stops at once. Never throws: every failure is an outcome.
 */
export async function forward(
  upstream: URL,
  request: ForwardedRequest,
  timeoutMs: number,
  maxBytes: number,
): Promise<UpstreamExchange> {
  const url = new URL(`${upstream.pathname.replace(/\/$/, "")}${request.url}`, upstream);
  const outcome = await send(
    {
      method: request.method,
      url: url.href,
      headers: request.headers,
      body: request.bytes,
      maxResponseBytes: maxBytes,
      keepEncoded: true,
    },
    timeoutMs,
  );
  if (outcome.kind === "failure") return failureOutcome(outcome);
  return {
    kind: "answer",
    answer: {
      status: outcome.status,
      headers: incomingHeaders(outcome.headers),
      body: outcome.encoded ?? outcome.body,
      decoded: outcome.body,
    },
  };
}
