// The keyword table of the validator generator: one row per group of JSON Schema 2020-12 assertion keywords that
// apply to one value, each emitting its check the way Ajv 2020-12 enforces it. The applicators that shape the whole
// schema ($ref, allOf, anyOf, oneOf, not, if/then/else, dependentSchemas, unevaluated*) are emitted around the table
// by validator-codegen.ts.
import { formatCheck } from "./validator-codegen-formats.js";
import type { Schema, SchemaObject } from "./validator-codegen-refs.js";

/** A static property name, the variable of an array index, or a variable holding a pointer prefix. */
export type PathPart = { s: string } | { v: string } | { x: string };

/** Where the checks of a schema record what they evaluated (variables of the generated code), for unevaluated*. */
export interface Track {
  /** A `Set<string>` of the property names evaluated. */
  readonly props?: string;
  /** A `Set<number>` of the item indexes evaluated. */
  readonly items?: string;
}

/** The helpers a generated validator may declare once: deep equality and uniqueness (as Ajv's fast-deep-equal). */
export type Helper = "equal" | "unique";

/** The emitter's helpers a keyword row writes code with. */
export interface KeywordTools {
  /** Code pushing an issue `msg` (an expression) at `parts`. */
  push: (parts: PathPart[], msg: string) => string;
  /** A JSON literal. */
  str: (s: unknown) => string;
  /** A variable name not used before. */
  fresh: (prefix: string) => string;
  /** A module-level constant holding `expr`; its name. */
  hoist: (expr: string) => string;
  /** The checks of a sub-schema (reached through the keyword path `via`) on `v`, issues at `parts`. */
  emit: (schema: Schema, v: string, parts: PathPart[], via: string, track?: Track) => string;
  /** A path expression. */
  pathExpr: (parts: PathPart[]) => string;
  /** Records that the code calls a format function of src/. */
  useFormat: (name: string) => void;
  /** Declares a helper in the validator; its name. */
  useHelper: (helper: Helper) => string;
}

/** What a keyword row's emitter reads. */
interface KeywordContext extends KeywordTools {
  /** The schema. */
  readonly schema: SchemaObject;
  /** The checked value's variable. */
  readonly v: string;
  /** Where its issues go. */
  readonly parts: PathPart[];
  /** The number type the numeric bounds apply to. */
  readonly numT: string;
  /** The code `c`, run only when the value is of JSON type `t`. */
  readonly only: (t: string, c: string) => string;
  /** Where evaluated properties and items are recorded, if anywhere. */
  readonly track: Track;
  /** The JSON Pointer of the schema (where a refusal says it is). */
  readonly at: string;
}

/** One row of the keyword table: the keywords it reads and the code it emits (none when they ask for nothing). */
export interface KeywordRow {
  /** The keywords the row reads. */
  readonly keywords: readonly string[];
  /** The validation code. */
  readonly emit: (c: KeywordContext) => string | undefined;
}

/** True for a JSON object or array (compared by deep equality, not `===`). */
const isComposite = (value: unknown): boolean => value !== null && typeof value === "object";

/**
 * The expression reading property `k` (a name known when generating) of `v`: a name Object.prototype has too
 * (`constructor`, `toString`, `__proto__`) is read only when the object has it as its own.
 */
export const readProperty = (v: string, k: string): string =>
  k in Object.prototype
    ? `(Object.hasOwn(${v}, ${JSON.stringify(k)}) ? ${v}[${JSON.stringify(k)}] : undefined)`
    : `${v}[${JSON.stringify(k)}]`;

/** The JSON text of a value, for messages. */
const show = (value: unknown): string => JSON.stringify(value);

/** The key path of a property `k` (a variable) under `parts`. */
const keyPath = (c: KeywordTools, parts: PathPart[], k: string): string =>
  `${c.pathExpr(parts)} + "/" + ${k}.replace(/~/g, "~0").replace(/\\//g, "~1")`;

/** `format`: a format's check, nothing for an annotation. */
function emitFormat(c: KeywordContext): string | undefined {
  const { schema, v, parts, only, push, str } = c;
  let check: ReturnType<typeof formatCheck>;
  try {
    check = formatCheck(String(schema.format));
  } catch (error) {
    const where = `in a schema at ${c.at || "/"} (see the "Schema keywords" table of spec/openapi/README.md)`;
    throw new Error(`${(error as Error).message} ${where}`);
  }
  if (check.kind === "annotation") return undefined;
  if (check.kind === "number") {
    if (check.impliedBy(schema)) return undefined;
    return only("number", `if (!${check.test(v)}) ${push(parts, str(`must be ${check.words}`))}`);
  }
  if (check.kind === "regex") {
    const re = c.hoist(`new RegExp(${str(check.source)}, ${str(check.flags)})`);
    return only(
      "string",
      `if (!${re}.test(${v})) ${push(parts, str(`must be a valid ${schema.format}`))}`,
    );
  }
  c.useFormat(check.name);
  return only("string", `if (!${check.name}(${v})) ${push(parts, str(`must be ${check.words}`))}`);
}

/** `prefixItems`, `items`: each item checked against its schema (`false` refuses the items past the prefix). */
function emitItems(c: KeywordContext): string | undefined {
  const { schema, v, parts, only, fresh, emit, track } = c;
  const prefix: Schema[] = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  if (prefix.length === 0 && schema.items === undefined) return undefined;
  let code = "";
  prefix.forEach((sub, j) => {
    const e = fresh("e");
    const mark = track.items ? `${track.items}.add(${j});\n` : "";
    code += `if (${v}.length > ${j}) { const ${e} = ${v}[${j}];\n${emit(sub, e, [...parts, { s: String(j) }], `/prefixItems/${j}`)}${mark}}\n`;
  });
  if (schema.items !== undefined) {
    const [i, n, e] = [fresh("i"), fresh("n"), fresh("e")];
    const mark = track.items ? `${track.items}.add(${i});\n` : "";
    code += `for (let ${i} = ${prefix.length}, ${n} = ${v}.length; ${i} < ${n}; ${i}++) { const ${e} = ${v}[${i}];\n${emit(schema.items, e, [...parts, { v: i }], "/items")}${mark}}\n`;
  }
  return only("array", code);
}

/** `contains` with `minContains`/`maxContains`: how many items match, each in its own list of issues. */
function emitContains(c: KeywordContext): string | undefined {
  const { schema, v, parts, only, fresh, emit, push, str, track } = c;
  if (schema.contains === undefined) return undefined;
  const min = typeof schema.minContains === "number" ? schema.minContains : 1;
  const max = typeof schema.maxContains === "number" ? schema.maxContains : undefined;
  const [count, i, n, e] = [fresh("count"), fresh("i"), fresh("n"), fresh("e")];
  const mark = track.items ? ` ${track.items}.add(${i});` : "";
  let code = `let ${count} = 0;\nfor (let ${i} = 0, ${n} = ${v}.length; ${i} < ${n}; ${i}++) { const ${e} = ${v}[${i}];\n`;
  code += `if (((issues: Issue[]): number => {\n${emit(schema.contains, e, [...parts, { v: i }], "/contains")}return issues.length; })([]) === 0) { ${count}++;${mark} }\n}\n`;
  if (min > 0)
    code += `if (${count} < ${min}) ${push(parts, str(`must contain at least ${min} matching item${min === 1 ? "" : "s"}`))}\n`;
  if (max !== undefined)
    code += `if (${count} > ${max}) ${push(parts, str(`must contain at most ${max} matching item${max === 1 ? "" : "s"}`))}\n`;
  return only("array", `{\n${code}}`);
}

/** The regular expression of `pattern` as a module constant (Unicode mode, as Ajv compiles it). */
const regexOf = (c: KeywordTools, pattern: string): string =>
  c.hoist(`new RegExp(${c.str(pattern)}, "u")`);

/** `properties`, `required`, `dependentRequired`: each listed property checked, each required one present. */
function emitListedProperties(c: KeywordContext): string {
  const { schema, v, parts, push, str, fresh, emit, track } = c;
  let oc = "";
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
  const properties: Record<string, Schema> = schema.properties ?? {};
  for (const [k, sub] of Object.entries(properties)) {
    const pv = fresh("p");
    oc += `{ const ${pv} = ${readProperty(v, k)};\n`;
    const mark = track.props ? `${track.props}.add(${str(k)});\n` : "";
    const inner = emit(sub, pv, [...parts, { s: k }], `/properties/${k}`) + mark;
    if (required.has(k))
      oc += `if (${pv} === undefined) ${push([...parts, { s: k }], str("is required"))}\nelse {\n${inner}}\n`;
    else oc += `if (${pv} !== undefined) {\n${inner}}\n`;
    oc += "}\n";
  }
  for (const k of required) {
    if (Object.hasOwn(properties, k)) continue;
    oc += `if (${readProperty(v, k)} === undefined) ${push([...parts, { s: k }], str("is required"))}\n`;
  }
  const dependent: Record<string, string[]> = schema.dependentRequired ?? {};
  for (const [k, needs] of Object.entries(dependent)) {
    const each = needs
      .map(
        (n) =>
          `if (${readProperty(v, n)} === undefined) ${push([...parts, { s: n }], str(`is required when ${k} is present`))}`,
      )
      .join("\n");
    if (each) oc += `if (${readProperty(v, k)} !== undefined) {\n${each}\n}\n`;
  }
  return oc;
}

/** The checks of one property name `k` (`propertyNames`): a pattern alone keeps its short message. */
function emitPropertyName(c: KeywordContext, k: string, at: string): string {
  const names: Schema | undefined = c.schema.propertyNames;
  if (names === undefined || names === true) return "";
  const keys = typeof names === "object" ? Object.keys(names) : [];
  if (typeof names === "object" && keys.length === 1 && typeof names.pattern === "string")
    return `if (!${regexOf(c, names.pattern)}.test(${k})) issues.push({ path: ${at}, message: ${c.str(`must be named after ${names.pattern}`)} });\n`;
  return c.emit(names, k, [{ x: at }], "/propertyNames");
}

/** Each property of the object against `propertyNames`, `patternProperties` and `additionalProperties`. */
function emitOtherProperties(c: KeywordContext): string {
  const { schema, v, parts, str, fresh, emit, track } = c;
  const patterns: Record<string, Schema> = schema.patternProperties ?? {};
  const additional: Schema | undefined = schema.additionalProperties;
  const names = schema.propertyNames !== undefined && schema.propertyNames !== true;
  const others = additional !== undefined && (additional !== true || track.props);
  if (!names && Object.keys(patterns).length === 0 && !others) return "";
  const [k, at] = [fresh("k"), fresh("at")];
  let each = `const ${at} = ${keyPath(c, parts, k)};\n`;
  if (names) each += emitPropertyName(c, k, at);
  const m = fresh("m");
  each += `const ${m} = ${v}[${k}];\n`;
  const matched: string[] = [];
  for (const [pattern, sub] of Object.entries(patterns)) {
    const test = `${regexOf(c, pattern)}.test(${k})`;
    matched.push(test);
    const mark = track.props ? `${track.props}.add(${k});\n` : "";
    each += `if (${test}) {\n${emit(sub, m, [{ x: at }], `/patternProperties/${pattern}`)}${mark}}\n`;
  }
  if (others && additional !== undefined) {
    const known = Object.keys(schema.properties ?? {});
    const tests = [...(known.length > 0 ? [`${str(known)}.includes(${k})`] : []), ...matched];
    const mark = track.props ? `${track.props}.add(${k});\n` : "";
    const check =
      additional === false
        ? `issues.push({ path: ${at}, message: "is not allowed" });\n`
        : emit(additional, m, [{ x: at }], "/additionalProperties");
    each += tests.length > 0 ? `if (!(${tests.join(" || ")})) {\n${check}${mark}}\n` : check + mark;
  }
  return `for (const ${k} in ${v}) {\n${each}}\n`;
}

/** An object's keywords: listed and required properties, the other properties' checks. */
function emitObject(c: KeywordContext): string | undefined {
  const code = emitListedProperties(c) + emitOtherProperties(c);
  return code === "" ? undefined : c.only("object", code);
}

/** A bound keyword's row: the type it applies to, the failing test and the message, for the number it holds. */
const bound = (
  keyword: string,
  typeOf: (c: KeywordContext) => string,
  fails: (v: string, n: number) => string,
  words: (n: number) => string,
): KeywordRow => ({
  keywords: [keyword],
  emit: (c) => {
    const n = c.schema[keyword];
    if (typeof n !== "number") return undefined;
    return c.only(typeOf(c), `if (${fails(c.v, n)}) ${c.push(c.parts, c.str(words(n)))}`);
  },
});
/** The number type of the schema. */
const numberType = (c: KeywordContext): string => c.numT;
/** A fixed type. */
const typed = (t: string) => (): string => t;

/** `enum`: `===` for scalars, deep equality when a value is an object or an array. */
function emitEnum({ schema, v, parts, push, str, useHelper }: KeywordContext): string | undefined {
  if (!Array.isArray(schema.enum)) return undefined;
  const message = str(`must be one of ${schema.enum.map(show).join(", ")}`);
  if (!schema.enum.some(isComposite))
    return `if (!${str(schema.enum)}.includes(${v})) ${push(parts, message)}`;
  const equal = useHelper("equal");
  return `if (!${str(schema.enum)}.some((x: unknown) => ${equal}(${v}, x))) ${push(parts, message)}`;
}

/** `const`: `===` for a scalar, deep equality for an object or an array. */
function emitConst({ schema, v, parts, push, str, useHelper }: KeywordContext): string {
  const fails = isComposite(schema.const)
    ? `!${useHelper("equal")}(${v}, ${str(schema.const)})`
    : `${v} !== ${str(schema.const)}`;
  return `if (${fails}) ${push(parts, str(`must be ${show(schema.const)}`))}`;
}

/**
 * The keyword table: every keyword checked on a value of an allowed type, in the order the checks are emitted. A new
 * keyword is one row here (its keywords join SUPPORTED).
 */
export const VALUE_KEYWORDS: readonly KeywordRow[] = [
  { keywords: ["enum"], emit: emitEnum },
  { keywords: ["const"], emit: emitConst },
  bound(
    "minimum",
    numberType,
    (v, n) => `${v} < ${n}`,
    (n) => `must be at least ${n}`,
  ),
  bound(
    "maximum",
    numberType,
    (v, n) => `${v} > ${n}`,
    (n) => `must be at most ${n}`,
  ),
  bound(
    "exclusiveMinimum",
    numberType,
    (v, n) => `${v} <= ${n}`,
    (n) => `must be greater than ${n}`,
  ),
  bound(
    "exclusiveMaximum",
    numberType,
    (v, n) => `${v} >= ${n}`,
    (n) => `must be less than ${n}`,
  ),
  // As Ajv (no multipleOfPrecision): the quotient of a multiple is its own parseInt.
  bound(
    "multipleOf",
    numberType,
    (v, n) => `${v} / ${n} !== parseInt(${v} / ${n} as any)`,
    (n) => `must be a multiple of ${n}`,
  ),
  // Lengths count Unicode code points, as Ajv does; the UTF-16 length bounds them (a code point is 1 or 2 units).
  bound(
    "minLength",
    typed("string"),
    (v, n) =>
      n <= 1
        ? `${v}.length < ${n}`
        : `(${v}.length < ${n} || (${v}.length < ${2 * n} && [...${v}].length < ${n}))`,
    (n) => `must have at least ${n} characters`,
  ),
  bound(
    "maxLength",
    typed("string"),
    (v, n) => `(${v}.length > ${n} && [...${v}].length > ${n})`,
    (n) => `must have at most ${n} characters`,
  ),
  {
    keywords: ["pattern"],
    emit: (c) =>
      c.only(
        "string",
        `if (!${regexOf(c, c.schema.pattern)}.test(${c.v})) ${c.push(c.parts, c.str(`must match ${c.schema.pattern}`))}`,
      ),
  },
  { keywords: ["format"], emit: emitFormat },
  bound(
    "maxItems",
    typed("array"),
    (v, n) => `${v}.length > ${n}`,
    (n) => `must have at most ${n} items`,
  ),
  bound(
    "minItems",
    typed("array"),
    (v, n) => `${v}.length < ${n}`,
    (n) => `must have at least ${n} items`,
  ),
  bound(
    "minProperties",
    typed("object"),
    (v, n) => `Object.keys(${v}).length < ${n}`,
    (n) => `must have at least ${n} properties`,
  ),
  bound(
    "maxProperties",
    typed("object"),
    (v, n) => `Object.keys(${v}).length > ${n}`,
    (n) => `must have at most ${n} properties`,
  ),
  {
    keywords: ["uniqueItems"],
    emit: (c) =>
      c.schema.uniqueItems !== true
        ? undefined
        : c.only(
            "array",
            `if (!${c.useHelper("unique")}(${c.v})) ${c.push(c.parts, c.str("must not have duplicate items"))}`,
          ),
  },
  { keywords: ["prefixItems", "items"], emit: emitItems },
  { keywords: ["contains", "minContains", "maxContains"], emit: emitContains },
  {
    keywords: [
      "properties",
      "required",
      "dependentRequired",
      "patternProperties",
      "additionalProperties",
      "propertyNames",
    ],
    emit: emitObject,
  },
];

/** The helpers' code, declared inside a validator that calls them (deep equality of JSON values, as fast-deep-equal). */
export const HELPER_CODE: Readonly<Record<Helper, string>> = {
  equal: `function equal(a: any, b: any): boolean {
if (a === b) return true;
if (a === null || b === null || typeof a !== "object" || typeof b !== "object" || Array.isArray(a) !== Array.isArray(b)) return false;
if (Array.isArray(a)) return a.length === b.length && a.every((x: unknown, i: number) => equal(x, b[i]));
const keys = Object.keys(a);
return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
}
`,
  unique: `function unique(a: unknown[]): boolean {
if (a.every((x) => x === null || typeof x !== "object")) return new Set(a).size === a.length;
for (let i = 1; i < a.length; i++) for (let j = 0; j < i; j++) if (equal(a[i], a[j])) return false;
return true;
}
`,
};
