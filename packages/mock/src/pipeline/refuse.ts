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
import { answerAndLinger, type LingerLimits } from "./linger.js";
import type { Halt } from "./stage.js";

/**
 * Answers with the refusal and closes the connection: at once when the body was read whole, else after a lingering
 * close (`linger.ts`: the rest of the body read and dropped, within the limits' bounds), so the client sees it.
 */
function refuseAndClose(
  spec: SpecSource,
  req: IncomingMessage,
  res: ServerResponse,
  rejection: Refusal,
  limits: LingerLimits,
): void {
  const answer = refusalAnswer(spec, {
    ...rejection,
    headers: { ...rejection.headers, connection: "close" },
  });
  if (req.complete || res.headersSent || res.destroyed) {
    res.shouldKeepAlive = false;
    send(res, answer);
    return;
  }
  answerAndLinger(req, res, answer, limits);
}

/** Answers a request a stage stopped (`limits`: the bounds of a lingering close). */
export function answerHalt(
  spec: SpecSource,
  req: IncomingMessage,
  res: ServerResponse,
  halt: Halt,
  limits: LingerLimits,
): void {
  if ("refuse" in halt) {
    if (halt.close) refuseAndClose(spec, req, res, halt.refuse, limits);
    else send(res, refusalAnswer(spec, halt.refuse));
  } else if ("answer" in halt) {
    send(res, halt.answer);
    req.resume();
  }
}

/** The refusal of a request Node's parser refused (a head too large or too slow, broken HTTP). */
function parseErrorRefusal(
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
