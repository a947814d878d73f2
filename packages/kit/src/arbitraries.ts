// Test data from the spec's schemas: fast-check arbitraries of valid values, and every single-constraint violation of
// a valid value. Used by verify (bundled) and the contract suite, through `@merchant-payments/kit`.

import {
  ANY_ITEM,
  chooseBranch,
  deref,
  isObject,
  type Schema,
  typesOf,
  walkSchema,
} from "@merchant-payments/spec/model";
import fc from "fast-check";

type Json = Record<string, unknown>;

/** Resolves `$ref`s against the document (the spec model's one resolver) and returns the schema they point to. */
function resolve(document: Json, schema: Schema): Schema {
  return (deref<Schema | undefined>(document, schema) ?? {}) as Schema;
}

/** Largest array the generator builds (maxItems of the spec still bounds it). */
const MAX_GENERATED_ITEMS = 4;

const emailArb = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/),
    fc.option(fc.stringMatching(/^[a-z0-9]{1,6}$/), { nil: undefined }),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/),
  )
  .map(([local, tag, domain]) => `${local}${tag ? `.${tag}` : ""}@${domain}.example`);

const dateArb = fc
  .date({
    min: new Date("1990-01-01T00:00:00Z"),
    max: new Date("2099-12-31T00:00:00Z"),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

const dateTimeArb = fc
  .date({
    min: new Date("1990-01-01T00:00:00Z"),
    max: new Date("2099-12-31T00:00:00Z"),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString());

/** An absolute path of 1 to 4 plain segments, e.g. `/v1/refunds/a1`. */
const pathArb = fc
  .array(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,11}$/), { minLength: 1, maxLength: 4 })
  .map((segments) => `/${segments.join("/")}`);

/** Strings of a format the generator knows, else undefined. */
function formatArb(format: unknown): fc.Arbitrary<string> | undefined {
  switch (format) {
    case "date":
      return dateArb;
    case "date-time":
      return dateTimeArb;
    case "email":
      return emailArb;
    case "uuid":
      return fc.uuid();
    case "uri":
      return fc
        .tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/), pathArb)
        .map(([host, path]) => `https://${host}.example${path}`);
    case "uri-reference":
      return pathArb;
    default:
      return undefined;
  }
}

/** Strings valid against the schema's `format`, `pattern`, `minLength` and `maxLength`. */
function stringArb(schema: Schema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : undefined;
  const fits = (s: string) =>
    [...s].length >= minLength && (maxLength === undefined || [...s].length <= maxLength);
  const known = formatArb(schema.format);
  if (known) return known.filter(fits);
  if (typeof schema.pattern === "string") {
    return fc.stringMatching(new RegExp(schema.pattern, "u")).filter(fits);
  }
  const bound = { minLength, maxLength: Math.max(minLength, Math.min(maxLength ?? 24, 24)) };
  // A grapheme can be several code points: JSON Schema counts code points, hence the filter.
  return fc.oneof(
    fc.string(bound),
    fc
      .string({
        unit: "grapheme",
        ...bound,
        maxLength: Math.max(minLength, Math.min(bound.maxLength, 12)),
      })
      .filter(fits),
  );
}

/** A fast-check arbitrary of values that are valid against `schema` (a subset of JSON Schema 2020-12: the one the spec uses). */
export function validArbitrary(document: Json, input: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(document, input);
  if (depth > 8) return fc.constant(null);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ("const" in schema) return fc.constant(schema.const);
  // A discriminated union: each value the discriminator names, with a value of its branch (OpenAPI asks the
  // property to be present, as Prism checks, even where the branch's schema leaves it optional).
  const choice = chooseBranch(document, schema);
  if (choice && choice.byValue.size > 0)
    return fc.oneof(
      ...[...choice.byValue].map(([value, index]) =>
        validArbitrary(document, choice.branches[index] as Schema, depth + 1).map((item) =>
          isObject(item) ? { ...item, [choice.property]: value } : item,
        ),
      ),
    );
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      return fc.oneof(...options.map((o) => validArbitrary(document, o as Schema, depth + 1)));
    }
  }
  const types = typesOf(schema);
  if (types.length > 1) {
    return fc.oneof(...types.map((t) => validArbitrary(document, { ...schema, type: t }, depth)));
  }
  switch (types[0]) {
    case "object": {
      const properties = isObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of Object.entries(properties)) {
        model[name] = validArbitrary(document, sub as Schema, depth + 1);
      }
      return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
    }
    case "array": {
      const maxItems = typeof schema.maxItems === "number" ? schema.maxItems : MAX_GENERATED_ITEMS;
      const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
      const items = validArbitrary(document, (schema.items ?? {}) as Schema, depth + 1);
      const bounds = {
        minLength: minItems,
        maxLength: Math.max(minItems, Math.min(maxItems, MAX_GENERATED_ITEMS)),
      };
      return schema.uniqueItems === true
        ? fc.uniqueArray(items, { ...bounds, selector: (v) => JSON.stringify(v) })
        : fc.array(items, bounds);
    }
    case "integer":
      return fc.integer({
        min: typeof schema.minimum === "number" ? schema.minimum : -(2 ** 31),
        max: typeof schema.maximum === "number" ? schema.maximum : 2 ** 31 - 1,
      });
    case "number": {
      // Whole amounts, amounts in cents and any double, each within the schema's bounds (else 0 to 10^7).
      const min = typeof schema.minimum === "number" ? schema.minimum : undefined;
      const max = typeof schema.maximum === "number" ? schema.maximum : undefined;
      const low = min ?? 0;
      const high = max ?? Math.max(low, 0) + 10_000_000;
      const int32 = (n: number) => Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, n));
      const options: fc.Arbitrary<number>[] = [
        fc.double({ noNaN: true, noDefaultInfinity: true, min: min ?? -1e12, max: max ?? 1e12 }),
      ];
      if (Math.ceil(low) <= Math.floor(high))
        options.push(fc.integer({ min: int32(Math.ceil(low)), max: int32(Math.floor(high)) }));
      if (Math.ceil(low * 100) <= Math.floor(high * 100))
        options.push(
          fc
            .integer({ min: int32(Math.ceil(low * 100)), max: int32(Math.floor(high * 100)) })
            .map((cents) => cents / 100),
        );
      return fc.oneof(...options.reverse());
    }
    case "string":
      return stringArb(schema);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.constant({});
  }
}

/** JSON values of each JSON type, used to put a value of a wrong type somewhere. */
const SAMPLES_BY_TYPE: Record<string, unknown> = {
  string: "not-the-right-type",
  integer: 7,
  number: 12.5,
  boolean: true,
  null: null,
  array: [1, 2],
  object: { unexpected: true },
};

/** The JSON types a schema accepts, its `anyOf`/`oneOf` branches included; every type for a schema that states none. */
function acceptedTypes(document: Json, input: Schema): Set<string> {
  const out = new Set<string>();
  walkSchema(
    document,
    input,
    ({ schema }) => {
      const own = new Set<string>(typesOf(schema));
      if (Array.isArray(schema.enum)) {
        for (const v of schema.enum) own.add(v === null ? "null" : typeof v);
      }
      if (own.size === 0 && !Array.isArray(schema.anyOf) && !Array.isArray(schema.oneOf)) {
        for (const t of Object.keys(SAMPLES_BY_TYPE)) own.add(t);
      }
      for (const t of own) out.add(t);
    },
    { keywords: ["anyOf", "oneOf"] },
  );
  if (out.has("number")) out.add("integer");
  return out;
}

/** The value at a data path (numbers index arrays, names index objects); undefined when absent. */
function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let at: unknown = root;
  for (const key of path) {
    if (typeof key === "number" ? !Array.isArray(at) : !isObject(at) || !(key in at))
      return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/** Replaces the value at `path` (or removes it when `remove`), returning a deep copy. */
function setAt(
  root: unknown,
  path: Array<string | number>,
  value: unknown,
  remove = false,
): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Json | unknown[];
  let parent: Json | unknown[] = copy;
  for (const key of path.slice(0, -1)) parent = (parent as Json)[key as string] as Json;
  const last = path.at(-1) as string | number;
  if (remove) delete (parent as Json)[last as string];
  else (parent as Json)[last as string] = value;
  return copy;
}

/** One way of breaking a valid value: what it does (for failure messages) and the broken value. */
export interface Mutation {
  description: string;
  value: unknown;
}

/**
 * Every single-constraint violation the schema allows for this valid value: a required property
 * removed, a value of a wrong type, an integer out of its bounds or not an integer, a string that
 * breaks its format, an enum value outside its set. Walks the schema's properties and the first item of
 * each array the value has (the spec model's walker), breaking one place at a time.
 */
export function mutationsOf(document: Json, input: Schema, value: unknown): Mutation[] {
  const out: Mutation[] = [];
  walkSchema(
    document,
    input,
    ({ schema, path: schemaPath }) => {
      const path = schemaPath.map((segment) => (segment === ANY_ITEM ? 0 : segment));
      const here = valueAt(value, path);
      if (here === undefined) return false; // an absent property or an empty array: nothing to break below
      out.push(...ownMutations(document, schema, here, value, path));
      return true;
    },
    { keywords: ["properties", "items"] },
  );
  return out;
}

/** The violations of one place of the value (`at`, at `path` in `root`), its children left to the walk. */
function ownMutations(
  document: Json,
  schema: Schema,
  at: unknown,
  root: unknown,
  path: Array<string | number>,
): Mutation[] {
  const out: Mutation[] = [];
  const where = path.length ? path.join(".") : "(body)";
  const allowed = acceptedTypes(document, schema);
  for (const [type, sample] of Object.entries(SAMPLES_BY_TYPE)) {
    if (allowed.has(type) || (type === "integer" && allowed.has("number"))) continue;
    if (path.length === 0 && type === "null") continue;
    const article = /^[aeiou]/.test(type) ? "an" : "a";
    out.push({
      description: `${where}: ${article} ${type} instead`,
      value: setAt(root, path, sample),
    });
  }
  const types = typesOf(schema);
  if (types.includes("integer") || types.includes("number")) {
    if (typeof schema.minimum === "number") {
      out.push({
        description: `${where}: below minimum`,
        value: setAt(root, path, schema.minimum - 1),
      });
    }
    if (typeof schema.maximum === "number") {
      out.push({
        description: `${where}: above maximum`,
        value: setAt(root, path, schema.maximum + 1),
      });
    }
  }
  if (types.includes("string") && typeof at === "string") {
    if (typeof schema.maxLength === "number") {
      out.push({
        description: `${where}: longer than maxLength ${schema.maxLength}`,
        value: setAt(root, path, "x".repeat(schema.maxLength + 1)),
      });
    }
    if (typeof schema.minLength === "number" && schema.minLength > 0) {
      out.push({
        description: `${where}: shorter than minLength ${schema.minLength}`,
        value: setAt(root, path, "x".repeat(schema.minLength - 1)),
      });
    }
    if (typeof schema.pattern === "string") {
      const pattern = new RegExp(schema.pattern, "u");
      const broken = ["~!", "x", "0", "~"].find((candidate) => !pattern.test(candidate));
      if (broken !== undefined) {
        out.push({
          description: `${where}: breaks pattern ${schema.pattern}`,
          value: setAt(root, path, broken),
        });
      }
    }
  }
  if (types.includes("array") && Array.isArray(at) && at.length > 0) {
    if (typeof schema.maxItems === "number") {
      out.push({
        description: `${where}: more than maxItems ${schema.maxItems}`,
        value: setAt(
          root,
          path,
          Array.from({ length: schema.maxItems + 1 }, (_, i) => at[i % at.length]),
        ),
      });
    }
  }
  if (types.includes("integer")) {
    const base =
      typeof at === "number" ? at : typeof schema.minimum === "number" ? schema.minimum : 0;
    out.push({ description: `${where}: not an integer`, value: setAt(root, path, base + 0.5) });
  }
  if (types.includes("string") && typeof at === "string") {
    const broken: Record<string, string> = {
      date: "2024-13-45",
      "date-time": "yesterday at noon",
      email: "not-an-email",
      uuid: "not-a-uuid",
      uri: "not a uri",
    };
    const format = schema.format as string | undefined;
    if (format && broken[format]) {
      out.push({
        description: `${where}: breaks format ${format}`,
        value: setAt(root, path, broken[format]),
      });
    }
  }
  if (Array.isArray(schema.enum) && !Array.isArray(schema.anyOf)) {
    out.push({
      description: `${where}: outside the enum`,
      value: setAt(root, path, "NOT-IN-ENUM"),
    });
  }
  if (types.includes("object") && isObject(at)) {
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    for (const name of required) {
      out.push({
        description: `${where}: without required ${name}`,
        value: setAt(root, [...path, name], undefined, true),
      });
    }
  }
  return out;
}

/** A fast-check arbitrary of invalid values: a valid value with exactly one constraint broken. */
export function invalidArbitrary(document: Json, schema: Schema): fc.Arbitrary<Mutation> {
  return fc.tuple(validArbitrary(document, schema), fc.nat()).map(([value, pick]) => {
    const candidates = mutationsOf(document, schema, value);
    return candidates[pick % candidates.length] as Mutation;
  });
}
