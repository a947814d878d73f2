// What a curl command line asks curl to send, read from its arguments (as the fake curl of `fake-curl.ts` prints
// them): method, URL, headers, cookies, Basic credentials and body options. One parser for every test that runs a
// curl sample or a console's curl line, so that each curl option the samples use is understood once.
import type { SecuritySchemeSpec } from "@merchant-payments/spec/model";
import { credentialKind } from "@merchant-payments/spec/wire";

/** The request a curl command line describes. */
export interface CurlCall {
  /** The method curl sends (its own rules: `--request`, else `--head`, else GET with `--get` or no body, else POST). */
  method: string;
  /** The URL, with the `--get` data appended to its query. */
  url: URL;
  /** The headers given with `--header`, by lower-case name (the last one of a name wins). */
  headers: Map<string, string>;
  /** The cookies sent, by name: those of a `Cookie` header and of `--cookie name=value;…`. */
  cookies: Map<string, string>;
  /** The `user:password` of `--user`, sent as HTTP Basic; undefined without it. */
  user: string | undefined;
  /** The options that send a body (`--data*`, `--form*`) with their values, in order (none with `--get`). */
  bodyOptions: [string, string][];
}

/** curl options the samples use that take a value (besides those that send a body). */
const VALUE_OPTIONS = new Set([
  "--request",
  "-X",
  "--header",
  "-H",
  "--output",
  "-o",
  "--user",
  "-u",
  "--cookie",
  "-b",
]);
/** curl options that send a body. */
const BODY_OPTIONS = new Set([
  "--data",
  "-d",
  "--data-raw",
  "--data-binary",
  "--data-urlencode",
  "--form",
  "-F",
  "--form-string",
]);
/** curl options without a value that the samples use. */
const FLAGS = new Set(["--get", "-G", "--head", "-I"]);

/** The `name=value` pairs of a Cookie header or a `--cookie` value (`a=1; b=2`), into `cookies`. */
function addCookies(cookies: Map<string, string>, text: string): void {
  for (const pair of text.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0)
      throw new Error(`a cookie without a value: ${pair.trim()} (a cookie file is not a sample's)`);
    cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/**
 * Reads curl's arguments (without `curl` itself) into the request they describe. Throws on an option this parser
 * does not know, an option without its value, no URL or a second URL: a sample using a new option fails loudly.
 */
export function parseCurlArgs(args: readonly string[]): CurlCall {
  const headers = new Map<string, string>();
  const cookies = new Map<string, string>();
  const bodyOptions: [string, string][] = [];
  const flags = new Set<string>();
  let url: string | undefined;
  let request: string | undefined;
  let user: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (VALUE_OPTIONS.has(arg) || BODY_OPTIONS.has(arg)) {
      i += 1;
      const value = args[i];
      if (value === undefined) throw new Error(`${arg} has no value`);
      if (arg === "--request" || arg === "-X") request = value;
      else if (arg === "--user" || arg === "-u") user = value;
      else if (arg === "--cookie" || arg === "-b") addCookies(cookies, value);
      else if (arg === "--header" || arg === "-H") {
        const colon = value.indexOf(":");
        const name = value.slice(0, colon).trim().toLowerCase();
        headers.set(name, value.slice(colon + 1).trim());
        if (name === "cookie") addCookies(cookies, value.slice(colon + 1));
      } else if (BODY_OPTIONS.has(arg)) bodyOptions.push([arg, value]);
    } else if (FLAGS.has(arg)) flags.add(arg);
    else if (arg.startsWith("-"))
      throw new Error(`a curl option this parser does not know: ${arg}`);
    else if (url === undefined) url = arg;
    else throw new Error(`second URL ${arg}`);
  }
  if (url === undefined) throw new Error("no URL");
  const parsed = new URL(url);
  const get = flags.has("--get") || flags.has("-G");
  if (get) {
    for (const [, value] of bodyOptions) {
      const eq = value.indexOf("=");
      parsed.searchParams.append(value.slice(0, eq), value.slice(eq + 1));
    }
  }
  const head = flags.has("--head") || flags.has("-I");
  const method = request ?? (head ? "HEAD" : get || bodyOptions.length === 0 ? "GET" : "POST");
  return { method, url: parsed, headers, cookies, user, bodyOptions: get ? [] : bodyOptions };
}

/**
 * The secret a call sends for a security scheme, as the user gave it (a bearer token, Basic `user:password`, an API
 * key), wherever the scheme puts it; undefined when the call does not send it there.
 */
export function sentCredential(call: CurlCall, scheme: SecuritySchemeSpec): string | undefined {
  const authorization = call.headers.get("authorization");
  switch (credentialKind(scheme)) {
    case "bearer":
      return authorization?.match(/^Bearer (.*)$/)?.[1];
    case "basic": {
      const encoded = authorization?.match(/^Basic (.*)$/)?.[1];
      return call.user ?? (encoded === undefined ? undefined : atob(encoded));
    }
    case "apiKey-header":
      return call.headers.get(scheme.name?.toLowerCase() ?? "");
    case "apiKey-query":
      return call.url.searchParams.get(scheme.name ?? "") ?? undefined;
    case "apiKey-cookie":
      return call.cookies.get(scheme.name ?? "");
    default:
      return undefined;
  }
}
