// What verify sends, per operation of whatever spec it is given: every named request example (parameters from
// their examples), generated valid requests (parameters and body, fast-check, seeded, bounded), requests with exactly
// one constraint broken (in the body, or in one parameter: wrong type, out of bounds, missing, outside the enum),
// malformed JSON, and a request without the credentials its `security` asks for. An operation that writes is
// skipped unless writes are allowed, and then gets only its examples. A paginated operation's example is followed
// page by page when it runs (see run.ts).
import { isObject, type OperationSpec, type SpecAjv } from "@merchant-payments/spec/model";
import { styleOf, valueAt } from "@merchant-payments/spec/wire";
import fc from "fast-check";
import { invalidArbitrary, mutationsOf, validArbitrary } from "./arbitraries.js";
import { bodyKind } from "./bodies.js";
import type { CaseKind } from "./case-kinds.js";
import type { ParameterValues } from "./parameters.js";
import { type BuiltRequest, type Credentials, credentialsFor } from "./requests.js";
import { writeReason } from "./side-effects.js";
import {
  bodyValid,
  draftOperation,
  type ExampleBody,
  parametersValid,
  sendable,
} from "./valid-requests.js";

const NO_CREDENTIALS: Credentials = { headers: {}, query: [] };

export { CASE_KINDS, type CaseKind } from "./case-kinds.js";

/** One request to send and judge. */
export interface VerifyCase {
  /** The operation it calls. */
  readonly operation: OperationSpec;
  /** Unique within the operation, e.g. `example GetTransactionRequest`, `generated-invalid #3`. */
  readonly name: string;
  /** What kind of request it is. */
  readonly kind: CaseKind;
  /** What is sent: method, target under the base URL, headers (credentials included) and encoded body. */
  readonly request: BuiltRequest;
  /** What was broken, for an invalid case (e.g. `merchantAccountNumber: above maximum`). */
  readonly description?: string;
  /** For a paginated operation's valid request: the same request asking for the page at `cursor`. */
  readonly nextPage?: (cursor: string) => BuiltRequest;
}

/** An operation verify will not send, and why. */
export interface SkippedOperation {
  /** The operation left out: it may write (and `--allow-writes` was not given) or needs credentials not given. */
  readonly operation: OperationSpec;
  /** Why, in words, with what to pass to send it. */
  readonly reason: string;
  /** Names of the cases it would have sent (its examples). */
  readonly caseNames: readonly string[];
}

/** Options of `planCases`. */
export interface PlanOptions {
  /** Seed of the generated values (the n-th operation drafts with `seed + 4n`): the same seed, the same cases. */
  readonly seed: number;
  /** Generated valid requests, and as many invalid bodies and broken values per parameter, per operation. */
  readonly runs: number;
  /** Send operations that move money or delete (their examples only, once each). */
  readonly allowWrites: boolean;
  /** Bearer token for `http` `bearer` schemes. */
  readonly token: string;
  /** API key for `apiKey` schemes; operations that need one are skipped without it. */
  readonly apiKey?: string;
  /** `user:password` for `http` `basic` schemes; operations that need them are skipped without. */
  readonly basic?: string;
}

/** Everything verify will send and skip. */
export interface Plan {
  /** Requests to send, operation by operation. */
  readonly cases: readonly VerifyCase[];
  /** Operations not sent. */
  readonly skipped: readonly SkippedOperation[];
  /** Generated values dropped because the validator disagreed with the generator, or unsendable (never sent). */
  readonly discarded: number;
}

/** Plans the requests for `operations` of `document`. */
export function planCases(
  document: unknown,
  operations: readonly OperationSpec[],
  ajv: SpecAjv,
  options: PlanOptions,
): Plan {
  const cases: VerifyCase[] = [];
  const skipped: SkippedOperation[] = [];
  let discarded = 0;
  operations.forEach((op, index) => {
    const seed = options.seed + index * 4;
    const { token, apiKey, basic } = options;
    const found = credentialsFor(op, {
      token,
      ...(apiKey ? { apiKey } : {}),
      ...(basic ? { basic } : {}),
    });
    const draft = draftOperation(
      document,
      op,
      ajv,
      seed,
      "credentials" in found ? found.credentials : NO_CREDENTIALS,
    );
    const { examples, base, media, request } = draft;
    const doc = document as Record<string, unknown>;
    const reason = writeReason(op);
    const skipReason =
      "missing" in found
        ? `${found.missing}: ${found.hint}`
        : reason !== undefined && !options.allowWrites
          ? `${reason}; pass --allow-writes to send its ${examples.length} example(s) once each`
          : undefined;
    if (skipReason !== undefined) {
      skipped.push({ operation: op, reason: skipReason, caseNames: examples.map((e) => e.name) });
      return;
    }
    const add = (
      kind: CaseKind,
      name: string,
      built: BuiltRequest,
      extra: Partial<VerifyCase> = {},
    ) => cases.push({ operation: op, kind, name, request: built, ...extra });
    for (const { name, request: built, nextPage } of draft.exampleRequests())
      add("example", name, built, nextPage ? { nextPage } : {});
    if (reason !== undefined) return;
    const generated = draft.generatedRequests(options.runs);
    discarded += generated.discarded;
    for (const { name, request: built, nextPage } of generated.requests)
      add("generated-valid", name, built, nextPage ? { nextPage } : {});

    // Bodies with one constraint broken (binary bodies have none to break but their presence).
    if (media && bodyKind(media.mediaType) !== "binary") {
      const invalid = fc.sample(invalidArbitrary(doc, media.schema), {
        seed: seed + 2,
        numRuns: options.runs,
      });
      invalid.forEach(({ description, value }, i) => {
        if (bodyValid(document, ajv, media, value)) discarded++;
        else
          add(
            "generated-invalid",
            `generated-invalid #${i}`,
            request(base, { name: "", media, value }),
            {
              description,
            },
          );
      });
    }
    if (media && op.requestBodyRequired && bodyKind(media.mediaType) !== "json") {
      add("generated-invalid", "without its required body", request(base, undefined), {
        description: `no ${media.mediaType} body, which is required`,
      });
    }

    // Each parameter broken alone, the others from their examples.
    for (const p of draft.parameters) {
      const [sampled] = fc.sample(validArbitrary(doc, p.schema), { seed: seed + 3, numRuns: 1 });
      const value = base[p.name] ?? sampled;
      // Missing (when required) first, then what the parameter's schema states (bounds, enum, pattern, length,
      // format), then wrong types.
      const mutations = mutationsOf(doc, p.schema, value);
      const broken: { description: string; values: ParameterValues }[] = [];
      if (p.required && p.in !== "path") {
        const { [p.name]: _, ...rest } = base;
        broken.push({
          description: `${p.in} parameter ${p.name}: missing, which is required`,
          values: rest,
        });
      }
      // An object only keeps its shape on the wire as a deepObject: elsewhere its keys become other parameters
      // (form, exploded) or items of a list, so what the server reads is no longer one broken value.
      const expressible = mutations.filter((m) => styleOf(p).keepsObjects || !isObject(m.value));
      for (const m of [
        ...expressible.filter((m) => !m.description.endsWith(" instead")),
        ...expressible.filter((m) => m.description.endsWith(" instead")),
      ]) {
        broken.push({
          description: `${p.in} parameter ${p.name}: ${m.description.replace(/^\(body\)(: )?/, "")}`,
          values: { ...base, [p.name]: m.value },
        });
      }
      let n = 0;
      for (const b of broken) {
        if (n >= options.runs) break;
        // A value the wire cannot carry broken (an integer for a string: "7") is not sent, nor counted.
        if (!sendable(op, b.values) || parametersValid(document, ajv, [p], b.values)) continue;
        n++;
        add("invalid-parameter", `invalid ${b.description}`, request(b.values, examples[0]), {
          description: b.description,
        });
      }
    }

    const first = examples[0] as ExampleBody;
    if (first.media && bodyKind(first.media.mediaType) === "json") {
      const built = request(base, first);
      const text = JSON.stringify(first.value);
      add(
        "malformed-json",
        "malformed JSON",
        {
          ...built,
          body: {
            contentType: first.media.mediaType,
            body: text.slice(0, -1),
            text: text.slice(0, -1),
          },
        },
        { description: "the first example without its last character" },
      );
    }
    if (op.security.length > 0)
      add("no-credentials", "no credentials", request(base, first, false));
  });
  return { cases, skipped, discarded };
}

/** The value at a JSON Pointer of an answer, or undefined (used to follow `x-pagination`). */
export const valueAtPointer: (value: unknown, pointer: string) => unknown = valueAt;
