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
  /** The body's text; none for a request without body. */
  readonly body?: string;
}

/** How a request can fail before a whole answer arrives. */
export type TransportFailureKind =
  | "timeout"
  | "reset"
  | "truncated-body"
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

/**
 * Sends `request` once (never retried) and reads the whole answer within `timeoutMs` milliseconds
 * (headers and body together); a failure on the way is returned, not thrown.
 */
export async function exchange(request: OutgoingRequest, timeoutMs: number): Promise<Exchange> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
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
    const body = await response.text();
    return { kind: "answer", status: response.status, headers, body };
  } catch (error) {
    if (isTimeout(error) || signal.aborted) {
      return {
        kind: "transport",
        failure: "timeout",
        status: response.status,
        message: `status ${response.status} arrived, the body did not end within ${timeoutMs} ms`,
      };
    }
    return {
      kind: "transport",
      failure: "truncated-body",
      status: response.status,
      message: `status ${response.status} arrived, the body was cut short: ${describeCauses(error)}`,
    };
  }
}
