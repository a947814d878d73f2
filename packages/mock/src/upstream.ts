// One exchange of the validation proxy with the upstream: the request forwarded, the whole answer read and decoded
// within a deadline and a size limit. Decoding streams through zlib (off the event loop, chunk by chunk), so a slow,
// huge or compressed-bomb answer costs only its own exchange, never the proxy's other requests.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

/** An upstream answer, its body decoded from its Content-Encoding. */
export interface UpstreamAnswer {
  status: number;
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
  method: string;
  /** Path and query, appended to the upstream's path. */
  url: string;
  headers: Record<string, string>;
  bytes: Uint8Array;
}

const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * Sends `request` upstream and reads the whole answer within `timeoutMs` (decoding included); an answer larger than
 * `maxBytes`, as received or decoded, stops at once. Never throws: every failure is an outcome.
 */
export function forward(
  upstream: URL,
  request: ForwardedRequest,
  timeoutMs: number,
  maxBytes: number,
): Promise<UpstreamExchange> {
  return new Promise((resolve) => {
    const send = upstream.protocol === "https:" ? httpsRequest : httpRequest;
    let settled = false;
    let status: number | undefined;
    const streams: Transform[] = [];
    const settle = (result: UpstreamExchange) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      for (const stream of streams) stream.destroy();
      if (result.kind !== "answer") outgoing.destroy();
      resolve(result);
    };
    const outgoing = send(
      new URL(`${upstream.pathname.replace(/\/$/, "")}${request.url}`, upstream),
      { method: request.method, headers: request.headers },
      (incoming) => {
        status = incoming.statusCode ?? 0;
        const declared = Number(incoming.headers["content-length"] ?? 0);
        if (declared > maxBytes) return settle({ kind: "too-large", status });
        const raw: Buffer[] = [];
        const decoded: Buffer[] = [];
        let received = 0;
        let decodedBytes = 0;
        const coding = String(incoming.headers["content-encoding"] ?? "")
          .trim()
          .toLowerCase();
        const decoder = Object.hasOwn(DECODERS, coding)
          ? (DECODERS[coding] as () => Transform)()
          : undefined;
        const done = () =>
          settle({
            kind: "answer",
            answer: {
              status: status ?? 0,
              headers: incoming.headers,
              body: Buffer.concat(raw),
              decoded: decoder ? Buffer.concat(decoded) : Buffer.concat(raw),
            },
          });
        if (decoder) {
          streams.push(decoder);
          decoder.on("data", (chunk: Buffer) => {
            decodedBytes += chunk.length;
            if (decodedBytes > maxBytes) settle({ kind: "too-large", status });
            else decoded.push(chunk);
          });
          decoder.once("end", done);
          decoder.once("error", (error) =>
            settle({
              kind: "transport",
              status,
              message: `the upstream's ${coding} coding is corrupt or truncated: ${error.message}`,
            }),
          );
        }
        incoming.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBytes) return settle({ kind: "too-large", status });
          raw.push(chunk);
          decoder?.write(chunk);
        });
        incoming.once("end", () => (decoder ? decoder.end() : done()));
        incoming.once("aborted", () =>
          settle({
            kind: "transport",
            status,
            message: "the upstream closed the connection in the middle of its answer",
          }),
        );
        incoming.once("error", (error) =>
          settle({
            kind: "transport",
            status,
            message: `the upstream's answer broke off: ${error.message}`,
          }),
        );
      },
    );
    const timer = setTimeout(() => settle({ kind: "timeout", status }), timeoutMs);
    outgoing.once("error", (error: NodeJS.ErrnoException) =>
      settle({
        kind: "transport",
        status,
        message: `the upstream could not be reached or reset the connection: ${error.code ?? error.message}`,
      }),
    );
    outgoing.end(request.bytes);
  });
}
