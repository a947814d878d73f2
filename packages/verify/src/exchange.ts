// One HTTP exchange with the server under test: the answer as received, or the transport failure that
// prevented it (a timeout, a reset before the answer, a body cut short, a refused connection).
import { describeCauses } from "@merchant-payments/spec/internal";

/** The request verify sends: method, absolute URL, headers and the body's exact text. */
export interface OutgoingRequest {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Absolute URL. */
  readonly url: string;
  /** Request headers. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body (text, or bytes for binary and multipart bodies); none for a request without body. */
  readonly body?: string | Uint8Array;
}

/** How a request can fail before a whole answer arrives. */
export type TransportFailureKind =
  | "timeout"
  | "reset"
  | "truncated-body"
  | "response-too-large"
  | "corrupt-coding"
  | "connection-refused"
  | "connection-failed";

/** The outcome of one exchange: a whole answer, or a transport failure. */
export type Exchange =
  | {
      readonly kind: "answer";
      /** HTTP status. */
      readonly status: number;
      /** Response headers, lower-case names. */
      readonly headers: Readonly<Record<string, string>>;
      /** The body as text. */
      readonly body: string;
    }
  | {
      readonly kind: "transport";
      /** Which failure. */
      readonly failure: TransportFailureKind;
      /** Status, when the headers had arrived before the failure. */
      readonly status?: number;
      /** What happened, in words. */
      readonly message: string;
    };

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** Marks a body that passed the size limit. */
class TooLarge extends Error {}

/** zlib's codes for a corrupt or truncated content coding (undici's fetch decodes with zlib). */
const CODING_CODES = /Z_DATA_ERROR|Z_BUF_ERROR|Z_NEED_DICT|ERR_BROTLI_DECOMPRESSION_FAILED/;

/**
 * The body as text, read chunk by chunk (decoded by fetch from its content coding) and cancelled as soon as it
 * passes `maxBytes`.
 */
async function boundedText(response: Response, maxBytes: number): Promise<string> {
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new TooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new TooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Sends `request` once (never retried) and reads the whole answer within `timeoutMs` milliseconds
 * (headers and body together) and `maxBytes` bytes (as decoded); a failure on the way is returned, not thrown.
 */
export async function exchange(
  request: OutgoingRequest,
  timeoutMs: number,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<Exchange> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined
        ? {}
        : { body: request.body as string | Uint8Array<ArrayBuffer> }),
      signal,
      redirect: "manual",
    });
  } catch (error) {
    if (isTimeout(error) || signal.aborted) {
      return {
        kind: "transport",
        failure: "timeout",
        message: `no answer within ${timeoutMs} ms`,
      };
    }
    const text = describeCauses(error);
    return {
      kind: "transport",
      failure: /ECONNREFUSED/.test(text)
        ? "connection-refused"
        : /ECONNRESET|EPIPE|UND_ERR_SOCKET|other side closed/.test(text)
          ? "reset"
          : "connection-failed",
      message: `the connection failed before an answer: ${text}`,
    };
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  try {
    const body = await boundedText(response, maxBytes);
    return { kind: "answer", status: response.status, headers, body };
  } catch (error) {
    if (error instanceof TooLarge) {
      return {
        kind: "transport",
        failure: "response-too-large",
        status: response.status,
        message: `status ${response.status} arrived, the body is larger than ${maxBytes} bytes (as decoded); not read`,
      };
    }
    if (isTimeout(error) || signal.aborted) {
      return {
        kind: "transport",
        failure: "timeout",
        status: response.status,
        message: `status ${response.status} arrived, the body did not end within ${timeoutMs} ms`,
      };
    }
    const chain = describeCauses(error);
    if (CODING_CODES.test(chain)) {
      return {
        kind: "transport",
        failure: "corrupt-coding",
        status: response.status,
        message: `status ${response.status} arrived, its ${headers["content-encoding"] ?? ""} coding is corrupt: ${chain}`,
      };
    }
    return {
      kind: "transport",
      failure: "truncated-body",
      status: response.status,
      message: `status ${response.status} arrived, the body was cut short: ${chain}`,
    };
  }
}
