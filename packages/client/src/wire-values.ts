// Values the spec lets a caller or the service give in another form, brought to the one the other side expects:
// `x-accepts-integer` request fields (a number is sent as a string) and `x-normalize-to-object` answers
// (a bare value is handed over in the object form). Which fields and answers comes from the generated table.
import { escapePointer } from "@merchant-payments/spec/json-pointer";
import type { Issue } from "./generated/validators.js";

const UNSAFE_INTEGER =
  "must be a whole number from -(2^53 - 1) to 2^53 - 1 when given as a number (pass a bigger id as a string)";

/**
 * The body with the number at each of `paths` replaced by the string of its digits, copied only along the way to
 * such a number. A number that is not a safe integer has already lost digits (it would name another record): it
 * is also reported in `issues`, so the request is not sent.
 */
export function withIntegerStrings<T>(
  body: T,
  paths: readonly (readonly string[])[],
  issues: Issue[],
): T {
  return replaceAtPaths(body, paths, (value, path) => {
    if (typeof value !== "number") return value;
    if (!Number.isSafeInteger(value)) {
      issues.push({ path: `/${path.map(escapePointer).join("/")}`, message: UNSAFE_INTEGER });
    }
    return String(value);
  });
}

/**
 * `body` with the value at each of `paths` (property names) replaced by `change(value, path)`, copying only the objects
 * on the way to a value that changes; `body` itself when nothing changes (a path that does not exist changes nothing).
 */
export function replaceAtPaths<T>(
  body: T,
  paths: readonly (readonly string[])[],
  change: (value: unknown, path: readonly string[]) => unknown,
): T {
  const replace = (node: unknown, path: readonly string[], i: number): unknown => {
    if (node === null || typeof node !== "object") return node;
    const key = path[i] as string;
    const value = (node as Record<string, unknown>)[key];
    const next = i < path.length - 1 ? replace(value, path, i + 1) : change(value, path);
    return next === value ? node : { ...node, [key]: next };
  };
  return paths.reduce((out, path) => replace(out, path, 0) as T, body);
}

/** Marks a text that is not JSON (see `readJson`). */
export const NOT_JSON: unique symbol = Symbol("not JSON");

/** The parsed JSON text, or NOT_JSON when it is not JSON (e.g. a plain-text confirmation). */
export function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/**
 * An answer in its object form: `{ [property]: "…" }` as sent; a bare JSON string, or any other JSON value, as
 * `{ [property]: text }`. `data` is the parsed text (the client refuses a text that is not JSON before this).
 */
export function toObjectForm(data: unknown, text: string, property: string): unknown {
  if (typeof data === "string") return { [property]: data };
  if (
    data !== null &&
    typeof data === "object" &&
    typeof (data as Record<string, unknown>)[property] === "string"
  ) {
    return data;
  }
  return { [property]: text };
}
