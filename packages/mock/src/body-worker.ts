// Worker thread that inspects large JSON bodies off the event loop (see body-inspector.ts).
import { parentPort, workerData } from "node:worker_threads";
import { type BodyInspection, inspectBody } from "./body.js";
import { loadSpec } from "./spec-source.js";

/** A body to inspect, sent by the inspector. */
export interface InspectJob {
  /** Correlates the answer. */
  id: number;
  /** operationId of the request, if it matched one. */
  operationId: string | undefined;
  /** The body's bytes (transferred). */
  bytes: Uint8Array;
  /** Top-level properties to pick. */
  properties: string[];
}

const spec = loadSpec((workerData as { specPath: string }).specPath);
const maxDepth = (workerData as { maxDepth: number }).maxDepth;
const byId = new Map(spec.operations.map((op) => [op.operationId, op]));

parentPort?.on("message", (job: InspectJob) => {
  let result: BodyInspection;
  try {
    const op = job.operationId === undefined ? undefined : byId.get(job.operationId);
    result = inspectBody(job.bytes, op, spec.ajv, {
      maxDepth,
      properties: job.properties,
      keepValue: false,
    });
  } catch (error) {
    result = { kind: "malformed", reason: (error as Error).message };
  }
  parentPort?.postMessage({ id: job.id, result });
});
