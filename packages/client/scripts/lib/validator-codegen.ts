// Code generation of plain-JS validators (requests and answers) from JSON Schema 2020-12, enforcing every keyword as
// the spec model's Ajv 2020-12 does (the "Schema keywords" table of spec/openapi/README.md says which keyword is an
// assertion and which an annotation; the JSON Schema Test Suite proves both agree: test/json-schema-test-suite.test.ts).
// The generated code collects every violation and builds JSON pointer strings only on error. A `format: decimal`
// value may also be its exact text (matching the module constant DECIMAL_STRING) when the generated function's
// `decimalStrings` argument is true.
// Straight-line code rather than schema data read by one interpreter, by measurement: the request validators are
// 7.3 KB minified but add only about 1.2 KB gzipped to the client's entry (the repeated code compresses well), while
// an interpreter plus the schemas as data added 0.3-0.8 KB more gzipped there and took 5-11 ms instead of 0.5 ms on
// a 50,000-item batch (a property read by a name held in a variable is about 10x slower than a written-out one).
// Ajv's standalone code was measured too (README "Schema keywords"): several times larger at start.
import {
  ANNOTATION_KEYWORDS,
  chooseBranch,
  escapePointer,
  type Json,
} from "@merchant-payments/spec/model";
import { isBinaryString } from "./schema-keywords.js";
import { FORMAT_FUNCTIONS } from "./validator-codegen-formats.js";
import {
  HELPER_CODE,
  type Helper,
  type KeywordTools,
  type PathPart,
  readProperty,
  type Track,
  VALUE_KEYWORDS,
} from "./validator-codegen-keywords.js";
import {
  DOCUMENT_BASE,
  type Schema,
  SchemaIndex,
  type SchemaObject,
} from "./validator-codegen-refs.js";

export { FORMAT_FUNCTIONS } from "./validator-codegen-formats.js";

/** A format function's module (of src/). */
const moduleOf = (name: string): string =>
  Object.values(FORMAT_FUNCTIONS).find((f) => f.name === name)?.module ?? name;

/**
 * Where each module of validators gets the format functions it calls. The answer module (a lazily loaded chunk)
 * must share no module with the entry, else bundlers split that module into a chunk of its own, one more file loaded
 * at start: a function whose module the request validators import is handed over by the client (`handedOver`, also
 * what the request module imports), the others (only answers use them) the answer module imports (`answerImports`).
 */
export function planFormatImports(
  requestFormats: string[],
  answerFormats: string[],
): { handedOver: string[]; answerImports: string[] } {
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

/** Import declarations (from src/generated/) of the given format functions, one line per module. */
export function formatImports(names: string[]): string {
  return [...new Set(names.map(moduleOf))]
    .map(
      (module) =>
        `import { ${names.filter((n) => moduleOf(n) === module).join(", ")} } from "../${module}";\n`,
    )
    .join("");
}

/** The keywords emitResolved reads before the table: each changes how the whole schema is checked. */
const STRUCTURAL_KEYWORDS: readonly string[] = [
  "type",
  "$ref",
  "$defs",
  "definitions",
  "$id",
  "$anchor",
  "$schema",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
  "discriminator",
  "contentMediaType",
];

/** Every keyword the emitted code checks: the structural ones and the table's. */
const SUPPORTED: ReadonlySet<string> = new Set([
  ...STRUCTURAL_KEYWORDS,
  ...VALUE_KEYWORDS.flatMap((row) => row.keywords),
]);

/** Keywords that never make a value invalid (JSON Schema's and OpenAPI's annotations). */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  ...ANNOTATION_KEYWORDS,
  "readOnly",
  "writeOnly",
  "$comment",
  "xml",
  "externalDocs",
  "contentEncoding",
  "contentSchema",
]);

/** Where the keyword table explains what is supported. */
const TABLE = 'the "Schema keywords" table of spec/openapi/README.md';

/** A keyword the generated validators cannot enforce, with where it is. */
class UnsupportedKeywordError extends Error {
  /** The keyword. */
  readonly keyword: string;
  /** The JSON Pointer of the schema holding it. */
  readonly pointer: string;
  /** The error naming the keyword and its schema's pointer. */
  constructor(keyword: string, pointer: string) {
    super(`Unsupported keyword "${keyword}" in a schema at ${pointer || "/"} (see ${TABLE})`);
    this.name = "UnsupportedKeywordError";
    this.keyword = keyword;
    this.pointer = pointer;
  }
}

/** A path is a list of parts, compiled to a string expression. */
function pathExpr(parts: PathPart[]): string {
  if (parts.length === 0) return '""';
  const out: string[] = [];
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

/** Code pushing an issue. */
const push = (parts: PathPart[], msg: string): string =>
  `issues.push({ path: ${pathExpr(parts)}, message: ${msg} });`;
/** A JSON literal. */
const str = (s: unknown): string => JSON.stringify(s);

/** The test that `v` is of JSON type `t` (a number is finite). */
function typeTest(t: string, v: string): string {
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

/** How each type is named in a message. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  object: "an object",
  array: "an array",
  integer: "an integer",
  number: "a finite number",
  string: "a string",
  boolean: "a boolean",
  null: "null",
};

/** The bounds a decimal's text form is checked against: keyword, the failing comparison, the message's words. */
const DECIMAL_TEXT_BOUNDS = [
  ["minimum", "<", "must be at least"],
  ["maximum", ">", "must be at most"],
  ["exclusiveMinimum", "<=", "must be greater than"],
  ["exclusiveMaximum", ">=", "must be less than"],
] as const;

/** True for a schema object (not a boolean schema). */
const isSchemaObject = (node: unknown): node is SchemaObject =>
  node !== null && typeof node === "object" && !Array.isArray(node);

/** True when `key` asks nothing of a value (an annotation or an extension). */
const isAnnotation = (key: string): boolean => ANNOTATIONS.has(key) || key.startsWith("x-");

/** A union of strings where one branch is any string: just "a string". */
const isAnyString = (branches: Schema[]): boolean =>
  branches.every((b) => isSchemaObject(b) && b.type === "string") &&
  branches.some(
    (b) => isSchemaObject(b) && Object.keys(b).every((k) => isAnnotation(k) || k === "type"),
  );

/** The schema without the given keywords. */
function without(schema: SchemaObject, ...keys: string[]): SchemaObject {
  const rest: SchemaObject = { ...schema };
  for (const k of keys) delete rest[k];
  return rest;
}

/** True when the schema has a keyword that asks something of a value. */
const asksSomething = (schema: SchemaObject): boolean =>
  Object.keys(schema).some((k) => !isAnnotation(k) && k !== "$defs" && k !== "definitions");

/** Where an emitted schema is: the base URI in effect and its JSON Pointer (for refusals). */
interface Scope {
  readonly base: string;
  readonly at: string;
}

/** A check run into its own list of issues: code evaluating to its issue count, with what it evaluated merged. */
interface Branch {
  readonly count: string;
  readonly code: string;
}

/**
 * The validator emitter's state and its emitters, one per kind of schema: a `$ref` (recursive ones as nested
 * functions), the applicators, binary content, a discriminated union, a decimal's text form, and a typed value whose
 * keywords the keyword table checks.
 */
class ValidatorEmitter {
  private readonly document: Json;
  private readonly index: SchemaIndex;
  private varCounter = 0;
  /** Module-level constants (compiled patterns), built once at import instead of on every call. */
  readonly constants: string[] = [];
  private constCounter = 0;
  /** The format functions the validators emitted since the last takeFormats() call. */
  readonly formats = new Set<string>();
  /** The canonical URIs of the `$ref`s being emitted, outermost first (a repeat is a recursive call). */
  private readonly refStack: string[] = [];
  /** $ref target (and what it tracks) -> its nested function's name. */
  private readonly recursive = new Map<string, string>();
  /** The nested functions and helpers of the validator being emitted. */
  private nested: string[] = [];
  private helpers = new Set<Helper>();

  constructor(document: Json) {
    this.document = document;
    this.index = new SchemaIndex(document);
  }

  /** A variable name not used before. */
  fresh(p: string): string {
    return `${p}${this.varCounter++}`;
  }

  /** An expression built once, at import; the constant's name. */
  hoist(expr: string): string {
    const name = `pattern${this.constCounter++}`;
    this.constants.push(`const ${name} = ${expr};`);
    return name;
  }

  /** Declares `helper` (and what it calls) in the validator being emitted; its name. */
  useHelper(helper: Helper): string {
    if (helper === "unique") this.useHelper("equal");
    if (!this.helpers.has(helper)) {
      this.helpers.add(helper);
      this.nested.push(HELPER_CODE[helper]);
    }
    return helper;
  }

  /** Emits the body of a validator function for `schema` (value `v`, issues to `issues`); `at` is its pointer. */
  emitValidator(schema: Schema, at = ""): string {
    this.varCounter = 0;
    this.nested = [];
    this.helpers = new Set();
    this.recursive.clear();
    const pointer = this.index.pointerOf(schema) ?? at;
    const code = this.emit(schema, "v", [], {
      base: this.index.baseOf(schema, DOCUMENT_BASE),
      at: pointer,
    });
    return this.nested.join("") + code;
  }

  /** The tools of the keyword table, for a schema at `scope`. */
  private tools(scope: Scope): KeywordTools {
    return {
      push,
      str,
      fresh: (p) => this.fresh(p),
      hoist: (expr) => this.hoist(expr),
      emit: (schema, v, parts, via, track) =>
        this.emit(schema, v, parts, { base: scope.base, at: scope.at + via }, track),
      pathExpr,
      useFormat: (name) => {
        this.formats.add(name);
      },
      useHelper: (helper) => this.useHelper(helper),
    };
  }

  /** Emits code that checks `v` against `node`, pushing issues at `parts`, recording evaluations into `track`. */
  emit(node: Schema, v: string, parts: PathPart[], scope: Scope, track: Track = {}): string {
    if (node === true) return "";
    if (node === false) return `${push(parts, str("is not allowed"))}\n`;
    for (const k of Object.keys(node))
      if (!SUPPORTED.has(k) && !isAnnotation(k)) throw new UnsupportedKeywordError(k, scope.at);
    const base = this.index.baseOf(node, scope.base);
    return this.emitResolved(node, v, parts, { base, at: scope.at }, track);
  }

  /** The call of the nested function that checks a recursive `$ref` target (emitted on first use). */
  private recursiveCall(
    target: { schema: Schema; base: string; key: string; pointer: string },
    v: string,
    parts: PathPart[],
    track: Track,
  ): string {
    const id = `${target.key}|${track.props ? "p" : ""}${track.items ? "i" : ""}`;
    let name = this.recursive.get(id);
    const params = `${track.props ? ", ep: Set<string>" : ""}${track.items ? ", ei: Set<number>" : ""}`;
    if (!name) {
      name = this.fresh("rec");
      this.recursive.set(id, name);
      const inner: Track = {
        ...(track.props ? { props: "ep" } : {}),
        ...(track.items ? { items: "ei" } : {}),
      };
      const body = this.emit(
        target.schema,
        "v",
        [{ x: "at" }],
        { base: target.base, at: target.pointer },
        inner,
      );
      this.nested.push(
        `function ${name}(v: any, issues: Issue[], at: string${params}): void {\n${body}}\n`,
      );
    }
    const args = `${track.props ? `, ${track.props}` : ""}${track.items ? `, ${track.items}` : ""}`;
    return `${name}(${v}, issues, ${pathExpr(parts)}${args});\n`;
  }

  /** `$ref`: the target's checks in place (a target being emitted already is a recursive call). */
  private emitRef(ref: string, v: string, parts: PathPart[], scope: Scope, track: Track): string {
    const target = this.index.resolve(ref, scope.base);
    if (this.refStack.includes(target.key)) return this.recursiveCall(target, v, parts, track);
    this.refStack.push(target.key);
    try {
      return this.emit(target.schema, v, parts, { base: target.base, at: target.pointer }, track);
    } finally {
      this.refStack.pop();
    }
  }

  /** Checks `code` runs into its own list of issues; a branch's evaluations reach `track` only when it holds. */
  private branch(code: (inner: Track) => string, track: Track): Branch {
    const inner: Track = {
      ...(track.props ? { props: this.fresh("sp") } : {}),
      ...(track.items ? { items: this.fresh("si") } : {}),
    };
    let body = "";
    if (inner.props) body += `const ${inner.props} = new Set<string>();\n`;
    if (inner.items) body += `const ${inner.items} = new Set<number>();\n`;
    body += code(inner);
    if (inner.props)
      body += `if (issues.length === 0) for (const x of ${inner.props}) ${track.props}.add(x);\n`;
    if (inner.items)
      body += `if (issues.length === 0) for (const x of ${inner.items}) ${track.items}.add(x);\n`;
    return {
      count: this.fresh("b"),
      code: `((issues: Issue[]): number => {\n${body}return issues.length; })([])`,
    };
  }

  /** The validation code of a schema object, the applicators first, by the keywords it has. */
  private emitResolved(
    schema: SchemaObject,
    v: string,
    parts: PathPart[],
    scope: Scope,
    track: Track,
  ): string {
    if (schema.unevaluatedProperties !== undefined || schema.unevaluatedItems !== undefined)
      return this.emitUnevaluated(schema, v, parts, scope, track);
    if (typeof schema.$ref === "string")
      return (
        this.emitRef(schema.$ref, v, parts, scope, track) +
        this.emitRest(without(schema, "$ref"), v, parts, scope, track)
      );
    if (Array.isArray(schema.allOf)) {
      let code = "";
      schema.allOf.forEach((part: Schema, i: number) => {
        code += this.emit(part, v, parts, { ...scope, at: `${scope.at}/allOf/${i}` }, track);
      });
      return code + this.emitRest(without(schema, "allOf"), v, parts, scope, track);
    }
    if (schema.type === "string" && isBinaryString(schema)) {
      // Binary content (a file part, an octet-stream body): a Blob (or File), a Uint8Array, or text.
      return `if (!(typeof ${v} === "string" || ${v} instanceof Uint8Array || (typeof Blob !== "undefined" && ${v} instanceof Blob))) ${push(parts, str("must be a Blob, a File, a Uint8Array or a string"))}\n`;
    }
    const discriminator = isSchemaObject(schema.discriminator)
      ? schema.discriminator.propertyName
      : undefined;
    if (typeof discriminator === "string" && (schema.oneOf || schema.anyOf))
      return this.emitDiscriminated(schema, discriminator, v, parts, scope, track);
    if (schema.format === "decimal" && !schema["x-decimal-text-checked"])
      return this.emitDecimalText(schema, v, parts, scope, track);
    for (const keyword of ["anyOf", "oneOf"] as const)
      if (Array.isArray(schema[keyword]))
        return (
          this.emitUnion(schema, keyword, v, parts, scope, track) +
          this.emitRest(without(schema, keyword), v, parts, scope, track)
        );
    return (
      this.emitConditionals(schema, v, parts, scope, track) +
      this.emitTyped(schema, v, parts, scope, track)
    );
  }

  /** The checks of what is left of a schema once an applicator is emitted; none when it asks nothing. */
  private emitRest(
    rest: SchemaObject,
    v: string,
    parts: PathPart[],
    scope: Scope,
    track: Track,
  ): string {
    return asksSomething(rest) ? this.emitResolved(rest, v, parts, scope, track) : "";
  }

  /**
   * `unevaluatedProperties`/`unevaluatedItems`: the rest of the schema records what it evaluated, then what is left
   * is checked against them (and counts as evaluated for an enclosing schema).
   */
  private emitUnevaluated(
    schema: SchemaObject,
    v: string,
    parts: PathPart[],
    scope: Scope,
    track: Track,
  ): string {
    const inner: Track = {
      ...(schema.unevaluatedProperties !== undefined || track.props
        ? { props: this.fresh("ep") }
        : {}),
      ...(schema.unevaluatedItems !== undefined || track.items ? { items: this.fresh("ei") } : {}),
    };
    let code = "{\n";
    if (inner.props) code += `const ${inner.props} = new Set<string>();\n`;
    if (inner.items) code += `const ${inner.items} = new Set<number>();\n`;
    code += this.emitResolved(
      without(schema, "unevaluatedProperties", "unevaluatedItems"),
      v,
      parts,
      scope,
      inner,
    );
    const sub = (schemaAt: Schema, value: string, at: PathPart[], via: string): string =>
      this.emit(schemaAt, value, at, { ...scope, at: scope.at + via });
    if (schema.unevaluatedProperties !== undefined) {
      const [k, at] = [this.fresh("k"), this.fresh("at")];
      const check = sub(
        schema.unevaluatedProperties,
        `${v}[${k}]`,
        [{ x: at }],
        "/unevaluatedProperties",
      );
      code += `if (${typeTest("object", v)}) for (const ${k} in ${v}) if (!${inner.props}.has(${k})) { const ${at} = ${pathExpr(parts)} + "/" + ${k}.replace(/~/g, "~0").replace(/\\//g, "~1");\n${check}${inner.props}.add(${k}); }\n`;
    } else if (track.props) code += `for (const x of ${inner.props}) ${track.props}.add(x);\n`;
    if (schema.unevaluatedItems !== undefined) {
      const i = this.fresh("i");
      const check = sub(
        schema.unevaluatedItems,
        `${v}[${i}]`,
        [...parts, { v: i }],
        "/unevaluatedItems",
      );
      code += `if (Array.isArray(${v})) for (let ${i} = 0; ${i} < ${v}.length; ${i}++) if (!${inner.items}.has(${i})) {\n${check}${inner.items}.add(${i}); }\n`;
    } else if (track.items) code += `for (const x of ${inner.items}) ${track.items}.add(x);\n`;
    if (track.props && inner.props)
      code += `for (const x of ${inner.props}) ${track.props}.add(x);\n`;
    if (track.items && inner.items)
      code += `for (const x of ${inner.items}) ${track.items}.add(x);\n`;
    return `${code}}\n`;
  }

  /** `not`, `if`/`then`/`else` and `dependentSchemas`: checks applied to the same value. */
  private emitConditionals(
    schema: SchemaObject,
    v: string,
    parts: PathPart[],
    scope: Scope,
    track: Track,
  ): string {
    const at = (via: string): Scope => ({ ...scope, at: scope.at + via });
    let code = "";
    if (schema.not !== undefined) {
      const not = this.branch(() => this.emit(schema.not, v, parts, at("/not")), {});
      code += `if (${not.code} === 0) ${push(parts, str("must not match the excluded shape"))}\n`;
    }
    const tracked = track.props !== undefined || track.items !== undefined;
    const decides = schema.then !== undefined || schema.else !== undefined;
    // An `if` without `then` and `else` decides nothing; what it evaluates still counts for unevaluated* (as the
    // suite has it; Ajv ignores such an `if`).
    if (schema.if !== undefined && (decides || tracked)) {
      const test = this.branch((inner) => this.emit(schema.if, v, parts, at("/if"), inner), track);
      const then =
        schema.then === undefined ? "" : this.emit(schema.then, v, parts, at("/then"), track);
      const otherwise =
        schema.else === undefined ? "" : this.emit(schema.else, v, parts, at("/else"), track);
      code += decides
        ? `if (${test.code} === 0) {\n${then}} else {\n${otherwise}}\n`
        : `${test.code};\n`;
    }
    if (isSchemaObject(schema.dependentSchemas)) {
      let each = "";
      for (const [k, sub] of Object.entries(schema.dependentSchemas))
        each += `if (${readProperty(v, k)} !== undefined) {\n${this.emit(sub, v, parts, at(`/dependentSchemas/${k}`), track)}}\n`;
      code += `if (${typeTest("object", v)}) {\n${each}}\n`;
    }
    return code;
  }

  /**
   * A union with a discriminator: the property picks the branch, whose own issues are reported (so a mismatch names
   * the fields of that branch); an unknown or missing value names the property and its values.
   */
  private emitDiscriminated(
    schema: SchemaObject,
    property: string,
    v: string,
    parts: PathPart[],
    scope: Scope,
    track: Track,
  ): string {
    // The spec model's one discriminator choice (mapping, then each branch's const/enum, then its component name).
    const choice = chooseBranch(this.document, schema);
    const byValue = new Map<string, Schema>(
      [...(choice?.byValue ?? [])].map(([value, index]) => [value, choice?.branches[index]]),
    );
    const known = [...byValue.keys()];
    let code = `if (!(${typeTest("object", v)})) ${push(parts, str("must be an object"))}\nelse switch (${v}[${str(property)}]) {\n`;
    for (const [value, branch] of byValue)
      code += `case ${str(value)}: {\n${this.emit(branch, v, parts, scope, track)}break; }\n`;
    code += `default: ${push([...parts, { s: property }], str(`must be one of ${known.map((k) => JSON.stringify(k)).join(", ")}`))}\n}\n`;
    const rest = without(schema, "oneOf", "anyOf", "discriminator");
    return code + this.emitRest(rest, v, parts, scope, track);
  }

  /** A `format: decimal` value: its text form (decimals: "string") checked, then the schema's own checks on the number. */
  private emitDecimalText(
    schema: SchemaObject,
    v: string,
    parts: PathPart[],
    scope: Scope,
    track: Track,
  ): string {
    const text = [
      `if (!DECIMAL_STRING.test(${v})) ${push(parts, str('must be a decimal number or its exact text, e.g. "100.10"'))}`,
    ];
    for (const [k, op, words] of DECIMAL_TEXT_BOUNDS) {
      if (schema[k] !== undefined)
        text.push(
          `else if (Number(${v}) ${op} ${schema[k]}) ${push(parts, str(`${words} ${schema[k]}`))}`,
        );
    }
    const rest = this.emit({ ...schema, "x-decimal-text-checked": true }, v, parts, scope, track);
    return `if (decimalStrings && typeof ${v} === "string") {\n${text.join("\n")}\n} else {\n${rest}}\n`;
  }

  /** `anyOf`/`oneOf` without a discriminator: each branch checks into its own list; only the counts are kept. */
  private emitUnion(
    schema: SchemaObject,
    keyword: "anyOf" | "oneOf",
    v: string,
    parts: PathPart[],
    scope: Scope,
    track: Track,
  ): string {
    const written: Schema[] = schema[keyword];
    const branches = written.map((b) =>
      isSchemaObject(b) && typeof b.$ref === "string" && Object.keys(b).length === 1
        ? this.index.resolve(b.$ref, scope.base).schema
        : b,
    );
    if (isAnyString(branches))
      return `if (typeof ${v} !== "string") ${push(parts, str("must be a string"))}\n`;
    const counted = written.map((b, i) =>
      this.branch(
        (inner) => this.emit(b, v, parts, { ...scope, at: `${scope.at}/${keyword}/${i}` }, inner),
        track,
      ),
    );
    let code = "{\n";
    for (const b of counted) code += `const ${b.count} = ${b.code};\n`;
    const names = counted.map((b) => b.count);
    const cond =
      keyword === "anyOf"
        ? names.map((n) => `${n} > 0`).join(" && ")
        : `[${names.join(", ")}].filter((n) => n === 0).length !== 1`;
    code += `if (${cond}) ${push(parts, str(keyword === "anyOf" ? "must match one of the allowed shapes" : "must match exactly one of the allowed shapes"))} }\n`;
    return code;
  }

  /** A value of the schema's `type` (any when it has none), then every row of the keyword table the schema uses. */
  private emitTyped(
    schema: SchemaObject,
    v: string,
    parts: PathPart[],
    scope: Scope,
    track: Track,
  ): string {
    const types: string[] =
      schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
    const body: string[] = [];
    let code: string;
    if (types.length > 0) {
      const anyType = types.map((t) => typeTest(t, v)).join(" || ");
      code = `if (!(${anyType})) ${push(parts, str(`must be ${types.map((t) => TYPE_WORDS[t]).join(" or ")}`))}\nelse {\n`;
    } else code = "{\n";
    // A keyword applies to its own type only: guarded unless the schema's one type is that type.
    const guard = (t: string): string =>
      t === "number" && types.length === 0 ? `typeof ${v} === "number"` : typeTest(t, v);
    const only = (t: string, c: string): string =>
      types.length === 1 && (types[0] === t || (t === "number" && types[0] === "integer"))
        ? c
        : `if (${guard(t)}) { ${c} }`;
    const numT = types.includes("number") || !types.includes("integer") ? "number" : "integer";
    const tools = this.tools(scope);
    for (const row of VALUE_KEYWORDS) {
      if (!row.keywords.some((k) => schema[k] !== undefined)) continue;
      const emitted = row.emit({ schema, v, parts, numT, only, track, at: scope.at, ...tools });
      if (emitted !== undefined) body.push(emitted);
    }
    return `${code}${body.join("\n")}\n}\n`;
  }
}

/** The validator emitter: code that checks a value against a schema, resolving `$ref`s against `document`. */
export function validatorEmitter(document: Json): {
  emitValidator: (schema: Json, at?: string) => string;
  takeConstants: () => string;
  takeFormats: () => string[];
} {
  const emitter = new ValidatorEmitter(document);
  return {
    /** Emits the body of a validator function for `schema` (the value is `v`, issues go to `issues`); `at`: its pointer. */
    emitValidator: (schema, at) => emitter.emitValidator(schema, at),
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
