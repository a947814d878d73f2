// The project's own request checks, in front of Prism (and of the proxied server). Each is small and has one
// job; a new behaviour of the mock adds one to the list. `head` checks run before the body is read,
// `body` checks once it was read and inspected.
import type { Issue, OperationSpec } from "@merchant-payments/spec/model";
import { bodyKind } from "@merchant-payments/spec/model";
import { typedText } from "@merchant-payments/spec/wire";
import type { BodyInspection } from "./body.js";
import { type DocumentedResponses, documentedStatus } from "./documented-status.js";
import type { RequestLimits } from "./limits.js";
import { declaredMedia, parseContentType } from "./media.js";
import { type Preferences, parsePreferences } from "./preferences.js";
import { type Refusal, refusals } from "./problems.js";
import type { RequestPart } from "./request-issues.js";

/** What a check may read of the operation a request is for (the spec model's operation has all of it). */
export interface CheckedOperation {
  /** The spec's operationId, e.g. `getTransaction`: named in problem details and the log. */
  readonly operationId: string;
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path as the spec writes it. */
  readonly path: string;
  /** Whether the operation requires a body. */
  readonly requestBodyRequired: boolean;
  /** The media types its body may have (none: it declares no body). */
  readonly requestBodies: readonly { readonly mediaType: string }[];
  /** Its header parameters, with the body property each must equal (`x-equals-body-property`). */
  readonly headers: readonly {
    readonly name: string;
    readonly required: boolean;
    readonly schema: Readonly<Record<string, unknown>>;
    readonly equalsBodyProperty?: string;
  }[];
  /** Its documented responses' status keys: a refusal answers a documented status (see `documentedStatus`). */
  readonly responses?: DocumentedResponses["responses"];
}

/** What the checks know about one request. */
export interface RequestContext {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path without the query, percent-encoding kept (the URL parser's `pathname`), e.g. `/transactions/tx_1`. */
  readonly path: string;
  /** Request headers (lower-case names). */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The operation the request is for, if it matched one. */
  readonly operation: CheckedOperation | undefined;
  /** Whether the request announces a body (a non-zero Content-Length, or Transfer-Encoding). */
  readonly announcesBody: boolean;
  /** The server's limits (body and head bytes, JSON depth, timeouts): the `limits` option over `resolveLimits`' defaults. */
  readonly limits: RequestLimits;
  /** The caller's `Prefer` choices (set by the `prefer` check). */
  preferences: Preferences;
  /** The body's bytes, once read (`body` checks). */
  bytes?: Uint8Array;
  /** The body's inspection, once read (`body` checks; absent for an empty body). */
  inspection?: BodyInspection;
  /** Violations of the spec found by checks, answered with the schema's in the documented 422. */
  issues: Issue<RequestPart>[];
}

/** One check: it refuses a request outright (a `Refusal`), or adds violations to `issues`, or passes it. */
export interface RequestCheck {
  /** What it checks, in a few words (used in tests and logs). */
  readonly name: string;
  /** `head`: before the body is read; `body`: once it was read and inspected. */
  readonly stage: "head" | "body";
  /** The refusal, or undefined when the request passes. */
  check(request: RequestContext): Refusal | undefined;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

/** `Prefer` must be readable (`code=503, example=Name, fault=reset`); its choices are kept. */
const preferHeaderCheck: RequestCheck = {
  name: "Prefer header is readable",
  stage: "head",
  check(request) {
    const parsed = parsePreferences(single(request.headers.prefer));
    if (!parsed.ok) return refusals.unreadablePrefer(parsed.message);
    request.preferences = parsed.preferences;
    return undefined;
  },
};

/** A declared Content-Length above the body limit is refused before a byte of the body is read. */
const declaredLengthCheck: RequestCheck = {
  name: "declared body size within the limit",
  stage: "head",
  check(request) {
    const declared = Number(single(request.headers["content-length"]) ?? 0);
    if (declared > request.limits.maxBodyBytes) {
      return refusals.declaredTooLarge(declared, request.limits.maxBodyBytes);
    }
    return undefined;
  },
};

/**
 * A body must have one of the media types the operation declares (JSON, a form, text, bytes; `image/*` ranges
 * honoured), or be JSON where it declares none; JSON and text in UTF-8.
 */
const contentTypeCheck: RequestCheck = {
  name: "body has a declared media type",
  stage: "head",
  check(request) {
    if (!request.announcesBody) return undefined;
    const header = single(request.headers["content-type"]);
    const operation = request.operation;
    const status = documentedStatus(
      operation?.responses ? { responses: operation.responses } : undefined,
      415,
    );
    const refuse = (why: string, accepted: readonly string[]) =>
      refusals.unsupportedMediaType(why, accepted, status, operation);
    const declared = request.operation?.requestBodies.map((m) => m.mediaType) ?? [];
    const accepted = declared.length > 0 ? declared : ["application/json"];
    if (!header) return refuse("The request has a body but no Content-Type.", accepted);
    const media = parseContentType(header);
    if (!media)
      return refuse(
        `Content-Type ${JSON.stringify(header.slice(0, 100))} is not one media type.`,
        accepted,
      );
    const kind =
      declared.length > 0
        ? declaredMedia(request.operation as OperationSpec, media.essence) &&
          bodyKind(media.essence)
        : bodyKind(media.essence) === "json" && "json";
    if (!kind)
      return refuse(
        declared.length > 0
          ? `Content-Type ${media.essence} is not one this operation accepts.`
          : `Content-Type ${media.essence} is not JSON.`,
        accepted,
      );
    const { charset } = media;
    if (
      (kind === "json" || kind === "text") &&
      charset !== null &&
      !/^(utf-?8|us-ascii)$/i.test(charset)
    ) {
      return refuse(`charset=${charset.slice(0, 40)} is not supported: send UTF-8.`, accepted);
    }
    return undefined;
  },
};

/** A body must be well-formed: JSON, or the form or text its media type says. */
const wellFormedJsonCheck: RequestCheck = {
  name: "body is well-formed",
  stage: "body",
  check(request) {
    const inspection = request.inspection;
    if (inspection?.kind !== "malformed") return undefined;
    return inspection.mediaType
      ? refusals.malformedBody(inspection.mediaType, inspection.reason)
      : refusals.malformedJson(inspection.reason);
  },
};

/** Arrays and objects may nest only `maxDepth` deep (a guard against parser and validator exhaustion). */
const nestingDepthCheck: RequestCheck = {
  name: "body nesting within the depth limit",
  stage: "body",
  check(request) {
    if (request.inspection?.kind !== "too-deep") return undefined;
    return refusals.tooDeep(request.inspection.maxDepth);
  },
};

/**
 * A header the spec marks `x-equals-body-property` must equal that property of the body. A difference is a
 * violation of the spec like a schema's: it joins them in the 422 (and in `sl-violations`).
 */
const headerEqualsBodyCheck: RequestCheck = {
  name: "header equals the body property it repeats",
  stage: "body",
  check(request) {
    const inspection = request.inspection;
    if (!request.operation || inspection?.kind !== "parsed") return undefined;
    for (const header of request.operation.headers) {
      const property = header.equalsBodyProperty;
      if (property === undefined) continue;
      const raw = single(request.headers[header.name.toLowerCase()]);
      if (raw === undefined || !(property in inspection.properties)) continue;
      const expected = inspection.properties[property];
      if (typedText(header.schema, raw.trim()) === expected) continue;
      request.issues.push({
        check: "header",
        path: header.name,
        message: `(${raw.slice(0, 40)}) must equal ${property} in the body (${JSON.stringify(expected)})`,
      });
    }
    return undefined;
  },
};

/** The checks of the mock and the proxy, in order. */
export const DEFAULT_CHECKS: readonly RequestCheck[] = [
  preferHeaderCheck,
  declaredLengthCheck,
  contentTypeCheck,
  nestingDepthCheck,
  wellFormedJsonCheck,
  headerEqualsBodyCheck,
];

/** The top-level body properties the checks need picked from a body (`x-equals-body-property`). */
export function propertiesToPick(operation: CheckedOperation | undefined): string[] {
  return (operation?.headers ?? []).flatMap((h) =>
    h.equalsBodyProperty ? [h.equalsBodyProperty] : [],
  );
}
