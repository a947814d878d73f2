// Stage 2, read body: the body's bytes, within the size limit and the body timeout.
import type { IncomingMessage } from "node:http";
import type { RequestLimits } from "../limits.js";
import { refusals } from "../problems.js";
import type { StageResult } from "./stage.js";

/**
 * Reads the whole body into one exact-size allocation of its own (not from Node's shared pool, so it can move to
 * a worker). A body above `maxBodyBytes` or slower than `bodyTimeoutMs` is refused (closing); a connection that
 * ends first is `dropped`.
 */
export function readBody(
  req: IncomingMessage,
  limits: Pick<RequestLimits, "maxBodyBytes" | "bodyTimeoutMs">,
): Promise<StageResult<Uint8Array>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: StageResult<Uint8Array>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(
      () => settle({ refuse: refusals.bodyTimeout(limits.bodyTimeoutMs), close: true }),
      limits.bodyTimeoutMs,
    );
    req.on("data", (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limits.maxBodyBytes) {
        settle({ refuse: refusals.bodyTooLarge(limits.maxBodyBytes), close: true });
        return;
      }
      chunks.push(chunk);
    });
    req.once("end", () => {
      if (settled) return;
      const bytes = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.length;
      }
      chunks.length = 0;
      settle({ next: bytes });
    });
    req.once("error", () => settle({ dropped: true }));
    req.once("close", () => settle({ dropped: true }));
  });
}
