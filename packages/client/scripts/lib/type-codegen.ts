// TypeScript types with readable names from the spec's component schemas: one interface or alias per component,
// in the form the client hands over (answers) and the form it accepts (requests). Hovering a result shows
// `Transaction<"number">` and its fields, each with its description, not an index into `components`.
//
// Answer form ("out"): integer-or-string fields are `string` (the client keeps every digit), decimals follow the
// client's `decimals` option (`DecimalValue<Decimals>`), a `x-normalize-to-object` union is its object branch.
// Request form ("in"): `format: date` also takes a Date, `x-accepts-integer` also takes a number, decimals take
// `DecimalInput<Decimals>` (a decimal string too when `decimals: "string"`). Open enums offer their known values.

import type { Json } from "@merchant-payments/spec/model";
import { deref, isObject, refName, walkSchema } from "@merchant-payments/spec/model";
import { identifiersOf, typeName } from "./identifiers.js";
import { isDecimalSchema } from "./operation-facts.js";
import { isBinaryString } from "./schema-keywords.js";

/** the request form ("in") or the answer form ("out") of a type */
export type Mode = "in" | "out";

const D_PARAM = `<Decimals extends DecimalMode = "number">`;

/**
 * A JSDoc block from lines of text, indented.
 * @param [indent]
 */
function jsdoc(lines: unknown[], indent: string = ""): string {
  const text = lines.filter(Boolean).join("\n\n").replace(/\*\//g, "*\\/").trim();
  if (!text) return "";
  const body = text.split("\n");
  if (body.length === 1) return `${indent}/** ${body[0]} */\n`;
  return `${indent}/**\n${body.map((l) => `${indent} *${l ? ` ${l}` : ""}`).join("\n")}\n${indent} */\n`;
}

/** @param k a property name, quoted unless an identifier */
const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));

/**
 * The type emitter's state and its emitters, one per kind of schema: a component's declaration, a schema written out
 * where used (composition, unions, enums, binary content), one JSON type, an object's members.
 */

/** Keywords that constrain a value without giving it a type or members. */
const CONSTRAINT_KEYWORDS = new Set([
  "required",
  "description",
  "title",
  "minProperties",
  "maxProperties",
]);

/**
 * True for a union branch that only constrains (which properties are required), typing nothing of its own.
 */
function constrainsOnly(branch: unknown) {
  return isObject(branch) && Object.keys(branch).every((key) => CONSTRAINT_KEYWORDS.has(key));
}

/** Keywords beside a `$ref` that add to its type (an annotation or a check beside it adds nothing). */
const TYPING_SIBLINGS = new Set([
  "type",
  "properties",
  "items",
  "prefixItems",
  "allOf",
  "anyOf",
  "oneOf",
  "enum",
  "const",
]);

/**
 * True for an object left open by keywords other than `additionalProperties`: `patternProperties`, or
 * `unevaluatedProperties` other than false.
 */
function openByOtherKeys(schema: Json): boolean {
  if (schema.additionalProperties === false) return false;
  if (isObject(schema.patternProperties)) return true;
  return schema.unevaluatedProperties !== undefined && schema.unevaluatedProperties !== false;
}

/**
 * The type of an index signature beside declared members: TypeScript requires it to admit every member's type
 * (`undefined` for an optional one), so the union of `value` and theirs where each is written on one line, else
 * `unknown`.
 */
function indexType(value: string, memberTypes: ReadonlySet<string>): string {
  const types = new Set([value, ...memberTypes]);
  if (types.has("unknown") || [...types].some((t) => t.includes("\n"))) return "unknown";
  if (types.size === 1) return value;
  const parenthesized = (t: string) => (t.includes("=>") ? `(${t})` : t);
  return [...types].map(parenthesized).join(" | ");
}

class TypeEmitter {
  /** The bundled spec. */
  readonly document: Json;
  /** The component schemas by name. */
  readonly components: Record<string, Json>;
  /** schema -> whether it reaches a decimal */
  readonly decimalCache = new Map<Json, boolean>();
  /** The components a request reaches. */
  readonly requestNames = new Set<string>();
  /** The components an answer reaches. */
  readonly answerNames = new Set<string>();
  /** component -> name of its request form when it differs from the answer form */
  readonly inputNames = new Map<string, string>();
  /** component -> its type's name (identifiers.ts: PascalCase; two components of one name are refused) */
  readonly typeNames: Map<string, string>;
  /** the names (models, DateInput, DecimalInput, DecimalValue) the types emitted since the last take use */
  readonly used = new Set<string>();

  constructor(document: Json) {
    this.document = document;
    this.components = isObject(document.components?.schemas) ? document.components.schemas : {};
    this.typeNames = identifiersOf(Object.keys(this.components), typeName, "component names");
  }

  /**
   * The type name of a component.
   */
  nameOf(component: string): string {
    return this.typeNames.get(component) ?? typeName(component);
  }

  /**
   * Records that the emitted code uses `name` (an import of the module that emits it) and returns it.
   */
  use(name: string): string {
    this.used.add(name);
    return name;
  }

  /**
   * Adds to `into` the component names `root` reaches (through $refs, properties, items, maps, branches).
   * @param into
   */
  reach(root: Json, into: Set<string>) {
    walkSchema(
      this.document,
      root,
      ({ node }) => {
        const name = refName(node);
        if (name) into.add(name);
      },
      { once: true },
    );
  }

  /**
   * True when the schema reaches a decimal (through $refs, properties, items, maps, branches), so its type takes
   * the `Decimals` parameter.
   */
  hasDecimal(node: Json): boolean {
    const schema = deref(this.document, node);
    const cached = this.decimalCache.get(schema);
    if (cached !== undefined) return cached;
    let found = false;
    walkSchema(
      this.document,
      schema,
      (visit) => {
        if (isDecimalSchema(visit.schema)) found = true;
        return !found;
      },
      { once: true },
    );
    this.decimalCache.set(schema, found);
    return found;
  }

  /**
   * A component inlined where used: a primitive (no object, array, enum or union of its own).
   */
  isPrimitive(schema: Json): boolean {
    return (
      !schema.properties &&
      !schema.items &&
      !schema.enum &&
      !schema.anyOf &&
      !schema.oneOf &&
      !schema.allOf &&
      schema.type !== "object" &&
      schema.type !== "array"
    );
  }

  /**
   * Known values of an open enum (`anyOf: [{enum}, {type: string}]`), else undefined.
   * @returns | undefined}
   */
  openEnum(schema: Json): { values: Json[]; open: boolean; descriptions: Json } | undefined {
    const branches: Json[] | undefined = schema.anyOf?.map((b: Json) => deref(this.document, b));
    if (!branches || !Array.isArray(branches[0]?.enum)) return undefined;
    const open = branches.slice(1).some((b) => b.type === "string" && !b.enum && !b.format);
    return { values: branches[0].enum, open, descriptions: branches[0]["x-enumDescriptions"] };
  }

  /**
   * The type argument of a component's name: `<Decimals>` when it reaches a decimal.
   */
  dArg(name: string) {
    return this.hasDecimal(this.components[name]) ? "<Decimals>" : "";
  }

  /**
   * The TypeScript type of a schema node in `mode` ("in" or "out").
   * @param mode
   */
  tsType(node: Json, mode: Mode, indent: string): string {
    const name = refName(node);
    const schema = deref(this.document, node);
    if (name && this.components[name] && !this.isPrimitive(schema)) {
      const target =
        mode === "in" ? (this.inputNames.get(name) ?? this.nameOf(name)) : this.nameOf(name);
      const named = this.use(target) + this.dArg(name);
      // A `$ref` with sibling keywords that type (2020-12 applies both): the intersection.
      const { $ref, ...siblings } = isObject(node) ? node : {};
      if (!Object.keys(siblings).some((k) => TYPING_SIBLINGS.has(k))) return named;
      const own = this.inlineType(siblings, mode, indent);
      return own === "unknown" ? named : `${named} & ${/[|]/.test(own) ? `(${own})` : own}`;
    }
    return this.inlineType(schema, mode, indent);
  }

  /**
   * The type of the one object branch of an `x-normalize-to-object` union.
   * @param mode
   */
  objectBranchType(schema: Json, mode: Mode, indent: string): string {
    const branch = schema.oneOf.find((b: Json) => deref(this.document, b).type === "object");
    return this.tsType(branch, mode, indent);
  }

  /**
   * The type of a schema written out where used (not by a component's name).
   * @param mode
   */
  inlineType(schema: Json, mode: Mode, indent: string): string {
    if (!isObject(schema)) return "unknown";
    if (mode === "out" && typeof schema["x-normalize-to-object"] === "string") {
      return this.objectBranchType(schema, mode, indent);
    }
    if (isDecimalSchema(schema))
      return `${this.use(mode === "in" ? "DecimalInput" : "DecimalValue")}<Decimals>`;
    const known = this.openEnum(schema);
    if (known) {
      return [
        ...known.values.map((v) => JSON.stringify(v)),
        ...(known.open ? ["(string & {})"] : []),
      ].join(" | ");
    }
    if (Array.isArray(schema.allOf)) {
      // Composition: every part's type, and the schema's own members.
      const { allOf, ...own } = schema;
      const parts = allOf.map((b: Json) => this.tsType(b, mode, indent));
      if (own.properties || own.type) parts.push(this.inlineType(own, mode, indent));
      return [...new Set(parts)].map((t) => (/[|]/.test(t) ? `(${t})` : t)).join(" & ");
    }
    if (isBinaryString(schema)) {
      // Binary content: sent as a Blob (or File), a Uint8Array or text; handed over as a Blob.
      return mode === "in" ? "Blob | Uint8Array | string" : "Blob";
    }
    // A union whose branches only say which properties are required (`anyOf: [{ required: [a] }, { required: [b] }]`)
    // constrains the schema's own object: typed by its properties (the validators check the union).
    if ((schema.anyOf || schema.oneOf) && !(schema.anyOf ?? schema.oneOf).every(constrainsOnly)) {
      const types = [
        ...new Set((schema.anyOf ?? schema.oneOf).map((b: Json) => this.tsType(b, mode, indent))),
      ];
      return types.join(" | ");
    }
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
    const types: string[] =
      schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.length === 0) {
      if (schema.properties) return this.objectType(schema, mode, indent);
      return Array.isArray(schema.prefixItems) ? this.tupleType(schema, mode, indent) : "unknown";
    }
    if (types.includes("integer") && types.includes("string")) {
      const rest = types
        .filter((t) => t !== "integer" && t !== "string")
        .map((t) => this.scalar(t, schema, mode, indent));
      return [mode === "in" ? "number | string" : "string", ...rest].join(" | ");
    }
    return [...new Set(types.map((t) => this.scalar(t, schema, mode, indent)))].join(" | ");
  }

  /**
   * The type of one JSON type of a schema.
   * @param schema
   * @param indent
   */
  scalar(type: string, schema: Json, mode: Mode, indent: string): string {
    switch (type) {
      case "integer":
      case "number":
        return "number";
      case "boolean":
        return "boolean";
      case "null":
        return "null";
      case "string":
        if (mode === "in" && schema.format === "date") return this.use("DateInput");
        if (mode === "in" && schema["x-accepts-integer"] === true) return "string | number";
        return "string";
      case "array": {
        if (Array.isArray(schema.prefixItems)) return this.tupleType(schema, mode, indent);
        const item = isObject(schema.items) ? this.tsType(schema.items, mode, indent) : "unknown";
        return /[|&\s]/.test(item) && !item.startsWith("{") ? `(${item})[]` : `${item}[]`;
      }
      case "object":
        return this.objectType(schema, mode, indent);
      default:
        throw new Error(`Unsupported schema type ${type}`);
    }
  }

  /**
   * A tuple (`prefixItems`): each position optional (an array may be shorter), then the rest: `items`' type, none when
   * `items` is false, else `unknown`.
   * @param mode
   */
  tupleType(schema: Json, mode: Mode, indent: string): string {
    const head = schema.prefixItems.map((item: Json) => `${this.tsType(item, mode, indent)}?`);
    const rest =
      schema.items === false
        ? []
        : [
            `...${isObject(schema.items) ? `(${this.tsType(schema.items, mode, indent)})` : "unknown"}[]`,
          ];
    return `[${[...head, ...rest].join(", ")}]`;
  }

  /**
   * The JSDoc lines of a property: its description, its enum's descriptions, its format.
   * @param schema
   */
  propertyDoc(node: Json, schema: Json): string[] {
    const own =
      isObject(node) && typeof node.description === "string" ? node.description : undefined;
    const lines = [own ?? (typeof schema.description === "string" ? schema.description : "")];
    const enumDescriptions = schema["x-enumDescriptions"] ?? this.openEnum(schema)?.descriptions;
    if (isObject(enumDescriptions)) {
      lines.push(
        Object.entries(enumDescriptions)
          .map(([v, d]) => `\`${v}\`: ${d}`)
          .join("; "),
      );
    }
    if (typeof schema.format === "string" && schema.format !== "decimal")
      lines.push(`Format: ${schema.format}.`);
    return lines;
  }

  /**
   * The members of an object type, one a line, each with its JSDoc.
   * @param mode
   */
  members(schema: Json, mode: Mode, indent: string): string {
    const required = new Set(schema.required ?? []);
    let out = "";
    /** The declared members' types (`undefined` for an optional one): the index signature must admit each. */
    const memberTypes = new Set<string>();
    for (const [k, sub] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
      const target = deref(this.document, sub);
      const type = this.tsType(sub, mode, `${indent}  `);
      memberTypes.add(type);
      if (!required.has(k)) memberTypes.add("undefined");
      out += jsdoc(this.propertyDoc(sub, target), indent);
      out += `${indent}${key(k)}${required.has(k) ? "" : "?"}: ${type};\n`;
    }
    if (schema.additionalProperties === true || isObject(schema.additionalProperties)) {
      const value = isObject(schema.additionalProperties)
        ? this.tsType(schema.additionalProperties, mode, indent)
        : "unknown";
      out += `${indent}[key: string]: ${indexType(value, memberTypes)};\n`;
    } else if (openByOtherKeys(schema)) {
      // Keys by pattern, or left to unevaluatedProperties: TypeScript has no pattern keys, so any key, any value.
      out += `${indent}[key: string]: unknown;\n`;
    }
    return out;
  }

  /**
   * An object type written out.
   * @param mode
   */
  objectType(schema: Json, mode: Mode, indent: string): string {
    if (!schema.properties) return "Record<string, unknown>";
    return `{\n${this.members(schema, mode, `${indent}  `)}${indent}}`;
  }

  /**
   * The declaration of one component in one mode, under `name`.
   * @param name
   */
  declaration(component: string, name: string, mode: Mode): string {
    const schema = deref(this.document, this.components[component]);
    const param = this.hasDecimal(this.components[component]) ? D_PARAM : "";
    const doc = jsdoc([
      schema.description,
      ...(schema["x-normalize-to-object"]
        ? [`The client always hands it over in the object form.`]
        : []),
    ]);
    if (mode === "out" && typeof schema["x-normalize-to-object"] === "string") {
      // Its own name (what an editor shows), with the members of the object branch.
      const branch = this.objectBranchType(schema, mode, "");
      return `${doc}export interface ${name}${param} extends ${branch} {}\n`;
    }
    const isInterface =
      !schema["x-normalize-to-object"] &&
      schema.properties &&
      !schema.anyOf &&
      !schema.oneOf &&
      !schema.allOf;
    if (isInterface)
      return `${doc}export interface ${name}${param} {\n${this.members(schema, mode, "  ")}}\n`;
    return `${doc}export type ${name}${param} = ${this.inlineType(schema, mode, "")};\n`;
  }

  /**
   * The module text: every component reached from `requestRoots` (request form) and `answerRoots` (answer form).
   * A component reached from both whose two forms differ gets its request form as `<Name>Input`.
   * @param answerRoots
   * @returns the text and the declared types' names, in order
   */
  emitModels(requestRoots: Json[], answerRoots: Json[]): { text: string; names: string[] } {
    for (const root of requestRoots) this.reach(root, this.requestNames);
    for (const root of answerRoots) this.reach(root, this.answerNames);
    const both = [...this.requestNames].filter((n) => this.answerNames.has(n));
    for (const n of both) {
      if (this.isPrimitive(deref(this.document, this.components[n]))) continue; // inlined where used; declared once below
      const text = (mode: Mode) => this.declaration(n, this.nameOf(n), mode);
      if (text("in") !== text("out")) this.inputNames.set(n, `${this.nameOf(n)}Input`);
    }
    let out = "";
    const names: string[] = [];
    for (const name of Object.keys(this.components)) {
      if (this.answerNames.has(name)) {
        out += `\n${this.declaration(name, this.nameOf(name), "out")}`;
        names.push(this.nameOf(name));
      }
      if (
        this.requestNames.has(name) &&
        (!this.answerNames.has(name) || this.inputNames.has(name))
      ) {
        const input = this.inputNames.get(name) ?? this.nameOf(name);
        out += `\n${this.declaration(name, input, "in")}`;
        names.push(input);
      }
    }
    this.used.clear();
    return { text: out, names };
  }
  /**
   * The type of a request body (request form) or of an answer (answer form), as used in a method signature.
   * @param mode
   */
  typeOf(node: Json, mode: Mode): string {
    const schema = deref(this.document, node);
    // A named list of named items reads better as `Item[]` than as the list's name.
    if (refName(node) && schema.type === "array" && refName(schema.items))
      return `${this.tsType(schema.items, mode, "")}[]`;
    return this.tsType(node, mode, "");
  }
}

/**
 * Emits the types of `document`'s components reached from the request roots and the answer roots.
 */
export function typeEmitter(document: Json) {
  const emitter = new TypeEmitter(document);
  return {
    /**
     * The module text: every component reached from `requestRoots` (request form) and `answerRoots` (answer form).
     * A component reached from both whose two forms differ gets its request form as `<Name>Input`.
     * @param answerRoots
     */
    emitModels: (requestRoots: Json[], answerRoots: Json[]): { text: string; names: string[] } =>
      emitter.emitModels(requestRoots, answerRoots),
    /** The names the types emitted since the last take use (the imports they need), emptied. */
    takeUsed: () => {
      const used = new Set(emitter.used);
      emitter.used.clear();
      return used;
    },
    /**
     * The type of a request body (request form) or of an answer (answer form), as used in a method signature.
     * @param mode
     */
    typeOf: (node: Json, mode: Mode): string => emitter.typeOf(node, mode),
    /** True when the node's type takes the `Decimals` (decimal mode) parameter. */
    hasDecimal: (node: Json) => emitter.hasDecimal(node),
  };
}
