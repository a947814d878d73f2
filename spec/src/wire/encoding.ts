// Text on the wire: one value's text, percent-encoding as RFC 3986 asks (only unreserved characters kept), and the
// decodings a server applies per place (path and cookie: percent-escapes; query: `+` as a space too; header: none).

/** A scalar's text: a string as is, numbers and booleans as JSON writes them, null as `""`, anything else as JSON. */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Percent-encodes everything but RFC 3986's unreserved characters (`A-Z a-z 0-9 - . _ ~`): a space is `%20`. */
export function encodeText(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Leaves text as is (a header value is not percent-encoded). */
export const asIs = (text: string): string => text;

/** Percent-escapes decoded (a path segment, a cookie value); undefined for a broken escape. */
export function decodeText(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** `+` and percent-escapes decoded (a query's form encoding); undefined for a broken escape. */
export function decodeQueryText(text: string): string | undefined {
  return decodeText(text.replace(/\+/g, " "));
}

/** A header value as read: surrounding whitespace dropped (HTTP's optional whitespace), nothing decoded. */
export const trimmed = (text: string): string => text.trim();

/** The raw query (without `?`) as pairs: names decoded, values still encoded (an encoded delimiter stays data). */
export function queryPairs(search: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of search.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const name = decodeQueryText(eq < 0 ? part : part.slice(0, eq));
    if (name !== undefined) pairs.push([name, eq < 0 ? "" : part.slice(eq + 1)]);
  }
  return pairs;
}
