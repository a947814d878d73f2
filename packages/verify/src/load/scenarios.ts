// What the load sends: one scenario per operation of the spec model, weighted, with a pool of requests per
// operation, drafted as verify drafts its valid ones (valid-requests.ts: the spec's named examples, then seeded
// generated parameters and bodies checked valid by the spec's Ajv), with the credentials its `security` asks for.
// Read operations by default; operations that write only under `allowWrites`, decided by verify's
// `writeReason` (x-side-effect, x-safe-to-retry), never by name.
import type { OperationSpec, SpecAjv } from "@merchant-payments/spec";
import { API_KEY_VARIABLE, TOKEN_VARIABLE } from "../arguments.js";
import { type BuiltRequest, credentialsFor } from "../requests.js";
import { GENERATED_WRITES_HINT, writeReason } from "../side-effects.js";
import { draftOperation } from "../valid-requests.js";
import { BASIC_TEMPLATE } from "../variables.js";

/** Generated valid requests added to each read operation's pool, after its named examples. */
const GENERATED_BODIES_PER_OPERATION = 20;

/** The placeholder Artillery fills with the API key when the script runs (`MERCHANT_PAYMENTS_API_KEY`). */
const API_KEY_TEMPLATE = `{{ $env.${API_KEY_VARIABLE} }}`;
/** The placeholder Artillery fills with the Bearer token when the script runs (`MERCHANT_PAYMENTS_TOKEN`). */
export const TOKEN_TEMPLATE = `{{ $env.${TOKEN_VARIABLE} }}`;

/** One request of an operation's pool: its target, headers and body, as the processor sends it. */
interface PooledRequest {
  /** Where it comes from: `example <name>` or `generated-valid #<n>`. */
  readonly source: string;
  /** Path and query under the base URL; an API key in the query stays its (encoded) placeholder. */
  readonly target: string;
  /** Headers of the request: parameters, bound headers, Content-Type (credentials are in the script). */
  readonly headers: Readonly<Record<string, string>>;
  /** The body's bytes in base64, if it has one. */
  readonly body?: string;
}

/** One operation's scenario. */
interface LoadScenario {
  /** The spec model's operation this scenario sends (its operationId names the scenario). */
  readonly operation: OperationSpec;
  /** Its weight among the scenarios (Artillery picks a scenario per virtual user in proportion). */
  readonly weight: number;
  /** The credentials' headers, with Artillery's `$env` placeholders. */
  readonly credentialHeaders: Readonly<Record<string, string>>;
  /** The operation's pool: its named examples, then generated ones; the processor sends them in turn, round robin. */
  readonly requests: readonly PooledRequest[];
}

/** Options of `planLoad`. */
export interface LoadPlanOptions {
  /** Include operations that move money or delete (their named examples only); default false. */
  readonly allowWrites?: boolean;
  /** With `allowWrites`: a write whose body the spec gives no example of is sent generated; default false (skipped). */
  readonly generatedWrites?: boolean;
  /** Weight per operationId; operations not named are not sent. Default: weight 1 for every operation sent. */
  readonly mix?: ReadonlyMap<string, number>;
  /** Seed of the generated requests (the n-th operation drafts with `seed + 4n`): the same seed, the same pool. */
  readonly seed: number;
  /** Generated requests per read operation; default `GENERATED_BODIES_PER_OPERATION`. */
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

/** A request Artillery would alter: its templates (`{{ }}`) are expanded in URLs and string bodies. */
function templated(request: BuiltRequest): boolean {
  return (
    request.target.includes("{{") ||
    (typeof request.body?.body === "string" && request.body.body.includes("{{"))
  );
}

/** The request as the processor holds it: body bytes in base64, credentials left to the script. */
function pooled(
  source: string,
  request: BuiltRequest,
  credentialHeaders: Record<string, string>,
): PooledRequest {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(
      ([name]) => !(name in credentialHeaders) && name !== "accept",
    ),
  );
  const body = request.body?.body;
  return {
    source,
    target: request.target,
    headers,
    ...(body === undefined ? {} : { body: Buffer.from(body).toString("base64") }),
  };
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
    // Basic credentials: base64 of the placeholder, which the processor replaces by the variable's, encoded.
    const found = credentialsFor(op, {
      token: TOKEN_TEMPLATE,
      apiKey: API_KEY_TEMPLATE,
      basic: BASIC_TEMPLATE,
    });
    if ("missing" in found) {
      if (options.mix)
        throw new LoadPlanError(`--mix names ${op.operationId}, but ${found.missing}`);
      skipped.push({ operationId: op.operationId, reason: found.missing });
      return;
    }
    const credentialHeaders = { ...found.credentials.headers };
    const draft = draftOperation(document, op, ajv, options.seed + index * 4, found.credentials);
    if (reason !== undefined && draft.generatedBody && !options.generatedWrites) {
      if (options.mix)
        throw new LoadPlanError(
          `--mix names ${op.operationId}, which writes: ${GENERATED_WRITES_HINT}`,
        );
      skipped.push({ operationId: op.operationId, reason: `${reason}; ${GENERATED_WRITES_HINT}` });
      return;
    }
    const requests = draft
      .exampleRequests()
      .map((r) => pooled(r.name, r.request, credentialHeaders));
    // Writes get their examples only, as verify sends them; reads also get seeded generated requests.
    if (reason === undefined) {
      const generated = draft.generatedRequests(
        options.generated ?? GENERATED_BODIES_PER_OPERATION,
      );
      for (const r of generated.requests) {
        if (!templated(r.request)) requests.push(pooled(r.name, r.request, credentialHeaders));
      }
    }
    scenarios.push({ operation: op, weight, credentialHeaders, requests });
  });
  if (scenarios.length === 0) {
    throw new LoadPlanError("no operation left to send: name one in --mix or pass --allow-writes");
  }
  return { scenarios, skipped };
}
