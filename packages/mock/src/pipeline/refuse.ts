// How a stopped request is answered: a refusal as problem+json (closing the connection when the body is not
// read), a preflight's answer, or nothing; and the problem for a request Node's parser refused.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { RequestLimits } from "../limits.js";
import {
  type Refusal,
  rawProblemResponse,
  refusalAnswer,
  refusalProblem,
  refusals,
} from "../problems.js";
import type { SpecSource } from "../spec-source.js";
import { send } from "./answer.js";
import type { Halt } from "./stage.js";

/** Answers with the refusal, then closes the connection once it is out (the rest of the body is not read). */
export function refuseAndClose(
  spec: SpecSource,
  req: IncomingMessage,
  res: ServerResponse,
  rejection: Refusal,
): void {
  res.shouldKeepAlive = false;
  send(
    res,
    refusalAnswer(spec, { ...rejection, headers: { ...rejection.headers, connection: "close" } }),
  );
  // Read (and drop) what is still coming for a moment, so the client sees the answer before the close.
  req.resume();
  const timer = setTimeout(() => req.socket.destroy(), 1000);
  timer.unref();
  res.once("finish", () => {
    if (req.complete) clearTimeout(timer);
  });
}

/** Answers a request a stage stopped. */
export function answerHalt(
  spec: SpecSource,
  req: IncomingMessage,
  res: ServerResponse,
  halt: Halt,
): void {
  if ("refuse" in halt) {
    if (halt.close) refuseAndClose(spec, req, res, halt.refuse);
    else send(res, refusalAnswer(spec, halt.refuse));
  } else if ("answer" in halt) {
    send(res, halt.answer);
    req.resume();
  }
}

/** The refusal of a request Node's parser refused (a head too large or too slow, broken HTTP). */
export function parseErrorRefusal(
  error: NodeJS.ErrnoException,
  limits: Pick<RequestLimits, "maxHeaderBytes" | "headersTimeoutMs">,
): Refusal {
  if (error.code === "HPE_HEADER_OVERFLOW") return refusals.headTooLarge(limits.maxHeaderBytes);
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return refusals.headTimeout(limits.headersTimeoutMs);
  return refusals.notHttp(error.code ?? error.message);
}

/** Writes the problem of a parser error straight to the socket (there is no ServerResponse), then closes it. */
export function refuseParseError(
  spec: SpecSource,
  socket: Socket,
  error: NodeJS.ErrnoException,
  limits: Pick<RequestLimits, "maxHeaderBytes" | "headersTimeoutMs">,
  headers: Record<string, string>,
): void {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  socket.end(rawProblemResponse(refusalProblem(spec, parseErrorRefusal(error, limits)), headers));
  setTimeout(() => socket.destroy(), 1000).unref();
}
