// @ts-check
// Code generation of plain-JS validators (requests and answers) from JSON Schema (the subset the spec uses).
// The generated code collects every violation and builds JSON pointer strings only on error. A `format: decimal`
// value may also be its exact text (matching the module constant DECIMAL_STRING) when the generated function's
// `decimalStrings` argument is true.
// Straight-line code rather than schema data read by one interpreter, by measurement: the request validators are
// 7.3 KB minified but add only about 1.2 KB gzipped to the client's entry (the repeated code compresses well), while
// an interpreter plus the schemas as data added 0.3-0.8 KB more gzipped there and took 5-11 ms instead of 0.5 ms on
// a 50,000-item batch (a property read by a name held in a variable is about 10x slower than a written-out one).
// Shared helper functions in place of the repeated code saved 3.9 KB minified but no gzipped byte.

import {
  ANNOTATION_KEYWORDS,
  chooseBranch,
  deref as derefIn,
  escapePointer,
  pointer,
  walkSchema,
} from "@merchant-payments/spec/model";

/** @typedef {import("@merchant-payments/spec/model").Json} Json */
/**
 * A schema object of the spec (not a boolean schema): its keywords by name.
 * @typedef {{ [keyword: string]: any }} SchemaObject
 */
/**
 * The validator emitter's helpers a keyword row writes code with: an issue push at a path, a JSON literal, a fresh
 * variable name, a module-level constant, the validation code of a sub-schema, a path expression, a format function used.
 * @typedef {{ push: (parts: PathPart[], msg: string) => string, str: (s: unknown) => string, fresh: (p: string) => string, hoist: (expr: string) => string, emit: (schema: any, v: string, parts: PathPart[]) => string, pathExpr: (parts: PathPart[]) => string, useFormat: (name: string) => void }} KeywordTools
 */
/**
 * What a keyword row's emitter reads: the schema, the checked value's variable, where its issues go, the number type
 * the numeric bounds apply to, `only` (code run only on one of several allowed types), and the emitter's tools.
 * @typedef {KeywordTools & { schema: SchemaObject, v: string, parts: PathPart[], numT: string, only: (t: string, c: string) => string }} KeywordContext
 */
/**
 * One row of the keyword table: the keywords it reads, and the validation code it emits (none when they ask for nothing).
 * @typedef {{ keywords: readonly string[], emit: (c: KeywordContext) => string | undefined }} KeywordRow
 */
/** @typedef {{ s: string } | { v: string } | { x: string }} PathPart a static property name, the variable of an array index, or a variable holding a pointer prefix */

/**
 * Each checked format: the function the generated code calls and the module of src/ that exports it.
 * @type {Record<string, { name: string, module: string }>}
 */
export const FORMAT_FUNCTIONS = {
  date: { name: "isDate", module: "formats.js" },
  email: { name: "isEmail", module: "formats.js" },
  uuid: { name: "isUuid", module: "formats.js" },
  "date-time": { name: "isDateTime", module: "date-time.js" },
  uri: { name: "isUri", module: "uri.js" },
};

/** @param {string} name a format function's name; its module */
const moduleOf = (name) =>
  Object.values(FORMAT_FUNCTIONS).find((f) => f.name === name)?.module ?? name;

/**
 * Where each module of validators gets the format functions it calls. The answer module (a lazily loaded chunk)
 * must share no module with the entry, else bundlers split that module into a chunk of its own, one more file loaded
 * at start: a function whose module the request validators import is handed over by the client (`handedOver`, also
 * what the request module imports), the others (only answers use them) the answer module imports (`answerImports`).
 * @param {string[]} requestFormats
 * @param {string[]} answerFormats
 * @returns {{ handedOver: string[], answerImports: string[] }}
 */
export function planFormatImports(requestFormats, answerFormats) {
  const requestModules = new Set(requestFormats.map(moduleOf));
  const handedOver = [
    ...new Set([
      ...requestFormats,
      ...answerFormats.filter((name) => requestModules.has(moduleOf(name))),
    ]),
  ].sort();
  const answerImports = [...new Set(answerFormats)]
    .filter((name) => !handedOver.includes(name))
    .sort();
  return { handedOver, answerImports };
}

/**
 * Import declarations (from src/generated/) of the given format functions, one line per module.
 * @param {string[]} names
 * @returns {string}
 */
export function formatImports(names) {
  return [...new Set(names.map(moduleOf))]
    .map(
      (module) =>
        `import { ${names.filter((n) => moduleOf(n) === module).join(", ")} } from "../${module}";\n`,
    )
    .join("");
}

/**
 * True for a schema object (not a boolean schema).
 * @param {unknown} node
 * @returns {node is Record<string, any>}
 */
const isObjectSchemaNode = (node) =>
  node !== null && typeof node === "object" && !Array.isArray(node);

/** Formats the validators accept without testing them (numbers' widths, decimals, URI references). */
const IGNORED_FORMATS = new Set(["decimal", "uri-reference", "int32", "int64", "double", "float"]);

// The keywords emitResolved reads before the table: each changes how the whole schema is checked.
export const STRUCTURAL_KEYWORDS = [
  "type",
  "allOf",
  "anyOf",
  "oneOf",
  "discriminator",
  "contentMediaType",
];

/**
 * `format`: a checked format's function call, nothing for an ignored one; an unknown format throws.
 * @param {KeywordContext} c
 * @returns {string | undefined}
 */
function emitFormat({ schema, v, parts, only, push, str, useFormat }) {
  const fn = FORMAT_FUNCTIONS[schema.format]?.name;
  if (!fn) {
    if (IGNORED_FORMATS.has(schema.format)) return undefined;
    throw new Error(`Unsupported format "${schema.format}"`);
  }
  useFormat(fn);
  /** @type {Record<string, string>} */
  const words = {
    date: 'a calendar date "YYYY-MM-DD"',
    email: "an e-mail address",
    uuid: "a UUID",
    "date-time": "an ISO 8601 date-time",
    uri: "an absolute URI",
  };
  return only("string", `if (!${fn}(${v})) ${push(parts, str(`must be ${words[schema.format]}`))}`);
}

/**
 * `items`: every item checked against its schema.
 * @param {KeywordContext} c
 * @returns {string | undefined}
 */
function emitItems({ schema, v, parts, only, fresh, emit }) {
  if (!schema.items) return undefined;
  const i = fresh("i");
  const n = fresh("n");
  const e = fresh("e");
  return only(
    "array",
    `for (let ${i} = 0, ${n} = ${v}.length; ${i} < ${n}; ${i}++) { const ${e} = ${v}[${i}];\n${emit(schema.items, e, [...parts, { v: i }])}}`,
  );
}

/**
 * The other properties of a map (`additionalProperties`, `propertyNames`): each name and value checked.
 * @param {KeywordContext} c
 * @returns {string}
 */
function emitMapEntries({ schema, v, parts, str, fresh, hoist, emit, pathExpr }) {
  const k = fresh("k");
  const known = str(Object.keys(schema.properties ?? {}));
  const keyPath = `${pathExpr(parts)} + "/" + ${k}.replace(/~/g, "~0").replace(/\\//g, "~1")`;
  let each = "";
  if (
    isObjectSchemaNode(schema.propertyNames) &&
    typeof schema.propertyNames.pattern === "string"
  ) {
    each += `if (!${hoist(`new RegExp(${str(schema.propertyNames.pattern)}, "u")`)}.test(${k})) issues.push({ path: ${keyPath}, message: ${str(`must be named after ${schema.propertyNames.pattern}`)} });\n`;
  }
  if (isObjectSchemaNode(schema.additionalProperties)) {
    const mv = fresh("m");
    const at = fresh("at");
    each += `{ const ${mv} = ${v}[${k}]; const ${at} = ${keyPath};\n${emit(schema.additionalProperties, mv, [{ x: at }])}}\n`;
  }
  const skip =
    Object.keys(schema.properties ?? {}).length > 0
      ? `if ((${known} as string[]).includes(${k})) continue;\n`
      : "";
  return `for (const ${k} in ${v}) {\n${skip}${each}}\n`;
}

/**
 * An object's keywords: `properties` and `required`, a map's other entries, `additionalProperties: false`.
 * @param {KeywordContext} c
 * @returns {string | undefined}
 */
function emitObject(c) {
  const { schema, v, parts, only, push, str, fresh, emit, pathExpr } = c;
  const isMap =
    isObjectSchemaNode(schema.additionalProperties) || isObjectSchemaNode(schema.propertyNames);
  if (!(schema.properties || schema.required || isMap)) return undefined;
  let oc = "";
  const required = new Set(schema.required ?? []);
  for (const [k, sub] of Object.entries(schema.properties ?? {})) {
    const pv = fresh("p");
    oc += `{ const ${pv} = ${v}[${str(k)}];\n`;
    const inner = emit(sub, pv, [...parts, { s: k }]);
    if (required.has(k))
      oc += `if (${pv} === undefined) ${push([...parts, { s: k }], str("is required"))}\nelse {\n${inner}}\n`;
    else oc += `if (${pv} !== undefined) {\n${inner}}\n`;
    oc += "}\n";
  }
  for (const k of required) {
    if (schema.properties && k in schema.properties) continue;
    oc += `if (${v}[${str(k)}] === undefined) ${push([...parts, { s: k }], str("is required"))}\n`;
  }
  if (isMap) oc += emitMapEntries(c);
  if (schema.additionalProperties === false) {
    const k = fresh("k");
    const known = str(Object.keys(schema.properties ?? {}));
    oc += `for (const ${k} in ${v}) if (!${known}.includes(${k})) issues.push({ path: ${pathExpr(parts)} + "/" + ${k}.replace(/~/g, "~0").replace(/\\//g, "~1"), message: "is not allowed" });\n`;
  }
  return only("object", oc);
}

/**
 * A bound keyword's row: the type it applies to, the failing test and the message, for the number it holds.
 * @param {string} keyword
 * @param {(c: KeywordContext) => string} typeOf
 * @param {(v: string, n: number) => string} fails
 * @param {(n: number) => string} words
 * @returns {KeywordRow}
 */
const bound = (keyword, typeOf, fails, words) => ({
  keywords: [keyword],
  emit: (c) => {
    const n = c.schema[keyword];
    return c.only(typeOf(c), `if (${fails(c.v, n)}) ${c.push(c.parts, c.str(words(n)))}`);
  },
});
/** @param {KeywordContext} c */
const numberType = (c) => c.numT;
/** @param {string} t @returns {(c: KeywordContext) => string} */
const typed = (t) => () => t;

/**
 * The keyword table: every keyword checked on a value of an allowed type, in the order the checks are emitted. A
 * new keyword is one row here (its keywords join SUPPORTED); the structural ones (type, allOf, anyOf, oneOf,
 * discriminator, contentMediaType) shape emitResolved itself.
 * @type {KeywordRow[]}
 */
export const VALUE_KEYWORDS = [
  {
    keywords: ["enum"],
    emit: ({ schema, v, parts, push, str }) =>
      `if (!${str(schema.enum)}.includes(${v})) ${push(parts, str(`must be one of ${schema.enum.map((/** @type {unknown} */ e) => JSON.stringify(e)).join(", ")}`))}`,
  },
  {
    keywords: ["const"],
    emit: ({ schema, v, parts, push, str }) =>
      `if (${v} !== ${str(schema.const)}) ${push(parts, str(`must be ${JSON.stringify(schema.const)}`))}`,
  },
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
  bound(
    "minLength",
    typed("string"),
    (v, n) => `${v}.length < ${n}`,
    (n) => `must have at least ${n} characters`,
  ),
  bound(
    "maxLength",
    typed("string"),
    (v, n) => `${v}.length > ${n}`,
    (n) => `must have at most ${n} characters`,
  ),
  {
    keywords: ["pattern"],
    emit: ({ schema, v, parts, only, push, str, hoist }) =>
      only(
        "string",
        `if (!${hoist(`new RegExp(${str(schema.pattern)}, "u")`)}.test(${v})) ${push(parts, str(`must match ${schema.pattern}`))}`,
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
    emit: ({ schema, v, parts, only, push, str }) =>
      schema.uniqueItems !== true
        ? undefined
        : only(
            "array",
            `if (new Set(${v}.map((x: unknown) => JSON.stringify(x))).size !== ${v}.length) ${push(parts, str("must not have duplicate items"))}`,
          ),
  },
  { keywords: ["items"], emit: emitItems },
  {
    keywords: ["properties", "required", "additionalProperties", "propertyNames"],
    emit: emitObject,
  },
];
// Every keyword the emitted code checks: the structural ones and the table's.
export const SUPPORTED = new Set([
  ...STRUCTURAL_KEYWORDS,
  ...VALUE_KEYWORDS.flatMap((row) => row.keywords),
]);

// Keywords that never make a value invalid here: the annotations, the read/write markers and a followed $ref.
const ANNOTATIONS = new Set([...ANNOTATION_KEYWORDS, "readOnly", "writeOnly", "$ref"]);

/**
 * A path is a list of parts: {s: "static"} or {v: "indexVar"}; compiled to a string expression.
 * @param {PathPart[]} parts
 * @returns {string}
 */
function pathExpr(parts) {
  if (parts.length === 0) return '""';
  const out = [];
  let acc = "";
  for (const p of parts) {
    if ("s" in p) acc += `/${escapePointer(p.s)}`;
    else if ("x" in p) {
      if (acc) out.push(JSON.stringify(acc));
      out.push(p.x);
      acc = "";
    } else {
      acc += "/";
      out.push(JSON.stringify(acc), p.v);
      acc = "";
    }
  }
  if (acc) out.push(JSON.stringify(acc));
  return out.join(" + ");
}

/** @type {(parts: PathPart[], msg: string) => string} code pushing an issue */
const push = (parts, msg) => `issues.push({ path: ${pathExpr(parts)}, message: ${msg} });`;
/** @param {unknown} s */
const str = (s) => JSON.stringify(s);

/**
 * The test that `v` is of JSON type `t`.
 * @param {string} t
 * @param {string} v
 * @returns {string}
 */
function typeTest(t, v) {
  switch (t) {
    case "object":
      return `(${v} !== null && typeof ${v} === "object" && !Array.isArray(${v}))`;
    case "array":
      return `Array.isArray(${v})`;
    case "integer":
      return `Number.isInteger(${v})`;
    case "number":
      return `(typeof ${v} === "number" && Number.isFinite(${v}))`;
    case "string":
      return `typeof ${v} === "string"`;
    case "boolean":
      return `typeof ${v} === "boolean"`;
    case "null":
      return `${v} === null`;
    default:
      throw new Error(`Unsupported type ${t}`);
  }
}

/** @type {Record<string, string>} */
const TYPE_WORDS = {
  object: "an object",
  array: "an array",
  integer: "an integer",
  number: "a finite number",
  string: "a string",
  boolean: "a boolean",
  null: "null",
};

/**
 * Throws on a keyword the emitted code would not check, naming where.
 * @param {Json} document
 * @param {Json} root
 */
function refuseUnsupported(document, root) {
  walkSchema(
    document,
    root,
    ({ schema, path }) => {
      for (const k of Object.keys(schema)) {
        if (!SUPPORTED.has(k) && !ANNOTATIONS.has(k) && !k.startsWith("x-"))
          throw new Error(`Unsupported keyword "${k}" in a request schema at ${pointer(...path)}`);
      }
    },
    { once: true },
  );
}

/** The bounds a decimal's text form is checked against: keyword, the failing comparison, the message's words. */
const DECIMAL_TEXT_BOUNDS = /** @type {const} */ ([
  ["minimum", "<", "must be at least"],
  ["maximum", ">", "must be at most"],
  ["exclusiveMinimum", "<=", "must be greater than"],
  ["exclusiveMaximum", ">=", "must be less than"],
]);

/**
 * A union of strings where one branch is any string: just "a string".
 * @param {Json[]} branches
 */
const isAnyString = (branches) =>
  branches.every((b) => b.type === "string") &&
  branches.some((b) =>
    Object.keys(b).every((k) => ANNOTATIONS.has(k) || k === "type" || k.startsWith("x-")),
  );

/**
 * The validator emitter's state and its emitters, one per kind of schema: a `$ref` (recursive ones as nested
 * functions), `allOf`, binary content, a discriminated union, a decimal's text form, `anyOf`/`oneOf`, and a typed
 * value whose keywords the keyword table checks.
 */
class ValidatorEmitter {
  /** @param {Json} document the OpenAPI document the schemas' `$ref`s point into */
  constructor(document) {
    this.document = document;
    this.varCounter = 0;
    /** @type {string[]} module-level constants (compiled patterns), built once at import instead of on every call */
    this.constants = [];
    this.constCounter = 0;
    /** @type {Set<string>} the format functions the validators emitted since the last takeFormats() call */
    this.formats = new Set();
    // Recursive schemas: a $ref met again inside its own check is a call to a nested function checking it (emitted
    // once per validator, with the pointer prefix as an argument).
    /** @type {string[]} the $refs being emitted, outermost first */
    this.refStack = [];
    /** @type {Map<string, string>} $ref -> its nested function's name */
    this.recursive = new Map();
    /** @type {string[]} the nested functions of the validator being emitted */
    this.nested = [];
    /** @type {KeywordTools} what the keyword table's emitters write code with */
    this.tools = {
      push,
      str,
      fresh: (p) => this.fresh(p),
      hoist: (expr) => this.hoist(expr),
      emit: (schema, v, parts) => this.emit(schema, v, parts),
      pathExpr,
      useFormat: (name) => {
        this.formats.add(name);
      },
    };
  }

  /** @param {Json} node the node with its `$ref` followed */
  deref(node) {
    return derefIn(this.document, node);
  }

  /** @param {string} p a prefix; a variable name not used before */
  fresh(p) {
    return `${p}${this.varCounter++}`;
  }

  /** @param {string} expr an expression built once, at import; the constant's name */
  hoist(expr) {
    const name = `pattern${this.constCounter++}`;
    this.constants.push(`const ${name} = ${expr};`);
    return name;
  }

  /**
   * Emits the body of a validator function for `schema` (the value is `v`, issues go to `issues`).
   * @param {Json} schema
   * @returns {string}
   */
  emitValidator(schema) {
    refuseUnsupported(this.document, schema);
    this.varCounter = 0;
    this.nested = [];
    this.recursive.clear();
    const code = this.emit(schema, "v", []);
    return this.nested.join("") + code;
  }

  /**
   * The call of the nested function that checks `ref` (emitting it on first use).
   * @param {string} ref
   * @param {Json} node
   * @param {string} v
   * @param {PathPart[]} parts
   * @returns {string}
   */
  recursiveCall(ref, node, v, parts) {
    let name = this.recursive.get(ref);
    if (!name) {
      name = this.fresh("rec");
      this.recursive.set(ref, name);
      this.refStack.push(ref);
      const body = this.emit(this.deref(node), "v", [{ x: "at" }]);
      this.refStack.pop();
      this.nested.push(`function ${name}(v: any, issues: Issue[], at: string): void {\n${body}}\n`);
    }
    return `${name}(${v}, issues, ${pathExpr(parts)});\n`;
  }

  /**
   * Emits code that checks `v` against `schema`, pushing issues at `parts`.
   * @param {Json} schemaIn
   * @param {string} v
   * @param {PathPart[]} parts
   * @returns {string}
   */
  emit(schemaIn, v, parts) {
    const ref = schemaIn && typeof schemaIn.$ref === "string" ? schemaIn.$ref : undefined;
    if (ref && this.refStack.includes(ref)) return this.recursiveCall(ref, schemaIn, v, parts);
    if (ref) this.refStack.push(ref);
    try {
      return this.emitResolved(this.deref(schemaIn), v, parts);
    } finally {
      if (ref) this.refStack.pop();
    }
  }

  /**
   * Emits the validation code of a schema whose top-level `$ref` is resolved: by the first structural keyword it has.
   * @param {Json} schema
   * @param {string} v
   * @param {PathPart[]} parts
   * @returns {string}
   */
  emitResolved(schema, v, parts) {
    if (schema.allOf) return this.emitAllOf(schema, v, parts);
    if (
      schema.type === "string" &&
      typeof schema.contentMediaType === "string" &&
      !/json/.test(schema.contentMediaType)
    ) {
      // Binary content (a file part, an octet-stream body): a Blob (or File), a Uint8Array, or text.
      return `if (!(typeof ${v} === "string" || ${v} instanceof Uint8Array || (typeof Blob !== "undefined" && ${v} instanceof Blob))) ${push(parts, str("must be a Blob, a File, a Uint8Array or a string"))}\n`;
    }
    const discriminator = schema.discriminator?.propertyName;
    if (discriminator && (schema.oneOf || schema.anyOf))
      return this.emitDiscriminated(schema, discriminator, v, parts);
    if (schema.format === "decimal" && !schema["x-decimal-text-checked"])
      return this.emitDecimalText(schema, v, parts);
    if (schema.anyOf || schema.oneOf) return this.emitUnion(schema, v, parts);
    return this.emitTyped(schema, v, parts);
  }

  /**
   * `allOf`: every part holds: each part's checks in turn, then the schema's own keywords.
   * @param {Json} schema
   * @param {string} v
   * @param {PathPart[]} parts
   * @returns {string}
   */
  emitAllOf(schema, v, parts) {
    let code = "";
    for (const part of schema.allOf) code += this.emit(part, v, parts);
    const { allOf: _, ...rest } = schema;
    return code + this.emitResolved(rest, v, parts);
  }

  /**
   * The validation code of a union with a discriminator: the property picks the branch, whose own issues are reported (so a
   * mismatch names the fields of that branch); an unknown or missing value names the property and its values.
   * @param {Json} schema
   * @param {string} property
   * @param {string} v
   * @param {PathPart[]} parts
   * @returns {string}
   */
  emitDiscriminated(schema, property, v, parts) {
    // The spec model's one discriminator choice (mapping, then each branch's const/enum, then its component name).
    const choice = chooseBranch(this.document, schema);
    /** @type {Map<string, Json>} */
    const byValue = new Map(
      [...(choice?.byValue ?? [])].map(([value, index]) => [value, choice?.branches[index]]),
    );
    const known = [...byValue.keys()];
    let code = `if (!(${typeTest("object", v)})) ${push(parts, str("must be an object"))}\nelse switch (${v}[${str(property)}]) {\n`;
    for (const [value, branch] of byValue) {
      code += `case ${str(value)}: {\n${this.emit(branch, v, parts)}break; }\n`;
    }
    code += `default: ${push([...parts, { s: property }], str(`must be one of ${known.map((k) => JSON.stringify(k)).join(", ")}`))}\n}\n`;
    return code;
  }

  /**
   * A `format: decimal` value: its text form (decimals: "string") checked, then the schema's own checks on the number.
   * @param {Json} schema
   * @param {string} v
   * @param {PathPart[]} parts
   * @returns {string}
   */
  emitDecimalText(schema, v, parts) {
    const text = [
      `if (!DECIMAL_STRING.test(${v})) ${push(parts, str('must be a decimal number or its exact text, e.g. "100.10"'))}`,
    ];
    for (const [k, op, words] of DECIMAL_TEXT_BOUNDS) {
      if (schema[k] !== undefined)
        text.push(
          `else if (Number(${v}) ${op} ${schema[k]}) ${push(parts, str(`${words} ${schema[k]}`))}`,
        );
    }
    const rest = this.emit({ ...schema, "x-decimal-text-checked": true }, v, parts);
    return `if (decimalStrings && typeof ${v} === "string") {\n${text.join("\n")}\n} else {\n${rest}}\n`;
  }

  /**
   * `anyOf`/`oneOf` without a discriminator: each branch checks into its own list (a parameter shadowing `issues`);
   * only the counts are kept.
   * @param {Json} schema
   * @param {string} v
   * @param {PathPart[]} parts
   * @returns {string}
   */
  emitUnion(schema, v, parts) {
    /** @type {Json[]} */
    const branches = (schema.anyOf ?? schema.oneOf).map((/** @type {Json} */ b) => this.deref(b));
    if (isAnyString(branches))
      return `if (typeof ${v} !== "string") ${push(parts, str("must be a string"))}\n`;
    const names = branches.map(() => this.fresh("b"));
    let code = "{\n";
    branches.forEach((b, i) => {
      code += `const ${names[i]} = ((issues: Issue[]): number => {\n${this.emit(b, v, parts)}return issues.length; })([]);\n`;
    });
    const cond = schema.anyOf
      ? names.map((n) => `${n} > 0`).join(" && ")
      : `[${names.join(", ")}].filter((n) => n === 0).length !== 1`;
    code += `if (${cond}) ${push(parts, str(schema.anyOf ? "must match one of the allowed shapes" : "must match exactly one of the allowed shapes"))} }\n`;
    return code;
  }

  /**
   * A value of the schema's `type` (any when it has none), then every row of the keyword table the schema uses.
   * @param {Json} schema
   * @param {string} v
   * @param {PathPart[]} parts
   * @returns {string}
   */
  emitTyped(schema, v, parts) {
    let code = "";
    /** @type {string[]} */
    const types =
      schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
    /** @type {string[]} */
    const body = [];
    if (types.length > 0) {
      const anyType = types.map((t) => typeTest(t, v)).join(" || ");
      code += `if (!(${anyType})) ${push(parts, str(`must be ${types.map((t) => TYPE_WORDS[t]).join(" or ")}`))}\nelse {\n`;
    } else {
      code += "{\n";
    }
    /** @type {(t: string, c: string) => string} the code `c`, run only on type `t` when several types are allowed */
    const only = (t, c) => (types.length <= 1 ? c : `if (${typeTest(t, v)}) { ${c} }`);
    const numT = types.find((t) => t === "integer" || t === "number") ?? "number";
    for (const row of VALUE_KEYWORDS) {
      if (!row.keywords.some((k) => schema[k] !== undefined)) continue;
      const emitted = row.emit({ schema, v, parts, numT, only, ...this.tools });
      if (emitted !== undefined) body.push(emitted);
    }
    code += `${body.join("\n")}\n}\n`;
    return code;
  }
}

/**
 * The validator emitter: code that checks a value against a schema, resolving $refs against `document`.
 * @param {Json} document the OpenAPI document the schemas' `$ref`s point into
 */
export function validatorEmitter(document) {
  const emitter = new ValidatorEmitter(document);
  return {
    /**
     * Emits the body of a validator function for `schema` (the value is `v`, issues go to `issues`).
     * @param {Json} schema
     * @returns {string}
     */
    emitValidator: (schema) => emitter.emitValidator(schema),
    /** The module-level constants the validators emitted since the last call use, one declaration a line. */
    takeConstants: () => emitter.constants.splice(0).join("\n"),
    /** The names of the format functions (FORMAT_FUNCTIONS) the validators emitted since the last call use. */
    takeFormats: () => {
      const names = [...emitter.formats];
      emitter.formats.clear();
      return names;
    },
  };
}
