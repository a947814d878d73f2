// What the load sends: one scenario per operation of the spec model, weighted, with a pool of request bodies
// per operation (the spec's named examples, then seeded generated bodies checked valid by the spec's Ajv).
// Read operations by default; operations that write only under `allowWrites`, decided by verify's
// `writeReason` (x-side-effect, x-safe-to-retry), never by name.
import type { OperationSpec, SpecAjv } from "@merchant-payments/spec";
import fc from "fast-check";
import { writeReason } from "../side-effects.js";
import { validArbitrary } from "./generators.js";

/** Generated valid bodies added to each read operation's pool, after its named examples. */
export const GENERATED_BODIES_PER_OPERATION = 20;

/** One request body of an operation's pool: its exact text and the headers bound to it. */
export interface PooledBody {
  /** Where it comes from: `example <name>` or `generated #<n>`. */
  readonly source: string;
  /** The body's exact JSON text. */
  readonly text: string;
  /** Headers the spec binds to body properties (`x-equals-body-property`), e.g. `MerchantAccountNumber`. */
  readonly headers: Readonly<Record<string, string>>;
}

/** One operation's scenario. */
export interface LoadScenario {
  /** The operation. */
  readonly operation: OperationSpec;
  /** Its weight among the scenarios (Artillery picks a scenario per virtual user in proportion). */
  readonly weight: number;
  /** Bodies sent in turn. */
  readonly bodies: readonly PooledBody[];
}

/** Options of `planLoad`. */
export interface LoadPlanOptions {
  /** Include operations that move money or delete (their named examples only); default false. */
  readonly allowWrites?: boolean;
  /** Weight per operationId; operations not named are not sent. Default: weight 1 for every operation sent. */
  readonly mix?: ReadonlyMap<string, number>;
  /** Seed of the generated bodies. */
  readonly seed: number;
  /** Generated bodies per read operation; default `GENERATED_BODIES_PER_OPERATION`. */
  readonly generated?: number;
}

/** The scenarios, and the operations left out with the reason. */
export interface LoadPlan {
  /** Scenarios, in the spec's order. */
  readonly scenarios: readonly LoadScenario[];
  /** Operations not sent, and why. */
  readonly skipped: readonly { readonly operationId: string; readonly reason: string }[];
}

/** A mix or an operation the plan cannot honour; the message says what to change. */
export class LoadPlanError extends Error {
  override name = "LoadPlanError";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The headers the spec binds to body properties (`x-equals-body-property`): from the body when its value is
 * valid for the header, else from the operation's first example (as verify does).
 */
function boundHeaders(
  op: OperationSpec,
  ajv: SpecAjv,
  body: unknown,
  fallback: unknown,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const header of op.headers) {
    const property = header.equalsBodyProperty;
    if (property === undefined) continue;
    const own = isRecord(body) ? body[property] : undefined;
    const value =
      own !== undefined && ajv.ajv.validate(header.schema, own)
        ? own
        : isRecord(fallback)
          ? fallback[property]
          : undefined;
    if (value !== undefined) headers[header.name] = String(value);
  }
  return headers;
}

/** Bodies Artillery would alter: its templates (`{{ }}`) are expanded in request bodies. */
function templated(text: string): boolean {
  return text.includes("{{");
}

/** Plans the scenarios for `operations`; throws LoadPlanError for a mix it cannot honour. */
export function planLoad(
  document: unknown,
  operations: readonly OperationSpec[],
  ajv: SpecAjv,
  options: LoadPlanOptions,
): LoadPlan {
  const known = new Set(operations.map((op) => op.operationId));
  for (const name of options.mix?.keys() ?? []) {
    if (!known.has(name)) {
      throw new LoadPlanError(
        `--mix names ${JSON.stringify(name)}, which is not an operation of the spec (${[...known].join(", ")})`,
      );
    }
  }
  const scenarios: LoadScenario[] = [];
  const skipped: { operationId: string; reason: string }[] = [];
  operations.forEach((op, index) => {
    const weight = options.mix ? options.mix.get(op.operationId) : 1;
    if (weight === undefined) {
      skipped.push({ operationId: op.operationId, reason: "not named in --mix" });
      return;
    }
    const reason = writeReason(op);
    if (reason !== undefined && !options.allowWrites) {
      if (options.mix) {
        throw new LoadPlanError(
          `--mix names ${op.operationId}, which writes (${reason}): pass --allow-writes to send it`,
        );
      }
      skipped.push({ operationId: op.operationId, reason: `${reason}; pass --allow-writes` });
      return;
    }
    const request = op.request;
    if (!request || request.examples.length === 0) {
      throw new LoadPlanError(
        `${op.operationId} has no JSON request body with a named example: the load cannot call it`,
      );
    }
    const bodies: PooledBody[] = request.examples.map((example) => ({
      source: `example ${example.name}`,
      text: JSON.stringify(example.value),
      headers: boundHeaders(op, ajv, example.value, example.value),
    }));
    // Writes get their examples only, as verify sends them; reads also get seeded generated bodies.
    if (reason === undefined) {
      const generated = fc.sample(
        validArbitrary(document as Record<string, unknown>, request.schema),
        {
          seed: options.seed + index,
          numRuns: options.generated ?? GENERATED_BODIES_PER_OPERATION,
        },
      );
      generated.forEach((body, i) => {
        const text = JSON.stringify(body);
        if (ajv.issuesAt(request.schemaPointer, body).length > 0 || templated(text)) return;
        bodies.push({
          source: `generated #${i}`,
          text,
          headers: boundHeaders(op, ajv, body, request.examples[0]?.value),
        });
      });
    }
    scenarios.push({ operation: op, weight, bodies });
  });
  if (scenarios.length === 0) {
    throw new LoadPlanError("no operation left to send: name one in --mix or pass --allow-writes");
  }
  return { scenarios, skipped };
}
