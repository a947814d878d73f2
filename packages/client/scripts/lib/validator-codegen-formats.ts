// The `format` values the generated validators assert, and how: the spec model's Ajv (ajv-formats, full mode) asserts
// every format ajv-formats knows, so the generated code asserts the same ones the same way; a format neither knows is
// an annotation (JSON Schema 2020-12), and one Ajv asserts but the client cannot check stops the generation.
import { fullFormats } from "ajv-formats/dist/formats.js";

/** Each format checked by a function of src/: the function the generated code calls and the module exporting it. */
export const FORMAT_FUNCTIONS: Readonly<Record<string, { name: string; module: string }>> = {
  date: { name: "isDate", module: "formats.js" },
  email: { name: "isEmail", module: "formats.js" },
  uuid: { name: "isUuid", module: "formats.js" },
  "date-time": { name: "isDateTime", module: "date-time.js" },
  uri: { name: "isUri", module: "uri.js" },
};

/** What the failing message says a value of each function-checked format must be. */
const FORMAT_WORDS: Readonly<Record<string, string>> = {
  date: 'a calendar date "YYYY-MM-DD"',
  email: "an e-mail address",
  uuid: "a UUID",
  "date-time": "an ISO 8601 date-time",
  uri: "an absolute URI",
};

/** An inline number format's check: the test, the message's words, and when the schema's own keywords imply it. */
interface NumberFormat {
  readonly test: (v: string) => string;
  readonly words: string;
  readonly impliedBy: (schema: { [keyword: string]: unknown }) => boolean;
}

/** True when the schema accepts integers only, all within [low, high] by its bounds. */
const integerWithin =
  (low: number, high: number) =>
  (schema: { [keyword: string]: unknown }): boolean => {
    const atLeast = [schema.minimum, schema.exclusiveMinimum].filter((n) => typeof n === "number");
    const atMost = [schema.maximum, schema.exclusiveMaximum].filter((n) => typeof n === "number");
    return (
      schema.type === "integer" &&
      (low === -Infinity || atLeast.some((n) => n >= low)) &&
      (high === Infinity || atMost.some((n) => n <= high))
    );
  };

/** Number formats asserted by an inline test (ajv-formats' int32 and int64), with the message's words. */
const NUMBER_FORMATS: Readonly<Record<string, NumberFormat>> = {
  int32: {
    test: (v) => `(Number.isInteger(${v}) && ${v} <= 2147483647 && ${v} >= -2147483648)`,
    words: "a 32-bit integer",
    impliedBy: integerWithin(-2147483648, 2147483647),
  },
  int64: {
    test: (v) => `Number.isInteger(${v})`,
    words: "an integer",
    impliedBy: integerWithin(-Infinity, Infinity),
  },
};

/**
 * Formats every value of its type passes in Ajv too (ajv-formats' float, double, password, binary), and the spec's
 * own `decimal` (its text form is checked where `format: decimal` is emitted): annotations here.
 */
const PASSING_FORMATS: ReadonlySet<string> = new Set([
  "float",
  "double",
  "password",
  "binary",
  "decimal",
]);

/** How the generated code asserts one format. */
export type FormatCheck =
  | { readonly kind: "function"; readonly name: string; readonly words: string }
  | { readonly kind: "regex"; readonly source: string; readonly flags: string }
  | ({ readonly kind: "number" } & NumberFormat)
  | { readonly kind: "annotation" };

/** ajv-formats' formats by name (full mode, as the spec model's Ajv registers them). */
const ajvFormats = fullFormats as Record<string, unknown>;

/** How `format` is asserted; throws on a format Ajv asserts with a function the generated code cannot run. */
export function formatCheck(format: string): FormatCheck {
  const fn = FORMAT_FUNCTIONS[format];
  if (fn) return { kind: "function", name: fn.name, words: FORMAT_WORDS[format] ?? format };
  const number = NUMBER_FORMATS[format];
  if (number) return { kind: "number", ...number };
  if (PASSING_FORMATS.has(format) || !(format in ajvFormats)) return { kind: "annotation" };
  const known = ajvFormats[format];
  if (known instanceof RegExp) return { kind: "regex", source: known.source, flags: known.flags };
  throw new Error(`Unsupported format "${format}"`);
}
