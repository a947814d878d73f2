// The redaction itself is the workspace's one (`redactSecret` of `@merchant-payments/kit/redact`, bundled in): the
// whole token and any run of `MIN_SECRET_FRAGMENT` characters of it; this module adds the client's token rules and
// the deep redaction of errors and headers.
import { redactSecret } from "@merchant-payments/kit/redact";

/** The shortest token accepted: a shorter one is not a real credential, and redacting it would mangle messages. */
export const MIN_TOKEN_LENGTH = 8;

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
  if (typeof value === "string") return redactSecret(value, secret);
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
