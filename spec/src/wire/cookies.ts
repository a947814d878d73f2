// The Cookie header both ways: a cookie written (`name=value` pairs joined by "; ") and read back into pairs.
//
// The encoding of a cookie value, decided once for every package: RFC 6265 (4.1.1) allows only `cookie-octet`s
// (US-ASCII but controls, space, `"`, `,`, `;` and `\`) in a value. Every other character, and `%` itself (so that
// the reader's percent-decoding gives back what was written), is percent-encoded as its UTF-8 bytes; every allowed
// octet goes as is. A base64 API key (`A-Z a-z 0-9 + / =`) is therefore sent byte for byte. A cookie name is a token
// of RFC 9110: it is written with `encodeText` (RFC 3986 unreserved characters kept).
import { decodeText, encodeText } from "./encoding.js";

/** One character RFC 6265 does not allow in a cookie value, or `%` (always encoded, for a reversible decoding). */
const NOT_COOKIE_OCTET = /[^\x21\x23-\x24\x26-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]/gu;

/** A cookie value as sent: every character outside RFC 6265's cookie-octets, and `%`, percent-encoded (UTF-8). */
export function encodeCookieValue(text: string): string {
  // Every character matched is one encodeURIComponent encodes (controls, space, `"`, `,`, `;`, `\`, `%`, non-ASCII).
  return text.replace(NOT_COOKIE_OCTET, encodeURIComponent);
}

/** One `name=value` cookie pair as sent: the name as a token (`encodeText`), the value by `encodeCookieValue`. */
export function cookiePair(name: string, value: string): string {
  return `${encodeText(name)}=${encodeCookieValue(value)}`;
}

/** The Cookie header of pairs already written (`cookiePair`, a cookie parameter's pieces): joined by "; ". */
export function cookieHeader(pairs: readonly string[]): string | undefined {
  const given = pairs.filter((pair) => pair !== "");
  return given.length > 0 ? given.join("; ") : undefined;
}

/** A Cookie header as name/value pairs: names decoded, values as sent (still encoded); a pair without a name skipped. */
export function cookiePairs(header: string | readonly string[] | undefined): [string, string][] {
  const pairs: [string, string][] = [];
  const text = typeof header === "string" ? header : (header ?? []).join("; ");
  for (const part of text.split(";")) {
    const eq = part.indexOf("=");
    const name = eq > 0 ? decodeText(part.slice(0, eq).trim()) : undefined;
    if (name) pairs.push([name, part.slice(eq + 1).trim()]);
  }
  return pairs;
}

/** The value of cookie `name` in a Cookie header, decoded (undefined when absent; as sent when badly escaped). */
export function cookieValue(
  header: string | readonly string[] | undefined,
  name: string,
): string | undefined {
  const found = cookiePairs(header).find(([key]) => key === name);
  return found === undefined ? undefined : (decodeText(found[1]) ?? found[1]);
}
