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

/** A per-process random tag: the marker of a decimal string cannot be guessed by any other string of a body. */
const tag = Array.from(globalThis.crypto.getRandomValues(new Uint32Array(2)), (n) =>
  n.toString(36),
).join("");
/** What a decimal string is replaced by before JSON.stringify: NUL (escaped in the output), the tag, the digits. */
const MARK = `\u0000decimal-${tag}:`;
/** The marker as JSON.stringify writes it, quotes included, around the digits. */
const MARKED = new RegExp(`"\\\\u0000decimal-${tag}:(-?[0-9]+(?:\\.[0-9]+)?)"`, "g");

/**
 * The JSON text of `body` where each decimal field (at `paths`, `*` for every array item) given as a string is a
 * JSON number with exactly those digits. The string must already be validated as a decimal. The body is copied
 * only along the way to a decimal string; without one, this is JSON.stringify(body).
 */
export function stringifyWithDecimals(
  body: unknown,
  paths: readonly (readonly string[])[],
): string {
  let marked = body;
  let count = 0;
  for (const path of paths) {
    marked = markAt(marked, path, 0, () => count++);
  }
  const json = JSON.stringify(marked);
  return count === 0 ? json : json.replace(MARKED, "$1");
}

/** `node` with the decimal strings at `path` (from segment `i`) replaced by markers, copied on write. */
function markAt(node: unknown, path: readonly string[], i: number, onMark: () => void): unknown {
  if (i === path.length) {
    if (typeof node !== "string") return node;
    onMark();
    return MARK + node;
  }
  if (node === null || typeof node !== "object") return node;
  const segment = path[i] as string;
  if (segment === "*") {
    if (!Array.isArray(node)) return node;
    let copy: unknown[] | undefined;
    for (let index = 0; index < node.length; index++) {
      const next = markAt(node[index], path, i + 1, onMark);
      if (next !== node[index]) {
        copy ??= node.slice();
        copy[index] = next;
      }
    }
    return copy ?? node;
  }
  const record = node as Record<string, unknown>;
  const next = markAt(record[segment], path, i + 1, onMark);
  return next === record[segment] ? node : { ...record, [segment]: next };
}
