// Prism's mocker in this process: `getHttpOperationsFromSpec` + `createInstance(...).request(...)`, as Prism's
// own http-server does, with the request validation replaced by the project's (stricter, 2020-12) validator.

import { STATUS_CODES } from "node:http";
import {
  baseMediaType,
  type Direction,
  deref,
  type Issue,
  isObject,
  type Json,
  type MediaSpec,
  type OperationSpec,
  parsePointer,
  pointer,
  responseFor,
  withModelExamples,
} from "@merchant-payments/spec/model";
import { bodyKind, isJsonMedia } from "@merchant-payments/spec/wire";
import { createInstance, getHttpOperationsFromSpec, ProblemJsonError } from "@stoplight/prism-http";
import { documentedStatus } from "./documented-status.js";
import type { Logger } from "./logger.js";
import { placeholderDocument } from "./placeholder-documents.js";
import type { Preferences } from "./preferences.js";
import { fallbackNote, PROBLEM_MEDIA_TYPE, problemAnswer, problemFor } from "./problems.js";
import {
  type ExchangeIssue,
  formatReportedIssues,
  type RequestSidePart,
  type ResponseSidePart,
  shownIssue,
} from "./reported-issue.js";
import {
  describeIssue,
  describeIssues,
  isParameterIssue,
  problemErrors,
  type RequestPart,
} from "./request-issues.js";
import { credentialsIssue } from "./security.js";
import { operationMatcher, problemExample, type SpecSource } from "./spec-source.js";
import { exampleTexts, mediaPointer } from "./text-answers.js";

/** One violation as Prism reports it: the `sl-violations` header's entries (this module's border, never exported). */
interface Violation {
  /** Where: `["request", "body", "merchantAccountNumber"]`, `["response", "body", …]` (none in Prism's own 401). */
  location?: string[];
  /** `Error` or `Warning`. */
  severity: string;
  /** The rule that failed (a JSON Schema keyword, or a status code for security and content type). */
  code?: string | number;
  /** What is wrong, in words. */
  message: string;
}

/** A request as the engine sees it (the body was already read and checked). */
export interface EngineRequest {
  /** HTTP method, upper case. */
  method: string;
  /** Path without the query, percent-encoding kept (the URL parser's `pathname`), e.g. `/transactions/tx_1`. */
  path: string;
  /** Query parameters by name, percent-decoded: a string, or an array when the name repeats (handed to Prism). */
  query: Record<string, string | string[]>;
  /** Request headers, lower-case names. */
  headers: Record<string, string>;
  /** Violations of the request found by the project's validator (parameters and body). */
  issues: readonly Issue<RequestPart>[];
  /** The caller's `Prefer` choices. */
  preferences: Preferences;
}

/** What Prism answered. */
export interface EngineAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body's text, or its bytes (a binary answer). */
  body: string | Uint8Array;
  /** Violations of the request and of the answer, as reported (`onViolations`); the `sl-violations` header has them. */
  issues: ExchangeIssue[];
}

/** Options of the engine. */
export interface EngineOptions {
  /** Generate answers from the schemas instead of the examples; default false. */
  dynamic?: boolean;
  /** Seed of generated answers; default none. */
  seed?: string;
  /** An answer that violates the spec becomes a 500 problem (Prism's `--errors`); default false. */
  errors?: boolean;
  /** Where Prism's own messages go. */
  logger: Logger;
}

/** Headers that do not change Prism's answer (transport, tracing, CORS): left out of the answer cache's key. */
const VOLATILE_HEADERS = new Set([
  "content-length",
  "content-type",
  "host",
  "connection",
  "keep-alive",
  "user-agent",
  "x-request-id",
  "accept-encoding",
  "origin",
  "referer",
  "traceparent",
  "tracestate",
  "prefer",
]);

/** Distinct request heads whose answers are remembered. */
const MAX_REMEMBERED = 512;

/** Prism's diagnostic severity for an error. */
const ERROR_SEVERITY = 0;

interface PrismDiagnostic {
  path?: string[];
  code?: string | number;
  message: string;
  severity: number;
}

/** An error of Prism's (a problem it would answer). */
type PrismError = Error & { status?: number; additional?: { headers?: Record<string, string> } };

/** Prism's mocked answer. */
interface PrismOutput {
  statusCode: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** An answer with Prism's violations, before they are reported. */
type PrismAnswer = Omit<EngineAnswer, "issues"> & { violations: Violation[] };

type Either<L, R> = { _tag: "Left"; left: L } | { _tag: "Right"; right: R };

/** Where an issue is, as Prism's violation locations say it: `["query", "limit"]`, `["body", "amount"]`. */
function segments(issue: Issue<RequestPart>): string[] {
  if (isParameterIssue(issue)) return [issue.check, ...issue.path.split("/")];
  return ["body", ...parsePointer(issue.path)];
}

/** Largest `sl-violations` header value, in characters (a whole JSON list: the first violations that fit). */
const MAX_VIOLATIONS_HEADER = 8000;

/** Prism's `sl-violations` header: the violations as a JSON list in Prism's format, as many as fit. */
function violationsHeader(violations: readonly Violation[]): string {
  let count = violations.length;
  let value = JSON.stringify(violations);
  while (value.length > MAX_VIOLATIONS_HEADER && count > 1) {
    count = Math.max(1, Math.floor(count / 2));
    value = JSON.stringify(violations.slice(0, count));
  }
  return value.slice(0, MAX_VIOLATIONS_HEADER);
}

/**
 * The part of a violation Prism gives no location in: its code says so for a request (401 the credentials, 415
 * the media type, `required` the body); of an answer, only the status and the media type are checked that way.
 */
function unlocatedPart(side: Direction, violation: Violation): RequestSidePart | ResponseSidePart {
  if (side === "request")
    return violation.code === 401 ? "credentials" : violation.code === 415 ? "media-type" : "body";
  return violation.message.startsWith("Unable to match the returned status code")
    ? "status"
    : "media-type";
}

/**
 * A violation of Prism's as the mock reports it (see `reportedIssue`): `check` its side and part (`request query`,
 * `request body`, `response header`; an answer's body is `response schema`, as the proxy names it), `path` a JSON
 * Pointer of the rest of its location, `keyword` Prism's code; the message is Prism's, `warning: ` before it for a
 * violation of severity `Warning` (an error says nothing more). A location without its side (Prism's own 422
 * problem) is the request's.
 */
function toIssue(violation: Violation): ExchangeIssue {
  const whole = violation.location ?? [];
  const sided = whole[0] === "request" || whole[0] === "response";
  const side: Direction = sided ? (whole[0] as Direction) : "request";
  const [located = unlocatedPart(side, violation), ...rest] = sided ? whole.slice(1) : whole;
  // Prism checks an answer's body only against its schema: the proxy's word for that check.
  const part = side === "response" && located === "body" ? "schema" : located;
  const code = String(violation.code ?? "");
  // Prism locates a violation in `body`, `query`, `path` or `header` (its validators' prefixes), or in the part
  // of the mock's own issue (`segments`): a part of its side.
  return {
    check: part,
    path: pointer(...rest),
    message: violation.severity === "Warning" ? `warning: ${violation.message}` : violation.message,
    ...(code === "" ? {} : { keyword: code }),
    side,
  } as ExchangeIssue;
}

/** The answer with its violations as reported issues and in Prism's `sl-violations` header. */
function reported(answer: PrismAnswer): EngineAnswer {
  const { violations, ...rest } = answer;
  if (violations.length === 0) return { ...rest, issues: [] };
  return {
    ...rest,
    headers: { ...rest.headers, "sl-violations": violationsHeader(violations) },
    issues: violations.map(toIssue),
  };
}

function toViolation(prefix: string, diagnostic: PrismDiagnostic): Violation {
  return {
    location: [prefix, ...(diagnostic.path ?? [])],
    severity: diagnostic.severity === ERROR_SEVERITY ? "Error" : "Warning",
    code: diagnostic.code ?? "",
    message: diagnostic.message,
  };
}

/**
 * The body of Prism's answer as sent: JSON as text; a string of another media type as it is, or as the bytes it
 * encodes when the answer's schema says `contentEncoding: base64` (or `base64url`).
 */
function serialize(
  body: unknown,
  contentType: string | undefined,
  schema: Json | undefined,
): string | Uint8Array {
  if (body === undefined) return "";
  if (typeof body === "string" && !isJsonMedia(contentType)) {
    const encoding = isObject(schema) ? schema.contentEncoding : undefined;
    return encoding === "base64" || encoding === "base64url"
      ? new Uint8Array(Buffer.from(body, encoding))
      : body;
  }
  return JSON.stringify(body);
}

/**
 * Prism's configuration: its request and response validation and security check on, `errors` as asked, no
 * upstream; the mock's choices (dynamic, seed) under the caller's `Prefer` ones (code, example, dynamic, seed).
 */
function prismConfig(options: EngineOptions, preferences: Preferences) {
  const seed = preferences.seed ?? options.seed;
  return {
    validateRequest: true,
    validateResponse: true,
    checkSecurity: true,
    errors: options.errors ?? false,
    upstreamProxy: undefined,
    isProxy: false as const,
    mock: {
      dynamic: preferences.dynamic ?? options.dynamic ?? false,
      ...(preferences.code === undefined ? {} : { code: preferences.code }),
      ...(preferences.example === undefined ? {} : { exampleKey: preferences.example }),
      ...(seed === undefined ? {} : { seed }),
    },
  };
}

/**
 * The key under which an answer is remembered, or undefined when it must not be (dynamic answers, an invalid
 * request): with static examples Prism's answer is a function of the method, path, query, headers and preferences.
 */
function cacheKey(options: EngineOptions, request: EngineRequest): string | undefined {
  const { preferences } = request;
  if (options.dynamic || preferences.dynamic || request.issues.length > 0) return undefined;
  // One line per part (a header value holds no line break; the query and preferences are JSON).
  let key = `${request.method} ${request.path}\n${JSON.stringify([request.query, preferences.code, preferences.example])}`;
  const names = Object.keys(request.headers).filter(
    (name) => !VOLATILE_HEADERS.has(name) && !name.startsWith("sec-"),
  );
  for (const name of names.sort()) key += `\n${name}: ${request.headers[name]}`;
  return key;
}

/** A 401 whose detail says which credentials the operation asks for (the spec's example may name another scheme). */
function withCredentialsDetail(
  op: OperationSpec | undefined,
  answer: EngineAnswer,
  request: EngineRequest,
): EngineAnswer {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query))
    for (const one of [value].flat()) query.append(name, one);
  const missing = op && credentialsIssue(op, { headers: request.headers, query });
  if (!missing || typeof answer.body !== "string") return answer;
  try {
    const problem = JSON.parse(answer.body);
    if (!isObject(problem)) return answer;
    const detail = `${missing.message[0]?.toUpperCase()}${missing.message.slice(1)}.`;
    return { ...answer, body: JSON.stringify({ ...problem, detail }) };
  } catch {
    return answer;
  }
}

/** Loads the spec into Prism and returns the mock's answering function. */
export async function createPrismEngine(spec: SpecSource, options: EngineOptions) {
  // Prism's reference parser rewrites what it is given: it gets a copy in which each JSON body without an example of
  // its own holds the spec model's. Prism then serves that documented value where it would generate one, which cuts a
  // recursive schema short of its required properties.
  const prismOperations = await getHttpOperationsFromSpec(withModelExamples(spec.document));
  // A HEAD answer carries the headers of the GET answer (RFC 9110 §9.3.2): Prism mocks a HEAD operation as if it
  // were a GET (its media type, its body's length), and node:http leaves the body out of the answer to a HEAD.
  const headOperationsAsGet = prismOperations
    .filter((op) => op.method === "head")
    .map((op) => ({ ...op, method: "get" as const }));
  const requestIssues = new WeakMap<object, readonly Issue<RequestPart>[]>();
  const findOperation = operationMatcher(spec);
  /** The declared media of the answer Prism gave (its status and media type): its schema and examples. */
  const answerMedia = (request: EngineRequest, output: PrismOutput): MediaSpec | undefined => {
    const op = findOperation(request.method, request.path);
    const media = baseMediaType(
      Object.entries(output.headers ?? {}).find(
        ([name]) => name.toLowerCase() === "content-type",
      )?.[1],
    );
    return op && responseFor(op, output.statusCode)?.content.find((m) => m.mediaType === media);
  };
  const instance = createInstance(prismConfig(options, {}) as never, {
    logger: options.logger as never,
    // The project's validator already judged the request: hand its verdict to Prism's mocker, which picks
    // the documented 422 (or the 401 when the credential is missing as well).
    validateInput: (({ element }: { element: object }): Either<PrismDiagnostic[], object> => {
      const issues = requestIssues.get(element) ?? [];
      if (issues.length === 0) return { _tag: "Right", right: element };
      return {
        _tag: "Left",
        left: issues.map((issue) => ({
          path: segments(issue),
          code: issue.keyword ?? "validation",
          message: describeIssue(issue),
          severity: ERROR_SEVERITY,
        })),
      };
    }) as never,
  });

  // Prism never sees the body (it was validated already), so with static examples its answer is a function of
  // the method, path, query, headers and preferences: remembered, Prism runs once per distinct request head.
  const remembered = new Map<string, EngineAnswer>();

  async function answerWithPrism(request: EngineRequest): Promise<EngineAnswer> {
    const head = request.method === "HEAD";
    const input = {
      method: (head ? "get" : request.method.toLowerCase()) as never,
      url: { path: request.path, query: request.query },
      headers: request.headers,
      // The body was validated already; Prism's mocker does not need it (and would serialize it to log it).
      body: undefined,
    };
    requestIssues.set(input, request.issues);
    const { preferences } = request;
    const config = prismConfig(options, preferences);
    const operations = head ? headOperationsAsGet : prismOperations;
    const result = (await instance.request(input, operations, config as never)()) as Either<
      PrismError,
      { output: PrismOutput; validations: { input: PrismDiagnostic[]; output: PrismDiagnostic[] } }
    >;
    if (result._tag === "Left")
      return reported(
        answerOfPrismError(spec, findOperation(request.method, request.path), result.left, request),
      );
    const { output, validations } = result.right;
    const media = answerMedia(request, output);
    const violations = [
      ...validations.input.map((d) => toViolation("request", d)),
      ...validations.output.map((d) => toViolation("response", d)),
    ].filter((v) => !textBodyViolation(spec, media, v));
    const outputErrors = violations.filter(
      (v) => v.location?.[0] === "response" && v.severity === "Error",
    );
    // Prism's --errors: an answer of the mock that violates the spec is an error of the mock.
    if (options.errors && outputErrors.length > 0)
      return reported(violatingAnswer(spec, output.statusCode, outputErrors, violations));
    const dynamic = request.preferences.dynamic ?? options.dynamic ?? false;
    const answer = reported(mockAnswer(spec, output, request, violations, media, dynamic));
    return output.statusCode === 401
      ? withCredentialsDetail(findOperation(request.method, request.path), answer, request)
      : answer;
  }

  return async function answer(request: EngineRequest): Promise<EngineAnswer> {
    const key = cacheKey(options, request);
    const known = key === undefined ? undefined : remembered.get(key);
    if (known) return known;
    const fresh = await answerWithPrism(request);
    if (key !== undefined) {
      if (remembered.size >= MAX_REMEMBERED)
        remembered.delete(remembered.keys().next().value as string);
      remembered.set(key, fresh);
    }
    return fresh;
  };
}

/** A Prism error as the answer: a status or example the caller asked for that the spec lacks is the caller's 422
 * (or 406 for an Accept header alone), not a 500; a status the operation does not document is its documented 400
 * (`documentedStatus`); the problem's type and title are the spec's for its status (never Prism's own type URIs). */
function answerOfPrismError(
  spec: SpecSource,
  op: OperationSpec | undefined,
  error: PrismError,
  request: EngineRequest,
): PrismAnswer {
  const { preferences } = request;
  const prism = ProblemJsonError.toProblemJson(error) as unknown as Record<string, unknown>;
  const {
    headers: _h,
    type: _t,
    title: prismTitle,
    status: _s,
    detail: prismDetail,
    ...rest
  } = prism;
  let status = error.status ?? 500;
  let detail = String(prismDetail ?? error.message);
  // The status the answer stands for, when the operation does not document it and a fallback is answered.
  let wanted = status;
  if (status >= 500 && (preferences.code !== undefined || preferences.example !== undefined)) {
    // What the caller asked for (a status, an example, a media type) is not in the spec: the caller's fault, its 422
    // (or 400); where the operation documents neither, the refusal's own status: 406 for an Accept header sent.
    const asked = documentedOr(op, 422, 400);
    wanted = op && !responseFor(op, asked) && request.headers.accept !== undefined ? 406 : asked;
    status = wanted;
    detail = `The mock cannot answer what was asked for: no answer of the spec matches the Prefer and Accept headers sent (${detail}).`;
  } else if ((status >= 500 || status === 406) && request.headers.accept !== undefined) {
    wanted = 406;
    detail = `No answer of the spec matches the Accept header sent (${detail}).`;
  }
  if (wanted < 500 && op) {
    // 406 (or Prism's own 4xx: a 401 for a missing credential) only where the operation documents it, else its
    // documented 400 (or 422): never an undocumented status.
    status = documentedStatus(op, wanted);
    detail += fallbackNote(wanted, status, op);
  } else status = wanted;
  const problem = problemFor(spec, status, detail, rest);
  if (problem.type === "about:blank" && typeof prismTitle === "string" && status === error.status)
    problem.title = prismTitle;
  if (status !== wanted) {
    // The spec's example for the fallback status may speak of another problem (malformed JSON).
    problem.type = "about:blank";
    problem.title = STATUS_CODES[status] ?? "Error";
  }
  return {
    ...problemAnswer(problem, error.additional?.headers ?? {}),
    violations: Array.isArray(prism.validation) ? (prism.validation as Violation[]) : [],
  } as PrismAnswer;
}

/** `status` if the request's operation documents it, else `fallback` (an operation without a 422 gets its 400). */
function documentedOr(op: OperationSpec | undefined, status: number, fallback: number): number {
  return !op || responseFor(op, status) ? status : fallback;
}

/** The 500 of Prism's --errors: the mock's own answer (`statusCode`) violates the spec (the spec's 5XX problem). */
function violatingAnswer(
  spec: SpecSource,
  statusCode: number,
  outputErrors: readonly Violation[],
  violations: Violation[],
): PrismAnswer {
  const detail = `The mock's answer (${statusCode}) does not conform to the spec, and errors are on: ${formatReportedIssues(
    outputErrors.map(toIssue).map(shownIssue),
  )}.`;
  return {
    ...problemAnswer(problemFor(spec, 500, detail, { validation: outputErrors })),
    violations,
  } as PrismAnswer;
}

/** Prism's mocked answer; its documented 422 for an invalid request says which fields are wrong (`errors`). */
function mockAnswer(
  spec: SpecSource,
  output: PrismOutput,
  request: EngineRequest,
  violations: Violation[],
  media: MediaSpec | undefined,
  dynamic: boolean,
): PrismAnswer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(output.headers ?? {})) {
    headers[name.toLowerCase()] = String(value);
  }
  let body = output.body;
  if (output.statusCode === 422 && request.issues.length > 0 && isObject(body)) {
    // Say which fields and parameters are wrong: RFC 9457's `errors` member (where, and what, of each).
    body = {
      ...body,
      detail: `${typeof body.detail === "string" ? `${body.detail} ` : ""}${describeIssues(request.issues)}.`,
      errors: problemErrors(request.issues),
    };
  } else if (output.statusCode === 400 && request.issues.length > 0) {
    // An operation without a documented 422 answers an invalid request with its 400, whose example may speak of
    // another problem (malformed JSON): the problem is the validation one, with the status the spec documents.
    const validation = problemExample(spec, 422);
    body = {
      type: validation?.type ?? "about:blank",
      title: validation?.title ?? "Bad Request",
      status: 400,
      detail: `The request does not conform to the API description: ${describeIssues(request.issues)}.`,
      errors: problemErrors(request.issues),
    };
    headers["content-type"] = PROBLEM_MEDIA_TYPE;
  }
  if (media && bodyKind(media.mediaType) === "text") {
    const text = textBody(media, body, dynamic);
    if (text === undefined) return missingTextExample(spec, request, media, violations);
    return { status: output.statusCode, headers, body: text, violations };
  }
  return {
    status: output.statusCode,
    headers,
    body:
      media && withoutExample(media)
        ? placeholderDocument(media.mediaType)
        : serialize(body, headers["content-type"], media && deref(spec.document, media.schema)),
    violations,
  };
}

/**
 * A binary media type the spec gives no example of (the spec model's examples: the media type's and its schema's,
 * spec/README.md "Examples"): Prism would answer its placeholder text.
 */
function withoutExample(media: MediaSpec): boolean {
  return bodyKind(media.mediaType) === "binary" && media.examples.length === 0;
}

/**
 * The text of an XML, YAML or `text/*` answer: Prism's choice of example when it is text (static answers, a
 * `Prefer: example=`), else (a generated value, which is no document of that media type) the media type's first
 * example text; a generated string only when the spec gives no example.
 */
function textBody(media: MediaSpec, body: unknown, dynamic: boolean): string | undefined {
  const examples = exampleTexts(media);
  if (typeof body === "string" && !(dynamic && examples.length > 0)) return body;
  return examples[0];
}

/** The 500 of a text answer the spec gives no example of, naming the operation and the media type's pointer. */
function missingTextExample(
  spec: SpecSource,
  request: EngineRequest,
  media: MediaSpec,
  violations: Violation[],
): PrismAnswer {
  const detail = `The spec gives no example of the ${media.mediaType} answer of ${request.method} ${request.path} (${mediaPointer(media)}): the mock serves such answers from their example text.`;
  return { ...problemAnswer(problemFor(spec, 500, detail)), violations } as PrismAnswer;
}

/**
 * A violation Prism found by validating a text answer (XML, YAML) against a schema that describes its parsed
 * structure, not its text ("Response body must be object"): not a violation of the spec.
 */
function textBodyViolation(spec: SpecSource, media: MediaSpec | undefined, v: Violation): boolean {
  if (!media || bodyKind(media.mediaType) !== "text") return false;
  if (v.location?.[0] !== "response" || v.location[1] !== "body") return false;
  const schema = deref<Json>(spec.document, media.schema);
  return !(isObject(schema) && schema.type === "string");
}

/** The mock's answering function. */
export type PrismEngine = Awaited<ReturnType<typeof createPrismEngine>>;
