// A raw HTTP/1.1 client for hostile requests: it sends exactly the bytes given (or dribbles them) and reads
// whatever comes back until the answer is complete, the connection closes, or a time limit passes.
import { connect, type Socket } from "node:net";

/** What came back on a raw connection. */
export interface RawAnswer {
  /** The status, or 0 when no status line came back. */
  status: number;
  /** Response headers, lower-case names. */
  headers: Record<string, string>;
  /** The body as text. */
  body: string;
  /** How the exchange ended. */
  end: "complete" | "closed" | "timeout" | "error";
}

function parse(buffer: Buffer): { answer: RawAnswer; complete: boolean } {
  const text = buffer.toString("latin1");
  const split = text.indexOf("\r\n\r\n");
  if (split < 0)
    return { answer: { status: 0, headers: {}, body: "", end: "closed" }, complete: false };
  const [statusLine = "", ...lines] = text.slice(0, split).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const bodyBytes = buffer.subarray(Buffer.byteLength(text.slice(0, split + 4), "latin1"));
  const length =
    headers["content-length"] === undefined ? undefined : Number(headers["content-length"]);
  return {
    answer: {
      status: Number(statusLine.split(" ")[1] ?? 0),
      headers,
      body: bodyBytes.toString("utf8"),
      end: "closed",
    },
    complete: length !== undefined && bodyBytes.length >= length,
  };
}

/** Opens a connection to `port` on the loopback interface. */
export function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1" }, () => resolve(socket));
    socket.once("error", reject);
  });
}

/**
 * Sends `parts` on a new connection (with `gapMs` between them) and reads the answer; gives up after
 * `timeoutMs` (default 10000). The connection is always destroyed at the end.
 */
export async function rawExchange(
  port: number,
  parts: (string | Buffer)[],
  options: { gapMs?: number; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const socket = await open(port);
  const chunks: Buffer[] = [];
  return new Promise<RawAnswer>((resolve) => {
    let done = false;
    const finish = (end: RawAnswer["end"]) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const { answer } = parse(Buffer.concat(chunks));
      resolve({ ...answer, end });
    };
    const timer = setTimeout(() => finish("timeout"), options.timeoutMs ?? 10_000);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (parse(Buffer.concat(chunks)).complete) finish("complete");
    });
    socket.once("close", () => finish("closed"));
    socket.once("error", () => finish("error"));
    void (async () => {
      for (const part of parts) {
        if (done || socket.destroyed) return;
        socket.write(part);
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
    })();
  });
}

/** A request head for `path` with `headers` (Host, Authorization and Connection: close added). */
export function head(
  method: string,
  path: string,
  headers: Record<string, string | number>,
): string {
  const all: Record<string, string | number> = {
    host: "127.0.0.1",
    authorization: "Bearer hostile-test",
    connection: "close",
    ...headers,
  };
  return `${method} ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n")}\r\n\r\n`;
}
