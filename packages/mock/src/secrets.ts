// Secrets out of everything the proxy and verify print or write: the access token a server may echo back, whole or
// in fragments (a truncated echo, or a V8 JSON parse message quoting a few characters of it).

/** What replaces the token, or a fragment of it. */
export const REDACTED = "[redacted]";

/** Shortest run of the token's characters treated as an echo of it. */
export const MIN_FRAGMENT_LENGTH = 8;

/** The Bearer token of an Authorization header value; undefined when there is none. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^\s*bearer\s+(\S+)/i.exec(authorization ?? "");
  return match?.[1];
}

/**
 * `text` with `secret` and every run of at least MIN_FRAGMENT_LENGTH consecutive characters of it replaced by
 * "[redacted]". Linear in the text: a character the token does not hold cannot be inside a fragment.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || text.length === 0) return text;
  const whole = text.includes(secret) ? text.split(secret).join(REDACTED) : text;
  const width = MIN_FRAGMENT_LENGTH;
  if (secret.length <= width || whole.length < width) return whole;
  const codes = new Set<number>();
  for (let i = 0; i < secret.length; i++) codes.add(secret.charCodeAt(i));
  const windows = new Set<string>();
  for (let i = 0; i + width <= secret.length; i++) windows.add(secret.slice(i, i + width));
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
