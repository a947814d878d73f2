// The Node transport: undici's dispatcher API (the HTTP/1.1 engine under Node's own fetch, without the Fetch layer),
// keep-alive connections shared by every client of the process, and a timeout that is one timer, not an AbortSignal.
// Only the `node` entry of the package imports this module: browsers, Deno, Bun and edge runtimes never see it.
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from "node:zlib";
import { Agent, type Dispatcher } from "undici";
import { DeadlineExceeded, type TimedRequest, type TimedTransport } from "./timed-transport.js";
import { whenAbortedOrDue } from "./timers.js";
import {
  type RequestSent,
  type ResponseHead,
  requestIdFrom,
  TransportFailure,
  type TransportResponse,
} from "./transport.js";

/** Most connections the Node transport keeps open to one origin, per process; further calls wait for a free one. */
export const NODE_MAX_SOCKETS_PER_ORIGIN = 64;

let agent: Agent | undefined;

/** The process-wide undici Agent: one pool of at most NODE_MAX_SOCKETS_PER_ORIGIN keep-alive connections per origin. */
function sharedAgent(): Agent {
  agent ??= new Agent({ connections: NODE_MAX_SOCKETS_PER_ORIGIN });
  return agent;
}

/**
 * undici's callback handler: the form its own `request()` uses, and the only one told when the whole request is
 * written (`onRequestSent`, called by undici but missing from its types), which `requestSent: "complete"` needs.
 */
type CallbackHandler = Dispatcher.DispatchHandler & { onRequestSent(): void };

/** Origin and path of each URL the clients call (a handful per client), parsed once. */
const targets = new Map<string, { origin: string; path: string }>();

function targetOf(url: string): { origin: string; path: string } {
  let target = targets.get(url);
  if (!target) {
    const parsed = new URL(url);
    target = { origin: parsed.origin, path: parsed.pathname + parsed.search };
    if (targets.size >= 1024) targets.clear();
    targets.set(url, target);
  }
  return target;
}

/** A raw header name or value as fetch reads it: one character per byte (latin1), so any byte is accepted. */
const byteString = (raw: Buffer | string | undefined): string =>
  typeof raw === "string" ? raw : (raw?.toString("latin1") ?? "");

/** Response headers as a Headers object, from undici's raw [name, value, name, value, ...] list. */
function headersOf(raw: Buffer[] | string[] | null): Headers {
  const headers = new Headers();
  if (raw) {
    for (let i = 0; i + 1 < raw.length; i += 2) {
      headers.append(byteString(raw[i]), byteString(raw[i + 1]));
    }
  }
  return headers;
}

/** Decoders of the content codings fetch decodes; "deflate" is zlib-wrapped or raw, whichever the bytes are. */
const DECODERS: Readonly<Record<string, (body: Buffer) => Buffer>> = {
  gzip: gunzipSync,
  "x-gzip": gunzipSync,
  br: brotliDecompressSync,
  deflate: (body) => (((body[0] ?? 0) & 0x0f) === 8 ? inflateSync(body) : inflateRawSync(body)),
};

/**
 * The body as UTF-8 text, decoded from its content codings (gzip, deflate, br) as fetch does; like fetch, a body with
 * a coding it cannot decode is left as it came.
 */
function textOf(chunks: Buffer[], headers: Headers): string {
  const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
  const coding = headers.get("content-encoding");
  if (!coding) return body.toString("utf8");
  const steps = coding
    .toLowerCase()
    .split(",")
    .map((step) => step.trim())
    .filter((step) => step !== "" && step !== "identity")
    .reverse();
  if (!steps.every((step) => Object.hasOwn(DECODERS, step))) return body.toString("utf8");
  let decoded = body;
  for (const step of steps) decoded = (DECODERS[step] as (body: Buffer) => Buffer)(decoded);
  return decoded.toString("utf8");
}

/**
 * Sends one attempt through the shared undici Agent and reads the whole body, within `timeoutMs` (Infinity: none).
 * No redirect is followed (a 3xx resolves like any status). Rejects only with a TransportFailure: its `cause` is a
 * {@link DeadlineExceeded} when the deadline passed, the signal's reason when the caller aborted, else what undici
 * threw. `requestSent` is "none" until undici hands the request to a connection, "partial" while it writes it,
 * "complete" once written.
 */
export function sendWithin(request: TimedRequest, timeoutMs: number): Promise<TransportResponse> {
  return new Promise<TransportResponse>((resolve, reject) => {
    const signal = request.signal;
    if (signal?.aborted) {
      reject(new TransportFailure("none", signal.reason));
      return;
    }
    let sent: RequestSent = "none";
    let settled = false;
    let abortRequest: ((reason: Error) => void) | undefined;
    let status = 0;
    let head: ResponseHead | undefined;
    let headers: Headers | undefined;
    const chunks: Buffer[] = [];
    let cancelDeadline: (() => void) | undefined;

    const settle = () => {
      settled = true;
      cancelDeadline?.();
    };
    const fail = (cause: unknown) => {
      if (settled) return;
      settle();
      reject(new TransportFailure(sent, cause, head));
    };
    const stop = (cause: unknown) => {
      if (settled) return;
      fail(cause);
      abortRequest?.(cause instanceof Error ? cause : new Error(String(cause)));
    };

    const handler: CallbackHandler = {
      onConnect(abort) {
        if (settled) {
          abort(new Error("attempt already ended"));
          return;
        }
        abortRequest = abort;
        sent = "partial";
      },
      onRequestSent() {
        sent = "complete";
      },
      onHeaders(statusCode, rawHeaders) {
        sent = "complete";
        status = statusCode;
        headers = headersOf(rawHeaders as Buffer[]);
        head = { status, headers, requestId: requestIdFrom(headers) };
        return true;
      },
      onData(chunk) {
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        if (settled) return;
        const responseHeaders = headers ?? new Headers();
        let text: string;
        try {
          text = textOf(chunks, responseHeaders);
        } catch (cause) {
          fail(cause);
          return;
        }
        settle();
        resolve({
          status,
          headers: responseHeaders,
          text,
          requestId: head?.requestId,
        });
      },
      onError(error) {
        if (settled) return;
        // Until undici hands the request to a connection nothing is written, whatever failed (`sent` is "none").
        settle();
        reject(new TransportFailure(sent, error, head));
      },
    };

    cancelDeadline = whenAbortedOrDue(timeoutMs, signal, (aborted) =>
      stop(aborted ? signal?.reason : new DeadlineExceeded(timeoutMs)),
    );
    try {
      const { origin, path } = targetOf(request.url);
      sharedAgent().dispatch(
        {
          origin,
          path,
          method: request.method as Dispatcher.HttpMethod,
          headers: request.headers as Record<string, string>,
          body: request.body,
        },
        handler,
      );
    } catch (error) {
      fail(error);
    }
  });
}

/**
 * The Node transport: a {@link TimedTransport}. Called as a plain Transport, the attempt ends when `request.signal`
 * aborts; the client calls `within` instead, which needs no AbortSignal for the timeout.
 */
export const nodeTransport: TimedTransport = Object.assign(
  (request: TimedRequest) => sendWithin(request, Number.POSITIVE_INFINITY),
  { within: sendWithin },
);
