// The valid requests of one operation, shared by verify's plan and the load's scenarios: parameters from their
// examples (a required one without, generated), one request per named body example (or a generated body when the
// media type has none), and seeded generated requests (parameters and body), each checked valid on the wire by the
// spec's Ajv and sendable (no path segment a URL parser folds, header values of visible ASCII).

import { validArbitrary } from "@merchant-payments/kit";
import type {
  MediaSpec,
  OperationSpec,
  ParameterSpec,
  SpecAjv,
} from "@merchant-payments/spec/model";
import { isWireExample, readBackParameter, serializeParameter } from "@merchant-payments/spec/wire";
import fc from "fast-check";
import { bodyAsRead, bodyKind } from "./bodies.js";
import { type ParameterValues, placedParameters, unsendablePathValue } from "./parameters.js";
import {
  type BuiltRequest,
  boundHeaders,
  buildRequest,
  type Credentials,
  OWN_HEADERS,
} from "./requests.js";

/** A body of an example case: its media type, value and name. */
export interface ExampleBody {
  readonly name: string;
  readonly media?: MediaSpec;
  readonly value?: unknown;
}

/** The parameters verify generates and breaks: all but the headers it sets itself and a pagination cursor. */
function ownParameters(op: OperationSpec): ParameterSpec[] {
  return op.parameters.filter(
    (p) =>
      !(p.in === "header" && OWN_HEADERS.has(p.name.toLowerCase())) &&
      !(p.in === "query" && p.name === op.pagination?.cursor) &&
      p.equalsBodyProperty === undefined,
  );
}

/** True when every value can be sent (no path segment a URL parser folds; header values of visible ASCII). */
export function sendable(op: OperationSpec, values: ParameterValues): boolean {
  for (const p of op.parameters) {
    if (!(p.name in values)) continue;
    if (p.in === "path" && unsendablePathValue(serializeParameter(p, values[p.name]).join("")))
      return false;
    if (p.in === "header" || p.in === "cookie") {
      const text =
        placedParameters("", [p], values).headers[p.in === "cookie" ? "cookie" : p.name] ?? "";
      if (!/^([\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?)?$/.test(text)) return false;
    }
  }
  return true;
}

/**
 * True when every value is valid against its parameter's schema once on the wire: written by its style and read
 * back as the mock reads it (the spec's wire module); a value that arrives as nothing counts as left out.
 */
export function parametersValid(
  document: unknown,
  ajv: SpecAjv,
  params: readonly ParameterSpec[],
  values: ParameterValues,
) {
  return params.every((p) => {
    const read = p.name in values ? readBackParameter(document, p, values[p.name]) : undefined;
    if (read === undefined) return !p.required;
    return !("problem" in read) && ajv.issuesAt(p.schemaPointer, read.value).length === 0;
  });
}

/** True when the body is valid against its schema once on the wire (binary bodies have nothing to check). */
export function bodyValid(
  document: unknown,
  ajv: SpecAjv,
  media: MediaSpec,
  value: unknown,
): boolean {
  if (bodyKind(media.mediaType) === "binary") return true;
  return ajv.issuesAt(media.schemaPointer, bodyAsRead(document, media, value)).length === 0;
}

/** A generated body of `media`: bytes for binary media, else a value valid against its schema. */
function bodyArbitrary(document: unknown, media: MediaSpec): fc.Arbitrary<unknown> {
  if (bodyKind(media.mediaType) === "binary")
    return fc.uint8Array({ minLength: 1, maxLength: 256 });
  return validArbitrary(document as Record<string, unknown>, media.schema);
}

/** One request with its name (`example <name>`, `generated-valid #3`) and its parameter values. */
interface NamedRequest {
  /** Unique within the operation. */
  readonly name: string;
  /** What is sent: method, target under the base URL, headers (credentials included) and encoded body. */
  readonly request: BuiltRequest;
  /** The same request asking for the page at `cursor`, for a paginated operation. */
  readonly nextPage?: (cursor: string) => BuiltRequest;
}

/** An operation's valid requests, and what the invalid ones are built from. */
export interface OperationDraft {
  /** The parameters verify generates and breaks (`ownParameters`). */
  readonly parameters: readonly ParameterSpec[];
  /** The parameter values of the examples. */
  readonly base: ParameterValues;
  /** The body examples (one without a body for an operation that takes none). */
  readonly examples: readonly ExampleBody[];
  /** The media type generated bodies take (the first the operation declares), if it takes a body. */
  readonly media?: MediaSpec;
  /** True when the operation takes a body and the spec gives no example of it: its example case is generated. */
  readonly generatedBody: boolean;
  /** The request of `values` and `body`, with the bound headers and, unless `withCredentials` is false, the credentials. */
  request(
    values: ParameterValues,
    body: ExampleBody | undefined,
    withCredentials?: boolean,
  ): BuiltRequest;
  /** One named request per example. */
  exampleRequests(): NamedRequest[];
  /** `runs` generated valid requests (seeded), and how many generated values were dropped. */
  generatedRequests(runs: number): {
    readonly requests: NamedRequest[];
    readonly discarded: number;
  };
}

/** Drafts the requests of `op`, generated values seeded by `seed`, with `credentials`. */
export function draftOperation(
  document: unknown,
  op: OperationSpec,
  ajv: SpecAjv,
  seed: number,
  credentials: Credentials,
): OperationDraft {
  const doc = document as Record<string, unknown>;
  const params = ownParameters(op);
  const media = op.requestBodies[0];
  const base: Record<string, unknown> = {};
  for (const p of params) {
    if (p.example !== undefined) base[p.name] = p.example;
    else if (p.required)
      base[p.name] = fc.sample(validArbitrary(doc, p.schema), { seed, numRuns: 1 })[0];
  }
  const examples: ExampleBody[] = op.requestBodies.flatMap((m, index) =>
    m.examples
      .filter((e) => isWireExample(m.mediaType, e.value))
      .map((e) => ({
        name: index === 0 ? `example ${e.name}` : `example ${e.name} (${m.mediaType})`,
        media: m,
        value: e.value,
      })),
  );
  const generatedBody = examples.length === 0 && media !== undefined;
  if (examples.length === 0) {
    if (media) {
      const [value] = fc.sample(bodyArbitrary(doc, media), { seed: seed + 3, numRuns: 1 });
      examples.push({ name: `example (generated ${media.mediaType})`, media, value });
    } else examples.push({ name: "example" });
  }
  const fallback = examples[0]?.value;
  const request = (
    values: ParameterValues,
    body: ExampleBody | undefined,
    withCredentials = true,
  ) =>
    buildRequest(document, op, {
      parameters: { ...values, ...boundHeaders(op, ajv, body?.value, fallback) },
      ...(body?.media ? { body: { media: body.media, value: body.value } } : {}),
      ...(withCredentials ? { credentials } : {}),
    });
  const named = (
    name: string,
    values: ParameterValues,
    body: ExampleBody | undefined,
  ): NamedRequest => {
    const cursor = op.pagination?.cursor;
    return {
      name,
      request: request(values, body),
      ...(cursor === undefined
        ? {}
        : { nextPage: (next: string) => request({ ...values, [cursor]: next }, body) }),
    };
  };
  return {
    parameters: params,
    base,
    examples,
    ...(media ? { media } : {}),
    generatedBody,
    request,
    exampleRequests: () => examples.map((example) => named(example.name, base, example)),
    generatedRequests(runs) {
      // Every parameter the spec declares (optional ones at random) and a body.
      const record = fc.record(
        Object.fromEntries(
          params.map((p) => [
            p.name,
            validArbitrary(doc, p.schema).filter((v) => sendable(op, { [p.name]: v })),
          ]),
        ),
        { requiredKeys: params.filter((p) => p.required).map((p) => p.name) },
      );
      const sampled = fc.sample(
        fc.tuple(record, media ? bodyArbitrary(doc, media) : fc.constant(undefined)),
        {
          seed: seed + 1,
          numRuns: runs,
        },
      );
      const requests: NamedRequest[] = [];
      let discarded = 0;
      sampled.forEach(([values, value], i) => {
        const ok =
          sendable(op, values) &&
          parametersValid(document, ajv, params, values) &&
          (!media || bodyValid(document, ajv, media, value));
        if (!ok) discarded++;
        else
          requests.push(
            named(`generated-valid #${i}`, values, media ? { name: "", media, value } : undefined),
          );
      });
      return { requests, discarded };
    },
  };
}
