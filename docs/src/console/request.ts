// The pure part of the Try-it console: what to send for an operation, whether it may be sent, and how to show it.
// No DOM, no network: every function here is unit-tested on its own.
import { checkBaseUrl } from "@merchant-payments/spec/base-url";
import { type OperationSpec, type SpecAjv, sideEffectOf } from "@merchant-payments/spec/model";

/** Where the console sends requests unless the reader says otherwise: the local mock (`pnpm mock`). */
export const DEFAULT_BASE_URL = "http://127.0.0.1:4010";

/** The `Accept` header every console request carries: the success bodies and the problem bodies of the spec. */
export const ACCEPT = "application/json, application/problem+json";

/** How long the console waits for an answer before it gives up, in milliseconds. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** What the shell line shows instead of the token. */
export const MASKED_TOKEN = "$MERCHANT_PAYMENTS_TOKEN";

/** One problem found in a request before sending: JSON Pointer into the body (`""` for the whole body) and what. */
export interface RequestProblem {
  /** JSON Pointer of the offending value, e.g. `/merchantAccountNumber`; `""` for the body as a whole. */
  readonly path: string;
  /** What is wrong, e.g. `must be >= 10000000`. */
  readonly message: string;
}

/** The outcome of checking the body text the reader typed. */
export type CheckedBody =
  | { readonly ok: true; readonly body: unknown; readonly problems: readonly [] }
  | { readonly ok: false; readonly body?: unknown; readonly problems: readonly RequestProblem[] };

/** A request ready for `fetch`, and for the curl line. */
export interface PreparedRequest {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Absolute URL: the base URL (without a trailing slash) and the operation's path. */
  readonly url: string;
  /** Headers in the order they are sent; the token is only ever in `Authorization`. */
  readonly headers: readonly (readonly [string, string])[];
  /** The JSON body as sent (compact). */
  readonly body: string;
}

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
  const problems = specAjv
    .issuesAt(op.request.schemaPointer, body)
    .map((issue) => ({ path: issue.path, message: issue.message }));
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
 * The base URL as typed, trimmed, checked by the workspace's one rule set (`@merchant-payments/spec/base-url`: http or
 * https, absolute, no credentials, no fragment; a query refused, as the operation's path is appended) and without
 * trailing slashes; throws a readable error naming the rule broken.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  const base = checkBaseUrl(baseUrl.trim());
  if (!base.ok) throw new Error(`base URL ${base.problem} (e.g. ${DEFAULT_BASE_URL})`);
  return base.prefix;
}

/** The request the console sends for `op` with `body` (already checked): URL, headers in order, compact body. */
export function prepareRequest(
  op: OperationSpec,
  options: { baseUrl: string; token: string; acceptLanguage: string; body: unknown },
): PreparedRequest {
  const headers: [string, string][] = [
    ["Content-Type", "application/json"],
    ["Accept", ACCEPT],
  ];
  if (options.token) headers.push(["Authorization", `Bearer ${options.token}`]);
  if (options.acceptLanguage.trim() && takesAcceptLanguage(op))
    headers.push(["Accept-Language", options.acceptLanguage.trim()]);
  headers.push(...derivedHeaders(op, options.body));
  return {
    method: op.method,
    url: `${normalizeBaseUrl(options.baseUrl)}${op.path}`,
    headers,
    body: JSON.stringify(options.body),
  };
}

/** Quotes a word for a POSIX shell (single quotes). */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The curl command line for exactly what `request` sends, the token replaced by `$MERCHANT_PAYMENTS_TOKEN` (so the
 * line runs once that variable is set, and never shows the token).
 */
export function curlLine(request: PreparedRequest): string {
  const parts = ["curl", "--request", request.method, shellQuote(request.url)];
  for (const [name, value] of request.headers) {
    parts.push(
      "--header",
      name.toLowerCase() === "authorization"
        ? `"Authorization: Bearer ${MASKED_TOKEN}"`
        : shellQuote(`${name}: ${value}`),
    );
  }
  parts.push("--data", shellQuote(request.body));
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
export function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
