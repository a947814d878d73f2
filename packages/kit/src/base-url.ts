// The one base-URL check: the client (`createMerchantPaymentsClient`, `createRawClient`), verify (`--base-url`) and
// the docs console share its rules. Dependency-free and runtime-neutral (`@merchant-payments/kit/base-url`): the
// client and the console bundle it.
//
// The same everywhere: a non-empty string; no whitespace or control character anywhere (URL would silently strip
// it); an absolute URL; http: or https:; no credentials (the token is sent as a header); no fragment (a "#" would
// silently drop the path after it); trailing slashes of the path dropped.
// The differences, by option: the client keeps a query (sent after each operation's path, `query: "keep"`); verify
// and the console refuse one (`query: "refuse"`, the default). The console trims what the reader typed before
// checking (a text field); the client and verify take the value as given.

/** A checked base URL: what goes before each operation's path, and the query that goes after it. */
export interface BaseUrl {
  /** Origin and path, without trailing slashes, e.g. `https://api.example.com/sandbox/v1`. */
  readonly prefix: string;
  /** The base URL's query (`?tenant=a`), or `""`; always `""` with `query: "refuse"`. */
  readonly query: string;
}

/** The outcome of {@link checkBaseUrl}: the base URL, or the rule it breaks. */
export type BaseUrlCheck =
  | ({ readonly ok: true } & BaseUrl)
  | {
      readonly ok: false;
      /** The rule broken, to follow "baseUrl" or "--base-url", e.g. `must start with http:// or https://`. */
      readonly problem: string;
    };

/** Options of {@link checkBaseUrl}. */
export interface BaseUrlRules {
  /** A query in the base URL: kept (the client) or refused (verify, the console). Default "refuse". */
  readonly query?: "keep" | "refuse";
}

/** Checks `value` as a base URL (see the module's rules); never throws. */
export function checkBaseUrl(value: unknown, rules: BaseUrlRules = {}): BaseUrlCheck {
  const broken = (problem: string): BaseUrlCheck => ({ ok: false, problem });
  if (typeof value !== "string" || value === "") return broken("is required");
  if (/[^\x21-\x7e\u0080-\uffff]/.test(value))
    return broken("must not contain whitespace or control characters");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return broken("must be an absolute URL");
  }
  const { protocol, username, password, origin, pathname, search } = url;
  if (protocol !== "https:" && protocol !== "http:")
    return broken("must start with http:// or https://");
  if (username || password) return broken("must not hold credentials (use token)");
  if (value.includes("#")) return broken("must not hold a fragment (#...)");
  if (search && rules.query !== "keep") return broken("must not hold a query (?...)");
  return { ok: true, prefix: origin + pathname.replace(/\/+$/, ""), query: search };
}
