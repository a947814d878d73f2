// Decimal fields (the spec's `format: decimal`) as exact text: the `decimals: "string"` option.
// Answers: the raw number text of each decimal field is quoted before JSON.parse, so "100.10" stays "100.10"; the
// same quoting keeps every digit of the integer-or-string fields below an answer's top level (in any decimals mode).
// Requests: a decimal given as a string is written to the wire as a JSON number with exactly those digits.
// All are driven by the field paths generated from the spec, at any depth (json-paths.ts).

import { rewriteAt } from "./json-paths.js";

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

/** A number token of JSON text: its digits, sign, fraction and exponent. */
const NUMBER_TOKEN = /^-?\d/;
/** A quoted decimal text as the validators accept it: `"100.10"`, `"-0.5"`. */
const DECIMAL_TEXT = /^"-?\d+(?:\.\d+)?"$/;

/**
 * The JSON text with every number at `paths` (property names, `*` every array item, `{}` every map value) turned
 * into a string of its exact text (`"amountSent": 100.10` becomes `"amountSent": "100.10"`), so JSON.parse keeps
 * every digit, at any depth.
 */
export function quoteNumbersAt(text: string, paths: readonly (readonly string[])[]): string {
  return rewriteAt(text, paths, (token) => (NUMBER_TOKEN.test(token) ? `"${token}"` : token));
}

/**
 * The JSON text of `body` where each decimal field (at `paths`) given as a string is a JSON number with exactly those
 * digits (`"100.10"` is written `100.10`), at any depth. The strings must already be validated as decimals.
 */
export function stringifyWithDecimals(
  body: unknown,
  paths: readonly (readonly string[])[],
): string {
  const json = JSON.stringify(body);
  if (!paths.some((path) => hasStringAt(body, path, 0))) return json;
  return rewriteAt(json, paths, (token) => (DECIMAL_TEXT.test(token) ? token.slice(1, -1) : token));
}

/** True when a string sits at `path` (from segment `i`; `*` is every item of an array, `{}` every value of a map). */
function hasStringAt(node: unknown, path: readonly string[], i: number): boolean {
  if (i === path.length) return typeof node === "string";
  if (node === null || typeof node !== "object") return false;
  const segment = path[i] as string;
  if (segment === "*" || segment === "{}") {
    if (Array.isArray(node) !== (segment === "*")) return false;
    for (const item of Object.values(node)) if (hasStringAt(item, path, i + 1)) return true;
    return false;
  }
  return hasStringAt((node as Record<string, unknown>)[segment], path, i + 1);
}
