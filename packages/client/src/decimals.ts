// Decimal fields (the spec's `format: decimal`) as exact text: the `decimals: "string"` option.
// Answers: the raw number text of each decimal field is quoted before JSON.parse, so "100.10" stays "100.10".
// Requests: a decimal given as a string is written to the wire as a JSON number with exactly those digits.
// Both are driven by the field paths generated from the spec; the default ("number") path never comes here.

/** How decimal fields are handed over: `"number"` (JS numbers, the default) or `"string"` (their exact text). */
export type DecimalMode = "number" | "string";

/** A decimal in an answer: `number`, or with `decimals: "string"` its exact text, e.g. `"12345678901234567.89"`. */
export type DecimalValue<Decimals extends DecimalMode = "number"> = Decimals extends "string"
  ? string
  : number;

/** A decimal in a request: a number, and with `decimals: "string"` also its exact text, e.g. `"100.10"`. */
export type DecimalInput<Decimals extends DecimalMode = "number"> = Decimals extends "string"
  ? string | number
  : number;

const keyPatterns = new Map<readonly string[], RegExp>();

/**
 * A key of `keys`, then its number: `"amountSent" : 100.10`. In valid JSON the text `"key"` (two unescaped quotes
 * around the name) only occurs as a key: inside a string every quote is escaped, so no string content matches.
 */
function keyPattern(keys: readonly string[]): RegExp {
  let pattern = keyPatterns.get(keys);
  if (!pattern) {
    const names = keys.map((key) => JSON.stringify(key).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    pattern = new RegExp(
      `((?:${names.join("|")})\\s*:\\s*)(-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)`,
      "g",
    );
    keyPatterns.set(keys, pattern);
  }
  return pattern;
}

/**
 * The JSON text with the number of every property named in `keys` turned into a string of its exact text
 * (`"amountSent": 100.10` becomes `"amountSent": "100.10"`), so JSON.parse keeps every digit.
 */
export function quoteDecimalFields(text: string, keys: readonly string[]): string {
  if (keys.length === 0) return text;
  return text.replace(keyPattern(keys), '$1"$2"');
}

const unquotePatterns = new Map<readonly (readonly string[])[], RegExp>();

/** A decimal key (the last name of each path), then a quoted decimal text: `"transactionAmount":"100.10"`. */
function unquotePattern(paths: readonly (readonly string[])[]): RegExp {
  let pattern = unquotePatterns.get(paths);
  if (!pattern) {
    const names = [...new Set(paths.map((path) => path[path.length - 1] as string))].map((key) =>
      JSON.stringify(key).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    );
    pattern = new RegExp(`((?:${names.join("|")}):)"(-?\\d+(?:\\.\\d+)?)"`, "g");
    unquotePatterns.set(paths, pattern);
  }
  return pattern;
}

/**
 * The JSON text of `body` where each decimal field (at `paths`, `*` for every array item) given as a string is a
 * JSON number with exactly those digits (`"100.10"` is written `100.10`). The strings must already be validated as
 * decimals. The generator guarantees that the last name of each path is a decimal wherever the request schema
 * declares it, so the text is rewritten by key, without copying the body; without a decimal string this is
 * JSON.stringify(body).
 */
export function stringifyWithDecimals(
  body: unknown,
  paths: readonly (readonly string[])[],
): string {
  const json = JSON.stringify(body);
  return paths.some((path) => hasStringAt(body, path, 0))
    ? json.replace(unquotePattern(paths), "$1$2")
    : json;
}

/** True when a string sits at `path` (from segment `i`; `*` is every item of an array). */
function hasStringAt(node: unknown, path: readonly string[], i: number): boolean {
  if (i === path.length) return typeof node === "string";
  if (node === null || typeof node !== "object") return false;
  const segment = path[i] as string;
  if (segment !== "*") return hasStringAt((node as Record<string, unknown>)[segment], path, i + 1);
  if (!Array.isArray(node)) return false;
  for (const item of node) if (hasStringAt(item, path, i + 1)) return true;
  return false;
}
