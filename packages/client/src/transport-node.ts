// The Node transport: undici's dispatcher API (the HTTP/1.1 engine under Node's own fetch, without the Fetch layer),
// keep-alive connections shared by every client of the process, and a timeout that is one timer, not an AbortSignal.
// Only the `node` entry of the package imports this module: browsers, Deno, Bun and edge runtimes never see it.
import type { Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from "node:zlib";
import { Agent, type Dispatcher } from "undici";
import { DeadlineExceeded, type TimedRequest, type TimedTransport } from "./timed-transport.js";
import { whenAbortedOrDue } from "./timers.js";
import {
  BodyTooLarge,
  CorruptCoding,
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

/** Streaming decoders of the content codings fetch decodes (zlib runs off the event loop, chunk by chunk). */
const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  br: createBrotliDecompress,
  deflate: createInflate,
};

/**
 * The decoding steps of a Content-Encoding (last applied first), or undefined when there is none to undo or one
 * this transport cannot decode (the body is then left as it came, as fetch does).
 */
function codingSteps(coding: string | null): string[] | undefined {
  if (!coding) return undefined;
  const steps = coding
    .toLowerCase()
    .split(",")
    .map((step) => step.trim())
    .filter((step) => step !== "" && step !== "identity")
    .reverse();
  return steps.length > 0 && steps.every((step) => Object.hasOwn(DECODERS, step))
    ? steps
    : undefined;
}

/**
 * A chain of streaming decoders for `steps`: bytes go in with `write`, decoded bytes come out to `onData`, `onEnd`
 * once the whole coding is undone, `onError` with a CorruptCoding for a corrupt or truncated one. "deflate" is
 * zlib-wrapped or raw, whichever its first byte says.
 */
function decoderChain(
  steps: string[],
  onData: (chunk: Buffer) => void,
  onEnd: () => void,
  onError: (error: Error) => void,
): { write(chunk: Buffer): void; end(): void; destroy(): void } {
  let first: Transform | undefined;
  const streams: Transform[] = [];
  const fail = (cause: unknown) =>
    onError(new CorruptCoding("the answer's content coding is corrupt or truncated", { cause }));
  const build = (firstByte: number) => {
    for (const step of steps) {
      const stream =
        step === "deflate" && streams.length === 0 && (firstByte & 0x0f) !== 8
          ? createInflateRaw()
          : (DECODERS[step] as () => Transform)();
      stream.on("error", fail);
      streams.at(-1)?.pipe(stream);
      streams.push(stream);
    }
    const last = streams.at(-1) as Transform;
    last.on("data", onData);
    last.on("end", onEnd);
    first = streams[0];
  };
  return {
    write(chunk) {
      if (!first) build(chunk[0] ?? 0);
      first?.write(chunk);
    },
    end() {
      // No byte at all (a 204, or an empty body with a coding header): nothing to decode, as fetch does.
      if (first) first.end();
      else onEnd();
    },
    destroy() {
      for (const stream of streams) {
        stream.removeAllListeners("data");
        stream.destroy();
      }
    },
  };
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
    const limit = request.maxResponseBytes ?? Number.POSITIVE_INFINITY;
    /** Bytes received, and bytes decoded (when the answer has a content coding). */
    let received = 0;
    let decoded = 0;
    let decoder: ReturnType<typeof decoderChain> | undefined;
    let cancelDeadline: (() => void) | undefined;

    const settle = () => {
      settled = true;
      cancelDeadline?.();
      decoder?.destroy();
    };
    /** Resolves with the whole (decoded) body. */
    const finish = () => {
      if (settled) return;
      settle();
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      resolve({
        status,
        headers: headers ?? new Headers(),
        text: body.toString("utf8"),
        requestId: head?.requestId,
      });
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
        const declared = headers.get("content-length");
        if (declared !== null && Number(declared) > limit) {
          stop(new BodyTooLarge(limit));
          return false;
        }
        const steps = codingSteps(headers.get("content-encoding"));
        if (steps) {
          decoder = decoderChain(
            steps,
            (chunk) => {
              decoded += chunk.length;
              if (decoded > limit) stop(new BodyTooLarge(limit));
              else chunks.push(chunk);
            },
            finish,
            stop,
          );
        }
        return true;
      },
      onData(chunk) {
        if (settled) return false;
        received += chunk.length;
        if (received > limit) {
          stop(new BodyTooLarge(limit));
          return false;
        }
        if (decoder) decoder.write(chunk);
        else chunks.push(chunk);
        return true;
      },
      onComplete() {
        if (settled) return;
        if (decoder) decoder.end();
        else finish();
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
