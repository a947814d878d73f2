// The Node transport: node:http and node:https with keep-alive Agents shared by every client of the process, and a
// timeout that is one timer, not an AbortSignal. Only Node built-ins: any bundler handles it with no configuration.
// Only the `node` entry of the package imports this module: browsers, Deno, Bun and edge runtimes never see it.
import {
  type ClientRequest,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { Socket } from "node:net";
import type { Transform } from "node:stream";
import { urlToHttpOptions } from "node:url";
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from "node:zlib";
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

/** How long an idle keep-alive connection stays open, in ms (less when the server's `Keep-Alive: timeout` says so). */
const IDLE_SOCKET_MS = 4_000;

/** Keep-alive options of both Agents: at most NODE_MAX_SOCKETS_PER_ORIGIN per origin, the last freed reused first. */
const AGENT_OPTIONS = {
  keepAlive: true,
  maxSockets: NODE_MAX_SOCKETS_PER_ORIGIN,
  scheduling: "lifo",
  timeout: IDLE_SOCKET_MS,
} as const;

let agents: { http: HttpAgent; https: HttpsAgent } | undefined;

/** The process-wide Agents (http and https): created on first use. */
function sharedAgents(): { http: HttpAgent; https: HttpsAgent } {
  agents ??= { http: new HttpAgent(AGENT_OPTIONS), https: new HttpsAgent(AGENT_OPTIONS) };
  return agents;
}

/** What a URL the clients call (a handful per client) turns into for node:http, parsed once. */
interface Target {
  readonly tls: boolean;
  readonly options: ReturnType<typeof urlToHttpOptions>;
}

const targets = new Map<string, Target>();

function targetOf(url: string): Target {
  let target = targets.get(url);
  if (!target) {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw new TypeError(
        `the Node transport sends http: and https: URLs only, not ${parsed.protocol}`,
      );
    }
    target = { tls: parsed.protocol === "https:", options: urlToHttpOptions(parsed) };
    if (targets.size >= 1024) targets.clear();
    targets.set(url, target);
  }
  return target;
}

/** Response headers as a Headers object, from Node's raw [name, value, name, value, ...] list (latin1: any byte). */
function headersOf(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    headers.append(raw[i] as string, raw[i + 1] as string);
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

/** The error listener left on a request or answer once its attempt has ended: Node may still emit a late error. */
const ignore = () => {};

/**
 * Sends one attempt through the shared keep-alive Agent of the URL's protocol and reads the whole body, within
 * `timeoutMs` (Infinity: none). No redirect is followed (a 3xx resolves like any status). Rejects only with a
 * TransportFailure: its `cause` is a {@link DeadlineExceeded} when the deadline passed, the signal's reason when the
 * caller aborted, else what Node threw. `requestSent` is "none" until the request has a connected socket (a new one
 * once connected, TLS included; a reused keep-alive one at once), "partial" while it is written, "complete" once it
 * is flushed or the answer's head arrived. A socket that failed or whose attempt was stopped is destroyed, never reused.
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
    let req: ClientRequest | undefined;
    let res: IncomingMessage | undefined;
    /** A new socket whose connection (TCP, or the TLS handshake) is awaited, with the event that says it is done. */
    let connecting: { socket: Socket; event: "connect" | "secureConnect" } | undefined;
    /** True once the answer's last byte arrived. */
    let ended = false;
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

    /** Ends the attempt: no timer, no decoder, and none of this attempt's listeners left on Node's objects. */
    const settle = () => {
      settled = true;
      cancelDeadline?.();
      decoder?.destroy();
      connecting?.socket.removeListener(connecting.event, onConnected);
      connecting = undefined;
      if (req) {
        req.removeListener("socket", onSocket);
        req.removeListener("finish", onFinish);
        req.removeListener("response", onResponse);
        req.removeListener("close", onRequestClose);
        req.removeListener("error", fail);
        req.on("error", ignore);
      }
      if (res) {
        res.removeListener("data", onData);
        res.removeListener("end", onEnd);
        res.removeListener("close", onResponseClose);
        res.removeListener("error", fail);
        res.on("error", ignore);
      }
    };
    /** Resolves with the whole (decoded) body. */
    const finish = () => {
      if (settled) return;
      settle();
      // An answer that came before the whole request was written: stop writing (that socket cannot be reused).
      if (req && !req.writableFinished) req.destroy();
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      resolve({
        status,
        headers: headers ?? new Headers(),
        text: body.toString("utf8"),
        requestId: head?.requestId,
        ...(request.bytes
          ? { bytes: new Uint8Array(body.buffer, body.byteOffset, body.length) }
          : {}),
      });
    };
    function fail(cause: unknown): void {
      if (settled) return;
      settle();
      reject(new TransportFailure(sent, cause, head));
    }
    /** Fails with `cause` and destroys the request, and so its socket (Node never pools a destroyed socket). */
    const stop = (cause: unknown) => {
      if (settled) return;
      fail(cause);
      req?.destroy();
    };

    function onConnected(): void {
      connecting = undefined;
      if (sent === "none") sent = "partial";
    }
    function onSocket(socket: Socket): void {
      if (settled) return;
      // A reused keep-alive socket is connected: the request is being written to it now.
      if (req?.reusedSocket) {
        onConnected();
        return;
      }
      const event = "encrypted" in socket ? "secureConnect" : "connect";
      if (event === "connect" && !socket.connecting) {
        onConnected();
        return;
      }
      connecting = { socket, event };
      socket.once(event, onConnected);
    }
    function onFinish(): void {
      // The whole request is flushed to a connected socket (before the connection, nothing has left the process).
      if (sent !== "none") sent = "complete";
    }
    function onResponse(answer: IncomingMessage): void {
      if (settled) {
        answer.resume();
        return;
      }
      res = answer;
      sent = "complete";
      status = answer.statusCode ?? 0;
      answer.on("error", fail);
      answer.on("close", onResponseClose);
      try {
        headers = headersOf(answer.rawHeaders);
      } catch (error) {
        stop(error);
        return;
      }
      head = { status, headers, requestId: requestIdFrom(headers) };
      const declared = headers.get("content-length");
      if (declared !== null && Number(declared) > limit) {
        stop(new BodyTooLarge(limit));
        return;
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
      answer.on("data", onData);
      answer.on("end", onEnd);
    }
    function onData(chunk: Buffer): void {
      if (settled) return;
      received += chunk.length;
      if (received > limit) {
        stop(new BodyTooLarge(limit));
        return;
      }
      if (decoder) decoder.write(chunk);
      else chunks.push(chunk);
    }
    function onEnd(): void {
      ended = true;
      if (settled) return;
      if (decoder) decoder.end();
      else finish();
    }
    function onResponseClose(): void {
      if (!ended) stop(new Error("the connection closed before the whole answer arrived"));
    }
    function onRequestClose(): void {
      if (!res) fail(new Error("the connection closed before the answer arrived"));
    }

    try {
      const target = targetOf(request.url);
      const shared = sharedAgents();
      const options = {
        ...target.options,
        method: request.method,
        headers: request.headers,
        agent: target.tls ? shared.https : shared.http,
      };
      req = target.tls ? httpsRequest(options) : httpRequest(options);
    } catch (error) {
      // Refused before anything was written (a URL or header Node does not accept).
      fail(error);
      return;
    }
    req.on("error", fail);
    req.on("socket", onSocket);
    req.on("finish", onFinish);
    req.on("response", onResponse);
    req.on("close", onRequestClose);
    cancelDeadline = whenAbortedOrDue(timeoutMs, signal, (aborted) =>
      stop(aborted ? signal?.reason : new DeadlineExceeded(timeoutMs)),
    );
    req.end(request.body);
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
