/** What replaces the access token, or a fragment of it, in anything shown to the user. */
export const REDACTED = "[redacted]";

/** The shortest token accepted: a shorter one is not a real credential, and redacting it would mangle messages. */
export const MIN_TOKEN_LENGTH = 8;

/** Shortest run of the token's characters treated as a partial echo of it. */
export const MIN_FRAGMENT_LENGTH = 8;

/**
 * `text` with the access token a server may echo back replaced by "[redacted]": the whole token, and any run of at least
 * {@link MIN_FRAGMENT_LENGTH} consecutive characters of it (a truncated or partial echo).
 */
export function redact(text: string, secret: string | undefined): string {
  if (!secret || text.length === 0) return text;
  const whole = text.includes(secret) ? text.split(secret).join(REDACTED) : text;
  return secret.length > MIN_FRAGMENT_LENGTH ? redactFragments(whole, secret) : whole;
}

/** The token's windows of MIN_FRAGMENT_LENGTH characters and its character codes, for the last token seen. */
let cached: { secret: string; windows: Set<string>; codes: Set<number> } | undefined;

function windowsOf(secret: string): { windows: Set<string>; codes: Set<number> } {
  if (cached?.secret !== secret) {
    const windows = new Set<string>();
    const codes = new Set<number>();
    for (let i = 0; i + MIN_FRAGMENT_LENGTH <= secret.length; i++) {
      windows.add(secret.slice(i, i + MIN_FRAGMENT_LENGTH));
    }
    for (let i = 0; i < secret.length; i++) codes.add(secret.charCodeAt(i));
    cached = { secret, windows, codes };
  }
  return cached;
}

/**
 * Replaces every run of at least MIN_FRAGMENT_LENGTH characters that also occurs in `secret`, longest first. Linear in
 * the text: a character the token does not hold cannot be inside a window, so the scan jumps past it.
 */
function redactFragments(text: string, secret: string): string {
  const width = MIN_FRAGMENT_LENGTH;
  if (text.length < width) return text;
  const { windows, codes } = windowsOf(secret);
  let out = "";
  let kept = 0;
  for (let i = 0; i + width <= text.length; ) {
    const last = i + width - 1;
    if (!codes.has(text.charCodeAt(last))) {
      i = last + 1;
      continue;
    }
    if (!windows.has(text.slice(i, i + width))) {
      i++;
      continue;
    }
    let end = i + width;
    while (end < text.length && secret.includes(text.slice(i, end + 1))) end++;
    out += text.slice(kept, i) + REDACTED;
    kept = end;
    i = end;
  }
  return kept === 0 ? text : out + text.slice(kept);
}

/** Deepest level of an error's `cause`/property graph that is copied; anything deeper is replaced by "[omitted]". */
const MAX_DEPTH = 8;

/**
 * `value` (typically the `cause` of a network error, which a custom fetch may fill with the request headers) with the
 * token redacted from every string in it, including an Error's message, stack, cause and errors, and Headers; the value
 * itself when nothing in it holds the token, else a copy (an Error keeps its prototype, so it still prints as one).
 */
export function redactDeep(value: unknown, secret: string | undefined): unknown {
  return secret ? scrub(value, secret, 0, new Map()) : value;
}

function scrub(value: unknown, secret: string, depth: number, seen: Map<object, unknown>): unknown {
  if (typeof value === "string") return redact(value, secret);
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) return seen.get(value);
  if (depth > MAX_DEPTH) return "[omitted]";
  seen.set(value, value);
  if (typeof Headers !== "undefined" && value instanceof Headers) {
    // Headers keep their entries out of reach of a copy: a redacted one is a plain object of them.
    const plain = Object.fromEntries(value);
    const copy = scrub(plain, secret, depth + 1, seen);
    const result = copy === plain ? value : copy;
    seen.set(value, result);
    return result;
  }
  const source = value as Record<string, unknown>;
  // An Error's own message, stack, cause and errors are not enumerable: every own property of it is scrubbed.
  const keys = value instanceof Error ? Object.getOwnPropertyNames(value) : Object.keys(source);
  let changed = false;
  const values = keys.map((key) => {
    const before = source[key];
    const after = scrub(before, secret, depth + 1, seen);
    if (after !== before) changed = true;
    return after;
  });
  if (!changed) return value;
  const copy: Record<string, unknown> = Array.isArray(value)
    ? []
    : Object.create(Object.getPrototypeOf(value));
  keys.forEach((key, i) => {
    const enumerable = Object.prototype.propertyIsEnumerable.call(value, key);
    Object.defineProperty(copy, key, {
      value: values[i],
      enumerable,
      writable: true,
      configurable: true,
    });
  });
  seen.set(value, copy);
  return copy;
}
