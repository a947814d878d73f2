// The one redaction of an access token a server may echo back (whole, or a fragment of it): the client, the proxy
// and verify use it. Dependency-free and runtime-neutral (`@merchant-payments/kit/redact`): the client bundles it.

/** What replaces an access token, or a fragment of it. */
export const REDACTED = "[redacted]";

/** Shortest run of the token's characters treated as an echo of it. */
export const MIN_SECRET_FRAGMENT = 8;

/** The token's windows of MIN_SECRET_FRAGMENT characters and its character codes, for the last token seen. */
let cached: { secret: string; windows: Set<string>; codes: Set<number> } | undefined;

function windowsOf(secret: string): { windows: Set<string>; codes: Set<number> } {
  if (cached?.secret !== secret) {
    const windows = new Set<string>();
    const codes = new Set<number>();
    for (let i = 0; i + MIN_SECRET_FRAGMENT <= secret.length; i++) {
      windows.add(secret.slice(i, i + MIN_SECRET_FRAGMENT));
    }
    for (let i = 0; i < secret.length; i++) codes.add(secret.charCodeAt(i));
    cached = { secret, windows, codes };
  }
  return cached;
}

/**
 * `text` with `secret` and every run of at least MIN_SECRET_FRAGMENT consecutive characters of it replaced by
 * "[redacted]" (a truncated echo, or a JSON parse message quoting a few characters of it); `text` itself when there
 * is no secret. Linear in the text: a character the token does not hold cannot be inside a fragment, so the scan
 * jumps past it.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || text.length === 0) return text;
  const whole = text.includes(secret) ? text.split(secret).join(REDACTED) : text;
  const width = MIN_SECRET_FRAGMENT;
  if (secret.length <= width || whole.length < width) return whole;
  const { windows, codes } = windowsOf(secret);
  let out = "";
  let kept = 0;
  for (let i = 0; i + width <= whole.length; ) {
    const last = i + width - 1;
    if (!codes.has(whole.charCodeAt(last))) {
      i = last + 1;
      continue;
    }
    if (!windows.has(whole.slice(i, i + width))) {
      i++;
      continue;
    }
    let end = i + width;
    while (end < whole.length && secret.includes(whole.slice(i, end + 1))) end++;
    out += whole.slice(kept, i) + REDACTED;
    kept = end;
    i = end;
  }
  return kept === 0 ? whole : out + whole.slice(kept);
}

/** The Bearer token of an Authorization header value; undefined when there is none. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^\s*bearer\s+(\S+)/i.exec(authorization ?? "");
  return match?.[1];
}
