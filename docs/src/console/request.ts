// The pure part of the Try-it console: what to send for an operation, whether it may be sent, and how to show it.
// No DOM, no network: every function here is unit-tested on its own.
import { checkBaseUrl } from "@merchant-payments/kit/base-url";
import {
  type Issue,
  type OperationSpec,
  type ParameterSpec,
  type SpecAjv,
  sideEffectOf,
} from "@merchant-payments/spec/model";
import type { Part } from "./body.js";
import { encode, fillPath, parameterHeaders, queryString } from "./parameters.js";
import { credentialsFor, type Secret } from "./security.js";

/** Where the console sends requests unless the reader says otherwise: the local mock (`pnpm mock`). */
export const DEFAULT_BASE_URL = "http://127.0.0.1:4010";

/** The `Accept` header of an operation whose answers are JSON and problem bodies (the interface document's eight). */
const ACCEPT = "application/json, application/problem+json";

/** The `Accept` header for `op`: every media type its responses declare, in document order (else `ACCEPT`). */
export function acceptFor(op: OperationSpec): string {
  const types = [...new Set(op.responses.flatMap((r) => r.content.map((m) => m.mediaType)))];
  return types.length ? types.join(", ") : ACCEPT;
}

/** How long the console waits for an answer before it gives up, in milliseconds. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** What the shell line shows instead of the token. */
export const MASKED_TOKEN = "$MERCHANT_PAYMENTS_TOKEN";

/** The outcome of checking the body text the reader typed. */
export type CheckedBody =
  | { readonly ok: true; readonly body: unknown; readonly problems: readonly [] }
  | { readonly ok: false; readonly body?: unknown; readonly problems: readonly Issue[] };

/** A request ready for `fetch`, and for the curl line. */
export interface PreparedRequest {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Absolute URL: the base URL (without a trailing slash), the filled path and the query. */
  readonly url: string;
  /** Headers in the order they are sent; credentials only in their scheme's header or query pair. */
  readonly headers: readonly (readonly [string, string])[];
  /** The body as sent: JSON (compact), urlencoded or plain text; a `Blob` for multipart and files; none for no body. */
  readonly body: string | Blob | undefined;
  /** The curl arguments that send the same body (`--data …`, `--form …`, `--data-binary @file`). */
  readonly curlBody: readonly string[];
  /** The credentials in the request, each shown as its shell variable in the curl line. */
  readonly secrets: readonly Secret[];
}

/** The request body the reader prepared, by media kind (already checked). */
export type Payload =
  | { readonly kind: "json"; readonly mediaType: string; readonly value: unknown }
  | { readonly kind: "text"; readonly mediaType: string; readonly text: string }
  | { readonly kind: "urlencoded"; readonly text: string }
  | {
      readonly kind: "multipart";
      readonly parts: readonly Part[];
      readonly body: Blob;
      readonly contentType: string;
    }
  | { readonly kind: "binary"; readonly mediaType: string; readonly file: File };

/** The named request examples of an operation, in document order (empty when it has none). */
export function requestExamples(op: OperationSpec): readonly { name: string; value: unknown }[] {
  return (op.request?.examples ?? []).map((e) => ({ name: e.name, value: e.value }));
}

/** The example body text the console starts with: the first named request example, pretty-printed. */
export function exampleText(value: unknown): string {
  return JSON.stringify(value ?? {}, null, 2);
}

/** True when the operation has an `Accept-Language` header parameter. */
export function takesAcceptLanguage(op: OperationSpec): boolean {
  return op.headers.some((h) => h.name.toLowerCase() === "accept-language");
}

/** The documented default of `Accept-Language` for the operation (its schema's `default`), else `""`. */
export function defaultAcceptLanguage(op: OperationSpec): string {
  const header = op.headers.find((h) => h.name.toLowerCase() === "accept-language");
  return typeof header?.schema.default === "string" ? header.schema.default : "";
}

/**
 * The headers the spec derives from the body (`x-equals-body-property`, e.g. `MerchantAccountNumber` from
 * `merchantAccountNumber`), with their values from `body`; a property the body lacks gives no header.
 */
export function derivedHeaders(op: OperationSpec, body: unknown): [string, string][] {
  const out: [string, string][] = [];
  for (const header of op.headers) {
    if (!header.equalsBodyProperty) continue;
    const value =
      typeof body === "object" && body !== null
        ? (body as Record<string, unknown>)[header.equalsBodyProperty]
        : undefined;
    if (value === undefined || value === null || typeof value === "object") continue;
    out.push([header.name, String(value)]);
  }
  return out;
}

/**
 * The position of a JSON syntax error in `text` as " (line L, column C)", when the engine's message gives an offset
 * but no line (V8 in Chromium already adds "(line L column C)" itself: nothing is added then).
 */
export function syntaxErrorPlace(text: string, message: string): string {
  if (/\bline \d+/i.test(message)) return "";
  const at = /position (\d+)/.exec(message);
  if (!at) return "";
  const offset = Number(at[1]);
  const before = text.slice(0, offset).split("\n");
  return ` (line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
}

/**
 * Parses the body the reader typed and validates it against the operation's request schema with the project's
 * validators (`specAjv`). Every problem comes back at its JSON Pointer; a body with a problem is never sent.
 */
export function checkBody(specAjv: SpecAjv, op: OperationSpec, text: string): CheckedBody {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    return {
      ok: false,
      problems: [
        { path: "", message: `not valid JSON: ${message}${syntaxErrorPlace(text, message)}` },
      ],
    };
  }
  if (!op.request) return { ok: true, body, problems: [] };
  const problems: Issue[] = specAjv.issuesAt(op.request.schemaPointer, body);
  for (const header of op.headers) {
    if (!header.required || header.name.toLowerCase() === "accept-language") continue;
    if (header.equalsBodyProperty && !derivedHeaders(op, body).some(([n]) => n === header.name)) {
      const path = `/${header.equalsBodyProperty}`;
      if (
        !problems.some(
          (p) => p.path === path || p.message.includes(header.equalsBodyProperty ?? ""),
        )
      )
        problems.push({ path, message: `must be present: the ${header.name} header repeats it` });
    }
  }
  return problems.length === 0 ? { ok: true, body, problems: [] } : { ok: false, body, problems };
}

/**
 * The base URL as typed, trimmed, checked by the workspace's one rule set (`@merchant-payments/kit/base-url`: http or
 * https, absolute, no credentials, no fragment; a query refused, as the operation's path is appended) and without
 * trailing slashes; throws a readable error naming the rule broken.
 */
function normalizeBaseUrl(baseUrl: string): string {
  const base = checkBaseUrl(baseUrl.trim());
  if (!base.ok) throw new Error(`base URL ${base.problem} (e.g. ${DEFAULT_BASE_URL})`);
  return base.prefix;
}

/** What the reader entered for one send, checked. */
export interface RequestOptions {
  /** The base URL as typed. */
  readonly baseUrl: string;
  /** The Bearer token (`""`: none sent). */
  readonly token: string;
  /** The `Accept-Language` value (`""`: none sent). */
  readonly acceptLanguage: string;
  /** The JSON body's value (the JSON request body; ignored when `payload` is given). */
  readonly body?: unknown;
  /** The body of any media type; none for an operation without a body. */
  readonly payload?: Payload;
  /** The path, query and header parameters' values (see `checkParameters`). */
  readonly parameters?: ReadonlyMap<ParameterSpec, unknown>;
  /** The API keys typed, by security scheme key. */
  readonly apiKeys?: ReadonlyMap<string, string>;
}

function payloadOf(op: OperationSpec, options: RequestOptions): Payload | undefined {
  if (options.payload) return options.payload;
  if (op.request && options.body !== undefined)
    return { kind: "json", mediaType: op.request.mediaType, value: options.body };
  return undefined;
}

/** The body as sent, its `Content-Type` (none for multipart's own) and its curl arguments. */
function bodyParts(payload: Payload | undefined): {
  body: string | Blob | undefined;
  contentType?: string;
  curl: string[];
} {
  if (!payload) return { body: undefined, curl: [] };
  switch (payload.kind) {
    case "json": {
      const text = JSON.stringify(payload.value);
      return { body: text, contentType: payload.mediaType, curl: ["--data", text] };
    }
    case "text":
      return {
        body: payload.text,
        contentType: payload.mediaType,
        curl: ["--data-binary", payload.text],
      };
    case "urlencoded":
      return {
        body: payload.text,
        contentType: "application/x-www-form-urlencoded",
        curl: ["--data", payload.text],
      };
    case "binary":
      return {
        body: payload.file,
        contentType: payload.mediaType,
        curl: ["--data-binary", `@${payload.file.name}`],
      };
    case "multipart":
      return {
        body: payload.body,
        contentType: payload.contentType,
        curl: curlForm(payload.parts),
      };
  }
}

/** curl's `--form` arguments for the parts: text as `--form-string`, typed text and files with `;type=`. */
function curlForm(parts: readonly Part[]): string[] {
  const quoted = (text: string) => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  return parts.flatMap((part) => {
    const type = part.type ? `;type=${part.type}` : "";
    if (typeof part.value !== "string")
      return ["--form", `${part.name}=@${quoted(part.value.name)}${type}`];
    if (!part.type) return ["--form-string", `${part.name}=${part.value}`];
    return ["--form", `${part.name}=${quoted(part.value)}${type}`];
  });
}

/**
 * The request the console sends for `op`: the path filled and the query written per each parameter's style,
 * the credentials of the operation's security, the header parameters, and the body of its media type.
 */
export function prepareRequest(op: OperationSpec, options: RequestOptions): PreparedRequest {
  const parameters = options.parameters ?? new Map<ParameterSpec, unknown>();
  const payload = payloadOf(op, options);
  const sent = bodyParts(payload);
  const credentials = credentialsFor(op, options.token, options.apiKeys ?? new Map(), encode);
  const headers: [string, string][] = [];
  if (sent.contentType) headers.push(["Content-Type", sent.contentType]);
  headers.push(["Accept", acceptFor(op)]);
  headers.push(...credentials.headers.map(([n, v]): [string, string] => [n, v]));
  if (options.acceptLanguage.trim() && takesAcceptLanguage(op))
    headers.push(["Accept-Language", options.acceptLanguage.trim()]);
  headers.push(...parameterHeaders(parameters));
  headers.push(...derivedHeaders(op, payload?.kind === "json" ? payload.value : undefined));
  return {
    method: op.method,
    url: `${normalizeBaseUrl(options.baseUrl)}${fillPath(op.path, parameters)}${queryString(parameters, credentials.query)}`,
    headers,
    body: sent.body,
    curlBody: sent.curl,
    secrets: credentials.secrets,
  };
}

/** Quotes a word for a POSIX shell (single quotes). */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Quotes text for the inside of a POSIX shell double-quoted word (`"`, `$`, `` ` `` and `\\` escaped). */
function doubleQuoted(text: string): string {
  return text.replace(/["$`\\]/g, (c) => `\\${c}`);
}

/**
 * A shell word for `text`: single-quoted, or, when it holds a secret, double-quoted with each secret standing as
 * its variable (`"Authorization: Bearer $MERCHANT_PAYMENTS_TOKEN"`).
 */
function maskedWord(text: string, secrets: readonly Secret[]): string {
  const present = secrets.filter((s) => s.text !== "" && text.includes(s.text));
  if (present.length === 0) return shellQuote(text);
  let pieces: (string | Secret)[] = [text];
  for (const secret of present)
    pieces = pieces.flatMap((piece) =>
      typeof piece === "string"
        ? piece.split(secret.text).flatMap((part, i) => (i === 0 ? [part] : [secret, part]))
        : [piece],
    );
  const inner = pieces
    .map((piece, i) => {
      if (typeof piece === "string") return doubleQuoted(piece);
      const next = pieces[i + 1];
      // `$NAME` unless a name character follows (then `${NAME}`, so the shell reads the right variable).
      return typeof next === "string" && /^\w/.test(next)
        ? `\${${piece.variable}}`
        : `$${piece.variable}`;
    })
    .join("");
  return `"${inner}"`;
}

/**
 * The curl command line for exactly what `request` sends, every credential replaced by its shell variable
 * (`$MERCHANT_PAYMENTS_TOKEN` for the token), so the line runs once those are set and never shows a secret.
 * A HEAD is `--head`; a multipart body is curl's `--form` (curl writes its own boundary), a file `@<its name>`.
 */
export function curlLine(request: PreparedRequest): string {
  const parts =
    request.method === "HEAD"
      ? ["curl", "--head", maskedWord(request.url, request.secrets)]
      : ["curl", "--request", request.method, maskedWord(request.url, request.secrets)];
  const form = request.curlBody[0]?.startsWith("--form");
  for (const [name, value] of request.headers) {
    if (form && name.toLowerCase() === "content-type") continue;
    parts.push("--header", maskedWord(`${name}: ${value}`, request.secrets));
  }
  for (let i = 0; i < request.curlBody.length; i += 2)
    parts.push(request.curlBody[i] ?? "", shellQuote(request.curlBody[i + 1] ?? ""));
  return parts.join(" ");
}

/** True when `baseUrl` points at this machine (127.0.0.0/8, `localhost`, `::1`). */
export function isLoopback(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl.trim()).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/**
 * True when the operation moves money or deletes: its `x-side-effect` is not `none`, or it is not marked
 * `x-safe-to-retry: true`.
 */
export function isConsequential(op: OperationSpec): boolean {
  const effect = sideEffectOf(op);
  return op.safeToRetry !== true || (effect !== undefined && effect !== "none");
}

/** True when sending `op` to `baseUrl` must be confirmed first: a consequential operation, not on loopback. */
export function needsConfirmation(op: OperationSpec, baseUrl: string): boolean {
  return isConsequential(op) && !isLoopback(baseUrl);
}

/** The confirmation question for a consequential operation sent to another machine. */
export function confirmationQuestion(op: OperationSpec, url: string): string {
  return `${op.summary} (${op.operationId}) may move money or delete data, and ${url} is not this machine. Send it?`;
}

/** Storage keys of the console's settings. */
export const STORAGE_KEYS = {
  baseUrl: "merchant-payments.try-it.base-url",
  token: "merchant-payments.try-it.token",
} as const;

/** The part of `Storage` the console uses. */
export type SettingsStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The settings the console remembers: the base URL always, the token only when the reader asked. */
export interface Settings {
  /** The base URL (default `DEFAULT_BASE_URL`). */
  readonly baseUrl: string;
  /** The remembered token, `""` when none is remembered. */
  readonly token: string;
}

/** Reads the settings; a storage that throws (a blocked `localStorage`) gives the defaults. */
export function loadSettings(storage: SettingsStorage | undefined): Settings {
  try {
    return {
      baseUrl: storage?.getItem(STORAGE_KEYS.baseUrl) || DEFAULT_BASE_URL,
      token: storage?.getItem(STORAGE_KEYS.token) ?? "",
    };
  } catch {
    return { baseUrl: DEFAULT_BASE_URL, token: "" };
  }
}

/** Remembers the base URL; the token only when `remember` is true (otherwise any stored token is erased). */
export function saveSettings(
  storage: SettingsStorage | undefined,
  settings: { baseUrl: string; token: string; remember: boolean },
): void {
  try {
    storage?.setItem(STORAGE_KEYS.baseUrl, settings.baseUrl);
    if (settings.remember && settings.token) storage?.setItem(STORAGE_KEYS.token, settings.token);
    else storage?.removeItem(STORAGE_KEYS.token);
  } catch {
    // storage blocked (private mode, file:// policy): nothing is remembered
  }
}

/** A body as the reader should read it: JSON pretty-printed, anything else as received. */
function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
