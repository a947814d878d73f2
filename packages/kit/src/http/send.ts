// One HTTP request under Node and its whole answer, bounded in time and size and decoded: the one upstream HTTP
// module of the workspace (the client's Node transport, the mock's validation proxy and verify send through it).
// Only Node built-ins and the kit's dependency-free causes module: any bundler handles it with no configuration.
import type { ClientRequest, IncomingMessage } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Socket } from "node:net";
import { describeCauses } from "../causes.js";
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
 * `"too-large"` (over `maxResponseBytes`, received or decoded), `"corrupt-coding"` (zlib refused the coding), or an
 * error Node reported: `"truncated-body"` (the connection broke after the head), `"connection-refused"`, `"reset"`
 * (dropped before the answer) or `"connection-failed"` (any other, a URL or header Node refuses included). The one
 * name of how a request failed: the client, the mock's proxy and verify each put it in their own words.
 */
export type HttpStop =
  | "deadline"
  | "aborted"
  | "too-large"
  | "corrupt-coding"
  | "truncated-body"
  | "connection-refused"
  | "reset"
  | "connection-failed";

/** Node's words for a connection the other side dropped before answering. */
const RESET = /ECONNRESET|EPIPE|socket hang up|closed before the answer/;

/** The stop of an error Node reported: a body cut short once the head arrived, else refused, reset or failed. */
function errorStop(cause: unknown, head: HttpHead | undefined): HttpStop {
  if (head) return "truncated-body";
  const causes = describeCauses(cause);
  if (/ECONNREFUSED/.test(causes)) return "connection-refused";
  return RESET.test(causes) ? "reset" : "connection-failed";
}

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

/** Parts joined into one buffer (the part itself when there is one). */
const join = (parts: Buffer[]) =>
  parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);

/**
 * One request in flight: what has been sent, what has been received, and the listeners it leaves on Node's objects
 * until it settles. Each listener is a bound property, so that `settle` removes exactly what was added.
 */
class RequestInFlight {
  private sent: RequestSent = "none";
  private settled = false;
  private req: ClientRequest | undefined;
  private res: IncomingMessage | undefined;
  /** A new socket whose connection (TCP, or the TLS handshake) is awaited, with the event that says it is done. */
  private connecting: { socket: Socket; event: "connect" | "secureConnect" } | undefined;
  /** True once the answer's last byte arrived. */
  private ended = false;
  private head: HttpHead | undefined;
  private readonly chunks: Buffer[] = [];
  private readonly encoded: Buffer[] | undefined;
  private readonly limit: number;
  /** Bytes received, and bytes decoded (when the answer has a content coding). */
  private received = 0;
  private decoded = 0;
  private decoder: Decoder | undefined;
  private cancelDeadline: (() => void) | undefined;

  constructor(
    private readonly request: HttpRequest,
    private readonly done: (outcome: HttpOutcome) => void,
  ) {
    this.encoded = request.keepEncoded ? [] : undefined;
    this.limit = request.maxResponseBytes ?? Number.POSITIVE_INFINITY;
  }

  /** Opens the request, listens to it, arms the deadline and writes the body. */
  start(timeoutMs: number): void {
    const request = this.request;
    let req: ClientRequest;
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
      this.fail(error);
      return;
    }
    this.req = req;
    req.on("error", this.fail);
    req.on("socket", this.onSocket);
    req.on("finish", this.onFinish);
    req.on("response", this.onResponse);
    req.on("close", this.onRequestClose);
    const signal = request.signal;
    this.cancelDeadline = whenAbortedOrDue(timeoutMs, signal, (aborted) =>
      aborted ? this.stop("aborted", signal?.reason) : this.stop("deadline"),
    );
    req.end(request.body);
  }

  /** Ends the request: no timer, no decoder, and none of its listeners left on Node's objects. */
  private settle(): void {
    this.settled = true;
    this.cancelDeadline?.();
    this.decoder?.destroy();
    this.connecting?.socket.removeListener(this.connecting.event, this.onConnected);
    this.connecting = undefined;
    const req = this.req;
    if (req) {
      req.removeListener("socket", this.onSocket);
      req.removeListener("finish", this.onFinish);
      req.removeListener("response", this.onResponse);
      req.removeListener("close", this.onRequestClose);
      req.removeListener("error", this.fail);
      req.on("error", ignore);
    }
    const res = this.res;
    if (res) {
      res.removeListener("data", this.onData);
      res.removeListener("end", this.onEnd);
      res.removeListener("close", this.onResponseClose);
      res.removeListener("error", this.fail);
      res.on("error", ignore);
    }
  }

  /** Ends with the whole (decoded) body. */
  private readonly answerWhole = (): void => {
    if (this.settled) return;
    this.settle();
    // An answer that came before the whole request was written: stop writing (that socket cannot be reused).
    if (this.req && !this.req.writableFinished) this.req.destroy();
    this.done({
      kind: "answer",
      status: this.head?.status ?? 0,
      headers: this.head?.headers ?? new Headers(),
      body: join(this.chunks),
      encoded: this.encoded && join(this.encoded),
    });
  };

  /** Ends without an answer. */
  private failWith(stop: HttpStop, cause: unknown): void {
    if (this.settled) return;
    this.settle();
    this.done({ kind: "failure", stop, sent: this.sent, cause, head: this.head });
  }

  /** Ends without an answer because Node reported an error. */
  private readonly fail = (cause: unknown): void =>
    this.failWith(errorStop(cause, this.head), cause);

  /** Ends without an answer and destroys the request, and so its socket (Node never pools a destroyed socket). */
  private stop(why: HttpStop, cause?: unknown): void {
    if (this.settled) return;
    this.failWith(why, cause);
    this.req?.destroy();
  }

  private readonly onConnected = (): void => {
    this.connecting = undefined;
    if (this.sent === "none") this.sent = "partial";
  };

  private readonly onSocket = (socket: Socket): void => {
    if (this.settled) return;
    // A reused keep-alive socket is connected: the request is being written to it now.
    if (this.req?.reusedSocket) {
      this.onConnected();
      return;
    }
    const event = "encrypted" in socket ? "secureConnect" : "connect";
    if (event === "connect" && !socket.connecting) {
      this.onConnected();
      return;
    }
    this.connecting = { socket, event };
    socket.once(event, this.onConnected);
  };

  private readonly onFinish = (): void => {
    // The whole request is flushed to a connected socket (before the connection, nothing has left the process).
    if (this.sent !== "none") this.sent = "complete";
  };

  private readonly onResponse = (answer: IncomingMessage): void => {
    if (this.settled) {
      answer.resume();
      return;
    }
    this.res = answer;
    this.sent = "complete";
    answer.on("error", this.fail);
    answer.on("close", this.onResponseClose);
    let headers: Headers;
    try {
      headers = headersOf(answer.rawHeaders);
    } catch (error) {
      this.stop(errorStop(error, this.head), error);
      return;
    }
    this.head = { status: answer.statusCode ?? 0, headers };
    const declared = headers.get("content-length");
    if (declared !== null && Number(declared) > this.limit) {
      this.stop("too-large");
      return;
    }
    this.decoder = this.decoderFor(headers.get("content-encoding"));
    answer.on("data", this.onData);
    answer.on("end", this.onEnd);
  };

  /** The decoder of a content coding, which keeps the decoded body within the limit; undefined for none. */
  private decoderFor(contentEncoding: string | null): Decoder | undefined {
    const steps = codingSteps(contentEncoding);
    if (!steps) return undefined;
    return decoderChain(
      steps,
      (chunk) => {
        this.decoded += chunk.length;
        if (this.decoded > this.limit) this.stop("too-large");
        else this.chunks.push(chunk);
      },
      this.answerWhole,
      (error) => this.stop("corrupt-coding", error),
    );
  }

  private readonly onData = (chunk: Buffer): void => {
    if (this.settled) return;
    this.received += chunk.length;
    if (this.received > this.limit) {
      this.stop("too-large");
      return;
    }
    this.encoded?.push(chunk);
    if (this.decoder) this.decoder.write(chunk);
    else this.chunks.push(chunk);
  };

  private readonly onEnd = (): void => {
    this.ended = true;
    if (this.settled) return;
    if (this.decoder) this.decoder.end();
    else this.answerWhole();
  };

  private readonly onResponseClose = (): void => {
    if (this.ended) return;
    const cause = new Error("the connection closed before the whole answer arrived");
    this.stop(errorStop(cause, this.head), cause);
  };

  private readonly onRequestClose = (): void => {
    if (!this.res) this.fail(new Error("the connection closed before the answer arrived"));
  };
}

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
  new RequestInFlight(request, done).start(timeoutMs);
}

/** {@link sendOnce} as a promise of its outcome (it never rejects). */
export function send(request: HttpRequest, timeoutMs: number): Promise<HttpOutcome> {
  return new Promise((resolve) => sendOnce(request, timeoutMs, resolve));
}
