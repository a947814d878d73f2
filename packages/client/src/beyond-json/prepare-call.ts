// A call of an operation beyond a JSON body: its argument split and checked, its body encoded, and how each attempt is
// made (URL, headers, credentials).

import type { OperationInfo } from "../generated/operation-table.js";
import type { Issue, Validator } from "../generated/validators.js";
import type { ResolvedOptions } from "../options.js";
import { splitArguments, unknownArguments } from "./arguments.js";
import { encodeBody } from "./body-encoding.js";
import { placeCredentials, securityFor } from "./credentials.js";
import { kit } from "./kit.js";
import { headerParameters, urlOf } from "./parameters.js";

/** What one attempt of a call beyond a JSON body sends: URL, headers, the credential to redact, headers for a log line. */
export interface AttemptParts {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly secret: string | undefined;
  /** The headers with API keys as "***" (Authorization is masked by the log lines), when they differ. */
  readonly logged: Record<string, string> | undefined;
}

/**
 * Prepares a call of an operation beyond a JSON object body: splits the argument into parameters and body, checks
 * both (an unknown argument, a parameter and a body field each named in the RequestValidationError; nothing is sent),
 * encodes the body in its media type, and returns how each attempt is made (credentials fetched per attempt, like the
 * token).
 */
export async function prepareCall(
  resolved: ResolvedOptions,
  op: string,
  info: OperationInfo,
  input: unknown,
  issues: Issue[],
  stringify: (value: unknown) => Promise<string>,
): Promise<{
  body: string | Uint8Array | undefined;
  bytes: boolean;
  attempt: (
    language: string | undefined,
    callHeaders: Readonly<Record<string, string>>,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ) => Promise<AttemptParts>;
}> {
  const decimalStrings = resolved.decimals === "string";
  const security = securityFor(resolved, op, info);
  const split = splitArguments(info, input);
  for (const name of unknownArguments(info, input)) {
    issues.push({ path: `/${name}`, message: "is not a parameter of this operation" });
  }
  kit.parameterValidators[op]?.(split.params, issues, decimalStrings);
  const kind = info.body?.kind ?? "json";
  const given =
    kind === "json" && split.body !== undefined
      ? await kit.wireBody(info, split.body, issues)
      : split.body;
  const validate = (kit.validators as Record<string, Validator | undefined>)[op];
  if (info.body === undefined || info.body.spread) {
    if (given !== undefined) validate?.(given, issues, decimalStrings);
  } else if (info.body.kind !== "none") {
    validate?.({ body: given }, issues, decimalStrings);
  }
  if (issues.length > 0) throw new kit.RequestValidationError(issues);
  const encoded = await encodeBody(info.body, given, stringify);
  const url = urlOf(resolved.baseUrl, info, split.params);
  const parameterHeaders = headerParameters(info, split.params);
  const bodyObject = (given ?? {}) as Record<string, unknown>;
  return {
    body: encoded.body,
    bytes: Object.values(info.answers ?? {}).some((a) => a.kind === "blob"),
    async attempt(language, callHeaders, timeoutMs, signal) {
      // Header parameters come before the caller's headers; Content-Type only with a body; the credentials of the
      // operation's security alternative last.
      const headers: Record<string, string> = {
        accept: info.accept,
        "accept-language": resolved.acceptLanguage,
        ...parameterHeaders,
        ...resolved.defaultHeaders,
        ...callHeaders,
      };
      if (encoded.contentType !== undefined) headers["content-type"] = encoded.contentType;
      if (language !== undefined) headers["accept-language"] = language;
      for (const [name, prop] of info.derivedHeaders) headers[name] = String(bodyObject[prop]);
      const credentials = await placeCredentials(resolved, security, timeoutMs, signal);
      Object.assign(headers, credentials.headers);
      const { query, secret, keyHeaders, cookies } = credentials;
      if (cookies.length > 0) {
        // An API key in a cookie joins the cookie parameters; the whole Cookie header is masked in log lines.
        headers.cookie = [parameterHeaders.cookie, ...cookies].filter(Boolean).join("; ");
        keyHeaders.push("cookie");
      }
      let logged: Record<string, string> | undefined;
      if (keyHeaders.length > 0) {
        logged = { ...headers };
        for (const name of keyHeaders) logged[name] = "***";
      }
      return {
        url: query.length > 0 ? urlOf(resolved.baseUrl, info, split.params, query) : url,
        headers,
        secret,
        logged,
      };
    },
  };
}
