// Identifiers from the spec's names: any operationId or component name (hyphens, dots, spaces, leading digits,
// reserved words, non-ASCII letters) becomes a stable, valid TypeScript identifier: a camelCase method, a PascalCase
// type. A name that already is one is kept as written. Two names that map to one identifier are refused, naming both.
import { refuse } from "./refusal.js";

/** JavaScript's reserved words and TypeScript's type keywords: never an identifier of their own. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await arguments eval any boolean " +
    "never number object string symbol undefined unknown bigint type keyof infer is asserts readonly declare " +
    "namespace module abstract as async constructor get set of require global satisfies accessor out"
  ).split(" "),
);

/**
 * Type names a generated module uses or imports: a component must not shadow them (`Record`, `Blob`, `Partial`, the
 * client's own types): such a component's type gets the suffix `Schema`.
 */
const TAKEN_TYPE_NAMES = new Set([
  "Array",
  "Blob",
  "Boolean",
  "Date",
  "DateInput",
  "DecimalInput",
  "DecimalMode",
  "DecimalValue",
  "Error",
  "Function",
  "Issue",
  "Map",
  "Number",
  "Object",
  "Partial",
  "Promise",
  "ReadonlyArray",
  "Record",
  "RegExp",
  "Set",
  "String",
  "Symbol",
  "Uint8Array",
  "ApiPromise",
  "PagePromise",
  "RequestOptions",
  "OperationId",
  "OperationInfo",
  "SendOperation",
  "Validator",
  "FormatTests",
  "MerchantPaymentsClient",
  "OperationRequests",
  "OperationResults",
  "WebhookPayloads",
  "WebhookName",
]);

/** A name that is an identifier already (ASCII letters, digits, `_`, `$`, not starting with a digit). */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The words of a name: compatibility-decomposed (`ﬁ` is `fi`), accents dropped, split on anything that is not a
 * letter or a decimal digit. Letters of any script are kept (they are valid in identifiers).
 */
function wordsOf(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .split(/[^\p{L}\p{Nd}]+/u)
    .filter(Boolean);
}

/** The word with its first letter upper case (the rest as written: `listV2Items` keeps its capitals). */
const upper = (word: string): string => `${word.slice(0, 1).toUpperCase()}${word.slice(1)}`;
/** The word with its first letter lower case. */
const lower = (word: string): string => `${word.slice(0, 1).toLowerCase()}${word.slice(1)}`;

/** A leading digit is prefixed with `_` (an identifier cannot start with one). */
const guardDigit = (id: string): string => (/^\p{Nd}/u.test(id) ? `_${id}` : id);

/**
 * The camelCase method name of an operationId: `get-stations` is `getStations`, `2fa.verify` is `_2faVerify`,
 * `delete` is `delete_`; an identifier that starts lower case is kept (`createPayment`).
 */
export function methodName(operationId: string): string {
  if (/^[a-z][A-Za-z0-9]*$/.test(operationId) && !RESERVED.has(operationId)) return operationId;
  const words = wordsOf(operationId);
  if (words.length === 0) return "_";
  const id = guardDigit(
    [lower(words[0] ?? ""), ...words.slice(1).map(upper)].join("").replace(/^_+/, ""),
  );
  return RESERVED.has(id) ? `${id}_` : id;
}

/**
 * The PascalCase type name of a component: `wrapper-collection` is `WrapperCollection`, `Booking.v2` is `BookingV2`,
 * `Record` is `RecordSchema`; an identifier that starts upper case is kept (`Transaction`).
 */
export function typeName(component: string): string {
  const kept = IDENTIFIER.test(component) && /^[A-Z]/.test(component);
  const id = kept ? component : guardDigit(wordsOf(component).map(upper).join("") || "_");
  return TAKEN_TYPE_NAMES.has(id) || RESERVED.has(id) ? `${id}Schema` : id;
}

/**
 * The identifier of every name by `toIdentifier`; refuses two names mapping to one identifier, naming both
 * (`what`: "operationIds", "component names").
 */
export function identifiersOf(
  names: readonly string[],
  toIdentifier: (name: string) => string,
  what: string,
): Map<string, string> {
  const out = new Map<string, string>();
  const owner = new Map<string, string>();
  for (const name of names) {
    const id = toIdentifier(name);
    const before = owner.get(id);
    if (before !== undefined && before !== name)
      refuse(
        {},
        `the ${what} "${before}" and "${name}" both become the identifier ${id}; rename one`,
      );
    owner.set(id, name);
    out.set(name, id);
  }
  return out;
}
