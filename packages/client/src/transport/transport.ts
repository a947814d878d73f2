/**
 * The transport boundary: how one HTTP attempt leaves the client.
 *
 * A {@link Transport} takes one {@link TransportRequest} and either resolves with the whole answer
 * ({@link TransportResponse}: status, headers, body text, request id) or rejects with a {@link TransportFailure} that says
 * how much of the request had been handed to the network ({@link RequestSent}). Everything else (the per-attempt timeout,
 * retries, the caller's abort signal, error classes, redaction, `mayHaveBeenProcessed`, logging) is the client's job and
 * is the same for every transport: `mayHaveBeenProcessed` is `requestSent !== "none"`.
 *
 * Rules every transport follows:
 * 1. One attempt: never retry, never follow a redirect (a 3xx is resolved as a response, like any other status).
 * 2. Resolve only once the whole response body is read, as text (UTF-8).
 * 3. Reject only with a TransportFailure; report `"none"` only when it is certain that no byte of the request reached
 *    the server (DNS failure, connection refused, TLS handshake failure, no connection yet when `signal` aborted), and
 *    `"unknown"` whenever it cannot tell.
 * 4. When `request.signal` aborts (timeout or the caller's abort), stop at once and reject with a TransportFailure
 *    describing how far the attempt got; the client reads the signal to tell a timeout from a caller's abort.
 * 5. Keep nothing after the attempt: the headers hold the access token (a failure's `cause` may quote it; the client
 *    redacts what it shows).
 */
import { causeChain } from "@merchant-payments/kit/causes";

/**
 * How much of the request had been handed to the network when an attempt failed:
 * - `"none"`: certainly nothing reached the server (DNS failure, connection refused, TLS failure, not yet connected);
 * - `"partial"`: the connection was open and part of the request was written;
 * - `"complete"`: the whole request was written (for example the response headers had already arrived);
 * - `"unknown"`: the transport cannot tell (a fetch that fails before the response headers).
 */
export type RequestSent = "none" | "partial" | "complete" | "unknown";

/** One HTTP attempt, as the client hands it to a transport. */
export interface TransportRequest {
  /** HTTP method, upper case, e.g. "POST". */
  readonly method: string;
  /** Absolute URL, query included. */
  readonly url: string;
  /** Request headers with lower-case names, `authorization` included; read-only for the transport. */
  readonly headers: Readonly<Record<string, string>>;
  /** The request body: JSON or other text (sent as UTF-8), bytes (multipart, binary), or undefined for none. */
  readonly body: string | Uint8Array | undefined;
  /** True when the answer may be binary: the transport also hands over the body's bytes (`bytes`). Default false. */
  readonly bytes?: boolean;
  /** Aborts the attempt: fired by the client on the attempt's timeout or on the caller's abort. */
  readonly signal: AbortSignal;
  /**
   * Largest answer body accepted, in bytes, as received and as decoded (gzip, deflate, br); a transport that reads
   * more rejects with a TransportFailure whose cause is a {@link BodyTooLarge}. Undefined: no limit.
   */
  readonly maxResponseBytes?: number;
}

/** The whole answer to one attempt. */
export interface TransportResponse {
  /** HTTP status; 0 for a redirect the runtime hides (a browser fetch's opaque-redirect response). */
  readonly status: number;
  /** Response headers (case-insensitive lookup). */
  readonly headers: Headers;
  /** The whole response body as text ("" when there is none). */
  readonly text: string;
  /** The whole response body as bytes, when the request asked for them (`bytes: true`). */
  readonly bytes?: Uint8Array;
  /** The request id of the response headers, as {@link requestIdFrom} reads it; undefined when there is none. */
  readonly requestId: string | undefined;
}

/** The head of a response that arrived before its attempt failed (e.g. the body stalled or the connection reset). */
export interface ResponseHead {
  /** HTTP status of the response. */
  readonly status: number;
  /** Response headers as they arrived (case-insensitive lookup); the body's failure came after them. */
  readonly headers: Headers;
  /** The request id of the response headers, if any. */
  readonly requestId: string | undefined;
}

/**
 * Makes `instanceof` of a transport class true for an instance made by any copy of it (the ESM, CommonJS and Node
 * builds each hold their own copy of these classes; a transport built with one may be handed to a client of another):
 * the class marks its prototype with a registered symbol, and its `Symbol.hasInstance` asks for that mark.
 */
export function brand(target: { prototype: object }, name: string): void {
  const mark = Symbol.for(`@merchant-payments/client.${name}`);
  Object.defineProperty(target.prototype, mark, { value: true });
  Object.defineProperty(target, Symbol.hasInstance, {
    value: (value: unknown) => typeof value === "object" && value !== null && mark in value,
  });
}

/** Why one attempt ended without a whole response: the only rejection a transport may give. */
export class TransportFailure extends Error {
  /** How much of the request had been handed to the network; decides `mayHaveBeenProcessed`. */
  declare readonly requestSent: RequestSent;
  /** The response head when it had arrived before the failure, else undefined. */
  declare readonly response: ResponseHead | undefined;

  /** @param cause - what the runtime threw (it may quote the request headers: the client redacts it). */
  constructor(requestSent: RequestSent, cause: unknown, response?: ResponseHead) {
    super(`transport failure (request sent: ${requestSent})`, { cause });
    this.requestSent = requestSent;
    this.response = response;
  }

  override get name(): string {
    return "TransportFailure";
  }
}

// `instanceof TransportFailure`: true for an instance of any build of the client (ESM, CommonJS, Node).
brand(TransportFailure, "TransportFailure");

/** The `cause` of a TransportFailure when the answer body went over `maxResponseBytes` (received or decoded). */
export class BodyTooLarge extends Error {
  /** The limit that was passed, in bytes. */
  declare readonly maxResponseBytes: number;

  /** @param maxResponseBytes - the limit that was passed, in bytes. */
  constructor(maxResponseBytes: number) {
    super(`the answer body is larger than ${maxResponseBytes} bytes`);
    this.maxResponseBytes = maxResponseBytes;
  }

  override get name(): string {
    return "BodyTooLarge";
  }
}

// `instanceof BodyTooLarge`: true for an instance of any build of the client.
brand(BodyTooLarge, "BodyTooLarge");

/** The `cause` of a TransportFailure when the answer's content coding (gzip, deflate, br) is corrupt or truncated. */
export class CorruptCoding extends Error {
  override get name(): string {
    return "CorruptCoding";
  }
}

// `instanceof CorruptCoding`: true for an instance of any build of the client.
brand(CorruptCoding, "CorruptCoding");

/** zlib error codes: a corrupt or truncated coding, as Node's zlib (and so undici's fetch) reports it. */
const ZLIB_CODES = new Set([
  "Z_DATA_ERROR",
  "Z_BUF_ERROR",
  "Z_NEED_DICT",
  "ERR_BROTLI_DECOMPRESSION_FAILED",
]);

/** True when `error` (or its cause) is zlib's report of a corrupt or truncated coding. */
function isCodingFailure(error: unknown): boolean {
  return causeChain(error, 4).some((link) => {
    const code = (link as { code?: unknown }).code;
    return typeof code === "string" && ZLIB_CODES.has(code);
  });
}

/** Sends one attempt; see the module documentation for the rules every transport follows. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** A fetch-compatible function: called as fetch(url, init). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Response headers that carry a request id, in the order they are looked up. */
const REQUEST_ID_HEADERS = [
  "x-request-id",
  "request-id",
  "x-correlation-id",
  "x-amzn-requestid",
] as const;

/** The request id of response headers: x-request-id, request-id, x-correlation-id or x-amzn-requestid (first present). */
export function requestIdFrom(headers: Headers): string | undefined {
  return firstRequestId((name) => headers.get(name));
}

/** The first request id `get` finds, in the order of {@link REQUEST_ID_HEADERS}; undefined when there is none. */
export function firstRequestId(
  get: (name: string) => string | null | undefined,
): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = get(name);
    if (value != null) return value;
  }
  return undefined;
}

/** Error codes (Node, undici) that prove the request never reached the server: DNS, refused, unreachable, TLS. */
const NOTHING_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_NONAME",
  "EAI_FAIL",
  "EAI_NODATA",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/**
 * True when an error a runtime threw proves no byte of the request reached the server: a code of DNS failure,
 * connection refused, unreachable network or TLS failure, found through the `cause` chain (every error of an
 * AggregateError, as happy-eyeballs connection attempts give, must prove it).
 */
export function provesNothingSent(error: unknown): boolean {
  return causeChain(error).some((link) => {
    const x = link as { code?: unknown; errors?: unknown; requestSent?: unknown };
    if (x.requestSent === "none") return true;
    if (typeof x.code === "string" && NOTHING_SENT_CODES.has(x.code)) return true;
    return Array.isArray(x.errors) && x.errors.length > 0 && x.errors.every(provesNothingSent);
  });
}

/**
 * The transport over a fetch implementation, with `redirect: "manual"`: a 3xx comes back as a response (status 0 when
 * a browser hides it as an opaque redirect). A fetch that rejects gives requestSent "none" when the error proves it
 * ({@link provesNothingSent}), else "unknown" (fetch does not say whether the request was written); a failure while
 * reading the body gives "complete", with the response head.
 */
export function fetchTransport(fetchImpl: FetchLike): Transport {
  return async (request) => {
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body as BodyInit | undefined,
        signal: request.signal,
        redirect: "manual",
      });
    } catch (cause) {
      throw new TransportFailure(provesNothingSent(cause) ? "none" : "unknown", cause);
    }
    const requestId = requestIdFrom(response.headers);
    const head = { status: response.status, headers: response.headers, requestId };
    let text: string | Uint8Array;
    try {
      text = await bodyOf(
        response,
        request.maxResponseBytes ?? Number.POSITIVE_INFINITY,
        request.bytes,
      );
    } catch (cause) {
      const reason =
        cause instanceof BodyTooLarge || request.signal.aborted || !isCodingFailure(cause)
          ? cause
          : new CorruptCoding("the answer's content coding is corrupt", { cause });
      throw new TransportFailure("complete", reason, head);
    }
    const status = response.type === "opaqueredirect" ? 0 : response.status;
    if (typeof text === "string") return { status, headers: response.headers, text, requestId };
    // Kept as bytes too: the answer may be binary (a Blob).
    const bytes = text;
    return {
      status,
      headers: response.headers,
      text: new TextDecoder().decode(bytes),
      requestId,
      bytes,
    };
  };
}

/**
 * The whole body within `limit` bytes: as text, by `response.text()` when the limit cannot be passed (none, or a
 * Content-Length within it and no coding), else read chunk by chunk, cancelled as soon as the decoded bytes pass it;
 * as bytes when `asBytes`.
 */
async function bodyOf(
  response: Response,
  limit: number,
  asBytes: boolean | undefined,
): Promise<string | Uint8Array> {
  const declared = response.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) {
    await response.body?.cancel().catch(() => {});
    throw new BodyTooLarge(limit);
  }
  const body = response.body;
  if (body === null) return asBytes ? new Uint8Array(0) : "";
  if (
    !asBytes &&
    (limit === Number.POSITIVE_INFINITY ||
      (declared !== null && !response.headers.has("content-encoding")))
  ) {
    return response.text();
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return asBytes ? all : new TextDecoder().decode(all);
}
