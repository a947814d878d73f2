// One HTTP request under Node and its whole answer, bounded in time and size and decoded: the one upstream HTTP
// module of the workspace (the client's Node transport, the mock's validation proxy and verify send through it).
// Only Node built-ins: any bundler handles it with no configuration.
import type { ClientRequest, IncomingMessage } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Socket } from "node:net";
import { whenAbortedOrDue } from "../timers.js";
import { sharedAgents, targetOf } from "./agents.js";
import { codingSteps, type Decoder, decoderChain } from "./coding.js";

/**
 * How much of the request had been handed to the network when it failed: `"none"` (certainly nothing: no connected
 * socket yet), `"partial"` (connected, being written) or `"complete"` (flushed, or the answer's head arrived).
 */
export type RequestSent = "none" | "partial" | "complete";

/** One request to send. */
export interface HttpRequest {
  /** HTTP method, upper case, e.g. "POST". */
  readonly method: string;
  /** Absolute http: or https: URL, query included. */
  readonly url: string;
  /** Request headers, sent as given. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body (a string is sent as UTF-8); undefined: none. */
  readonly body?: string | Uint8Array | undefined;
  /** Aborts the request at once when it fires. Default none. */
  readonly signal?: AbortSignal | undefined;
  /** Largest answer body accepted, in bytes, as received and as decoded. Default: no limit. */
  readonly maxResponseBytes?: number | undefined;
  /** Also keep the body as received, before decoding, in {@link HttpAnswer.encoded} (a proxy forwards it). Default false. */
  readonly keepEncoded?: boolean | undefined;
}

/** The head of an answer: status and headers. */
export interface HttpHead {
  /** The answer's HTTP status code as Node read it, e.g. 201; 0 if Node gave none. */
  readonly status: number;
  /** Answer headers (latin1: any byte). */
  readonly headers: Headers;
}

/** A whole answer. */
export interface HttpAnswer extends HttpHead {
  /** Says this is an answer. */
  readonly kind: "answer";
  /** The body, decoded from its Content-Encoding. */
  readonly body: Buffer;
  /** The body as received, when `keepEncoded` was asked; else undefined. */
  readonly encoded: Buffer | undefined;
}

/**
 * Why a request ended without a whole answer: `"deadline"` (the timeout passed), `"aborted"` (the signal fired),
 * `"too-large"` (over `maxResponseBytes`, received or decoded), `"corrupt-coding"` (zlib refused the coding),
 * `"error"` (what Node reported: refused, reset, closed early, a URL or header Node refuses).
 */
export type HttpStop = "deadline" | "aborted" | "too-large" | "corrupt-coding" | "error";

/** A request that ended without a whole answer. */
export interface HttpFailure {
  /** Says this is a failure. */
  readonly kind: "failure";
  /** Why it ended. */
  readonly stop: HttpStop;
  /** How much of the request had been handed to the network. */
  readonly sent: RequestSent;
  /** What Node or zlib threw, the signal's reason for `"aborted"`; undefined for `"deadline"` and `"too-large"`. */
  readonly cause: unknown;
  /** The answer's head when it had arrived. */
  readonly head: HttpHead | undefined;
}

/** What came of one request. */
export type HttpOutcome = HttpAnswer | HttpFailure;

/** Answer headers as a Headers object, from Node's raw [name, value, name, value, ...] list. */
function headersOf(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    headers.append(raw[i] as string, raw[i + 1] as string);
  }
  return headers;
}

/** The error listener left on a request or answer once it has ended: Node may still emit a late error. */
const ignore = () => {};

/**
 * Sends `request` once through the shared keep-alive Agent of its protocol and reads the whole answer within
 * `timeoutMs` (Infinity: none), decoding included; calls `done` once with the outcome, never throws. No redirect is
 * followed (a 3xx is an answer like any). A socket that failed or whose request was stopped is destroyed, never
 * reused. Callback-style so that a caller wraps it in its own promise with no extra one per request.
 */
export function sendOnce(
  request: HttpRequest,
  timeoutMs: number,
  done: (outcome: HttpOutcome) => void,
): void {
  const signal = request.signal;
  if (signal?.aborted) {
    done({ kind: "failure", stop: "aborted", sent: "none", cause: signal.reason, head: undefined });
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
  let head: HttpHead | undefined;
  const chunks: Buffer[] = [];
  const encoded: Buffer[] | undefined = request.keepEncoded ? [] : undefined;
  const limit = request.maxResponseBytes ?? Number.POSITIVE_INFINITY;
  /** Bytes received, and bytes decoded (when the answer has a content coding). */
  let received = 0;
  let decoded = 0;
  let decoder: Decoder | undefined;
  let cancelDeadline: (() => void) | undefined;

  /** Ends the request: no timer, no decoder, and none of its listeners left on Node's objects. */
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
  const join = (parts: Buffer[]) =>
    parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  /** Ends with the whole (decoded) body. */
  const answerWhole = () => {
    if (settled) return;
    settle();
    // An answer that came before the whole request was written: stop writing (that socket cannot be reused).
    if (req && !req.writableFinished) req.destroy();
    done({
      kind: "answer",
      status: head?.status ?? 0,
      headers: head?.headers ?? new Headers(),
      body: join(chunks),
      encoded: encoded && join(encoded),
    });
  };
  /** Ends without an answer. */
  const failWith = (stop: HttpStop, cause: unknown) => {
    if (settled) return;
    settle();
    done({ kind: "failure", stop, sent, cause, head });
  };
  function fail(cause: unknown): void {
    failWith("error", cause);
  }
  /** Ends without an answer and destroys the request, and so its socket (Node never pools a destroyed socket). */
  const stop = (why: HttpStop, cause?: unknown) => {
    if (settled) return;
    failWith(why, cause);
    req?.destroy();
  };
  const tooLarge = () => stop("too-large");

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
    answer.on("error", fail);
    answer.on("close", onResponseClose);
    let headers: Headers;
    try {
      headers = headersOf(answer.rawHeaders);
    } catch (error) {
      stop("error", error);
      return;
    }
    head = { status: answer.statusCode ?? 0, headers };
    const declared = headers.get("content-length");
    if (declared !== null && Number(declared) > limit) {
      tooLarge();
      return;
    }
    const steps = codingSteps(headers.get("content-encoding"));
    if (steps) {
      decoder = decoderChain(
        steps,
        (chunk) => {
          decoded += chunk.length;
          if (decoded > limit) tooLarge();
          else chunks.push(chunk);
        },
        answerWhole,
        (error) => stop("corrupt-coding", error),
      );
    }
    answer.on("data", onData);
    answer.on("end", onEnd);
  }
  function onData(chunk: Buffer): void {
    if (settled) return;
    received += chunk.length;
    if (received > limit) {
      tooLarge();
      return;
    }
    encoded?.push(chunk);
    if (decoder) decoder.write(chunk);
    else chunks.push(chunk);
  }
  function onEnd(): void {
    ended = true;
    if (settled) return;
    if (decoder) decoder.end();
    else answerWhole();
  }
  function onResponseClose(): void {
    if (!ended) stop("error", new Error("the connection closed before the whole answer arrived"));
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
    aborted ? stop("aborted", signal?.reason) : stop("deadline"),
  );
  req.end(request.body);
}

/** {@link sendOnce} as a promise of its outcome (it never rejects). */
export function send(request: HttpRequest, timeoutMs: number): Promise<HttpOutcome> {
  return new Promise((resolve) => sendOnce(request, timeoutMs, resolve));
}
