// A refusal that reaches the client: when the body is still arriving, the answer is written and the rest of the body
// read and dropped (a lingering close, after nginx's), so that the client's kernel never resets a connection that
// still holds the answer; the connection closes once the body ended, or at the first of the limits' bounds.
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { RequestLimits } from "../limits.js";
import type { Answer } from "../problems.js";

/** The bounds of a lingering close: `lingerMs` in all, `lingerIdleMs` between reads, `lingerMaxBytes` dropped. */
export type LingerLimits = Pick<RequestLimits, "lingerMs" | "lingerIdleMs" | "lingerMaxBytes">;

/** The head of an answer as raw HTTP/1.1: the response's headers so far (CORS, request id), then the answer's. */
function rawHead(res: ServerResponse, answer: Answer, bodyBytes: number): string {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  Object.assign(headers, answer.headers, {
    "content-length": String(bodyBytes),
    connection: "close",
    date: new Date().toUTCString(),
  });
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? "Error"}\r\n${lines.join("\r\n")}\r\n\r\n`;
}

/**
 * Writes `answer` straight to the socket (node:http would close the connection as soon as it is out), then reads and
 * drops the rest of the body: the connection ends gracefully once the body ended, and is destroyed after `lingerMs`,
 * after `lingerIdleMs` without a byte, or past `lingerMaxBytes`.
 */
export function answerAndLinger(
  req: IncomingMessage,
  res: ServerResponse,
  answer: Answer,
  limits: LingerLimits,
): void {
  const { socket } = req;
  const body =
    typeof answer.body === "string" ? Buffer.from(answer.body) : Buffer.from(answer.body);
  const send = req.method === "HEAD" ? Buffer.alloc(0) : body;
  socket.write(Buffer.concat([Buffer.from(rawHead(res, answer, body.byteLength), "latin1"), send]));
  let dropped = 0;
  const stop = () => {
    clearTimeout(total);
    clearTimeout(idle);
    socket.destroy();
  };
  const total = setTimeout(stop, limits.lingerMs);
  const idle = setTimeout(stop, limits.lingerIdleMs);
  total.unref();
  idle.unref();
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > limits.lingerMaxBytes) stop();
    else idle.refresh();
  });
  req.once("end", () => {
    clearTimeout(total);
    clearTimeout(idle);
    socket.end();
  });
  socket.once("close", () => {
    clearTimeout(total);
    clearTimeout(idle);
  });
  req.resume();
}
