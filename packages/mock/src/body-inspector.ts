// Inspects JSON bodies: small ones on the event loop, large ones in worker threads, so that one big
// batch never stalls the answers to other clients.
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { OperationSpec } from "@merchant-payments/spec/model";
import { type BodyInspection, inspectBody } from "./body.js";
import type { InspectJob } from "./body-worker.js";
import type { SpecSource } from "./spec-source.js";

/** Options of the body inspector. */
export interface BodyInspectorOptions {
  /** Deepest nesting of arrays and objects accepted. */
  maxDepth: number;
  /** Bodies of at least this many bytes are inspected in a worker thread; default 256 KiB. */
  workerThresholdBytes?: number;
  /** Worker threads for large bodies, started on first use; default 1 (memory stays bounded; the event loop is free either way). */
  workers?: number;
  /** Heap limit of each worker thread, in MiB; default 256. */
  workerHeapMb?: number;
}

/** Inspects bodies; `close()` ends its worker threads. */
export interface BodyInspector {
  /**
   * Inspects `bytes` for `op`, picking `properties`; never rejects (a failure is a `malformed` verdict). A large
   * body's memory moves to the worker (the caller's `bytes` is then empty) unless `keepBytes` is set.
   */
  inspect(
    bytes: Uint8Array,
    op: OperationSpec | undefined,
    properties: readonly string[],
    keepBytes?: boolean,
  ): Promise<BodyInspection>;
  /** Ends the worker threads. */
  close(): Promise<void>;
}

// From src/ (tests) and from dist/ alike, `../dist/` is this package's dist folder.
const WORKER_FILE = fileURLToPath(new URL("../dist/body-worker.js", import.meta.url));

interface PooledWorker {
  worker: Worker;
  pending: Map<number, (result: BodyInspection) => void>;
}

/** Creates an inspector bound to `spec`. */
export function createBodyInspector(
  spec: SpecSource,
  options: BodyInspectorOptions,
): BodyInspector {
  const threshold = options.workerThresholdBytes ?? 256 * 1024;
  const size = Math.max(1, options.workers ?? 1);
  const pool: PooledWorker[] = [];
  let nextId = 1;
  let next = 0;

  const spawn = (): PooledWorker => {
    const worker = new Worker(WORKER_FILE, {
      workerData: { specPath: spec.path, maxDepth: options.maxDepth },
      resourceLimits: { maxOldGenerationSizeMb: options.workerHeapMb ?? 256 },
    });
    worker.unref();
    const pooled: PooledWorker = { worker, pending: new Map() };
    worker.on("message", (message: { id: number; result: BodyInspection }) => {
      pooled.pending.get(message.id)?.(message.result);
      pooled.pending.delete(message.id);
    });
    const fail = (reason: string) => {
      for (const resolve of pooled.pending.values()) resolve({ kind: "malformed", reason });
      pooled.pending.clear();
      const at = pool.indexOf(pooled);
      if (at >= 0) pool.splice(at, 1);
    };
    worker.on("error", (error) => fail(`the body could not be inspected: ${error.message}`));
    worker.on("exit", () => fail("the body could not be inspected: worker stopped"));
    return pooled;
  };

  const inline = (
    bytes: Uint8Array,
    op: OperationSpec | undefined,
    properties: readonly string[],
  ) => inspectBody(bytes, op, spec.ajv, { maxDepth: options.maxDepth, properties });

  return {
    inspect(bytes, op, properties, keepBytes = false) {
      if (bytes.length < threshold) return Promise.resolve(inline(bytes, op, properties));
      if (pool.length < size) pool.push(spawn());
      const pooled = pool[next++ % pool.length] as PooledWorker;
      const id = nextId++;
      // Memory that moves to the worker: the body itself when it owns its whole buffer, else a copy.
      const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const copy = owned && !keepBytes ? bytes : new Uint8Array(bytes);
      const job: InspectJob = {
        id,
        operationId: op?.operationId,
        bytes: copy,
        properties: [...properties],
      };
      return new Promise((resolve) => {
        pooled.pending.set(id, resolve);
        pooled.worker.postMessage(job, [copy.buffer as ArrayBuffer]);
      });
    },
    async close() {
      await Promise.all(pool.splice(0).map((p) => p.worker.terminate()));
    },
  };
}
