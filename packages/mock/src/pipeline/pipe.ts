// The composition: one request through the stages in order, each stage's result the next one's input; the first
// stage that stops it decides how it is answered (refuse.ts). A failure of the server itself is a 500 problem.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { createBodyInspector } from "../body-inspector.js";
import type { RequestCheck } from "../checks.js";
import type { Fault } from "../fault-kinds.js";
import type { Logger } from "../logger.js";
import type { Preferences } from "../preferences.js";
import { type Answer, type Refusal, refusalAnswer, refusals } from "../problems.js";
import type { SpecSource } from "../spec-source.js";
import { type CheckedRequest, checkedRequest, send, sendHalfAndReset } from "./answer.js";
import { checkBody } from "./check-body.js";
import { checkHead, commonHeaders, type HeadStage } from "./check-head.js";
import { applyFault, describeFault } from "./fault.js";
import { inspectRequestBody } from "./inspect.js";
import { readBody } from "./read-body.js";
import { answerHalt } from "./refuse.js";
import { carriesOn, type Halt } from "./stage.js";

/** Everything the stages need. */
export interface Pipeline extends Omit<HeadStage, "checks"> {
  /** The loaded spec (the `spec` option's file, else the bundled one): operations matched and validated against. */
  spec: SpecSource;
  /** Where the pipeline logs (faults, failures; never bodies). */
  logger: Logger;
  /** The `head` checks, in order. */
  headChecks: readonly RequestCheck[];
  /** The `body` checks, in order. */
  bodyChecks: readonly RequestCheck[];
  /** Parses and validates bodies. */
  inspector: ReturnType<typeof createBodyInspector>;
  /** The fault for a request, if any. */
  faultFor(operationId: string | undefined, preferences: Preferences): Fault | undefined;
  /** Keep the body's bytes for `answer`. */
  keepBodies: boolean;
  /** The answer to a request that passed every stage. */
  answer(request: CheckedRequest): Promise<Answer>;
  /** Told of every request a stage refused, with its operation's id if it matched one (the proxy records it). */
  onRefused?: (req: IncomingMessage, refusal: Refusal, operationId?: string) => void;
  /**
   * Whether a request a `body` check refused goes on to `answer` all the same, its refusal in
   * `CheckedRequest.refusal` (the proxy forwards a request marked deliberately invalid); default never.
   */
  answersRefused?: (req: IncomingMessage) => boolean;
}

/** The request handler of the pipeline. */
export function pipe(pipeline: Pipeline) {
  const { spec, logger } = pipeline;
  const headStage: HeadStage = { ...pipeline, checks: pipeline.headChecks };

  /** Answers a halted request, telling `onRefused` of a refusal first. */
  const halt = (req: IncomingMessage, res: ServerResponse, stop: Halt, operationId?: string) => {
    if ("refuse" in stop) pipeline.onRefused?.(req, stop.refuse, operationId);
    answerHalt(spec, req, res, stop, pipeline.limits);
  };

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(commonHeaders(req, pipeline.cors)))
      res.setHeader(name, value);
    const head = checkHead(req, headStage);
    if (!carriesOn(head)) return halt(req, res, head);
    const body = await readBody(req, pipeline.limits);
    if (!carriesOn(body)) return halt(req, res, body, head.next.operation?.operationId);
    // Measured first: a large body moves to the inspector's worker, which detaches these bytes.
    const hasBody = body.next.length > 0;
    await inspectRequestBody(
      head.next,
      body.next,
      pipeline.inspector,
      spec.ajv,
      pipeline.keepBodies,
    );
    const { method, url, operation, context } = head.next;
    const checked = checkBody(context, pipeline.bodyChecks);
    const carriedRefusal =
      !carriesOn(checked) && "refuse" in checked && pipeline.answersRefused?.(req)
        ? checked.refuse
        : undefined;
    if (!carriesOn(checked) && !carriedRefusal)
      return halt(req, res, checked, operation?.operationId);
    const fault = pipeline.faultFor(operation?.operationId, context.preferences);
    if (fault) logger.info(`${method} ${url.pathname} ${describeFault(fault)}`);
    const afterFault = await applyFault(fault, req);
    if (!carriesOn(afterFault)) return halt(req, res, afterFault, operation?.operationId);
    const request = checkedRequest(spec, req, head.next, body.next, hasBody);
    const answer = await pipeline.answer(
      carriedRefusal ? { ...request, refusal: carriedRefusal } : request,
    );
    if (afterFault.next.reset) sendHalfAndReset(req, res, answer);
    else send(res, answer);
  }

  return (req: IncomingMessage, res: ServerResponse): Promise<void> =>
    handleRequest(req, res).catch((error: unknown) => {
      logger.error(`${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent)
        send(res, refusalAnswer(spec, refusals.serverFailed((error as Error).message)));
      else res.destroy();
    });
}
