// A value's issues against a schema of the document, where a `oneOf`/`anyOf` with a `discriminator` names the
// fields of the branch the discriminator picks (Ajv alone lists every branch's failures, and OpenAPI's
// `discriminator.mapping` is not something Ajv's own discriminator option accepts).
import {
  deref,
  escapePointer,
  type Issue,
  isObject,
  type Json,
  MAX_REF_HOPS,
  resolvePointer,
  type SpecAjv,
} from "@merchant-payments/spec/model";

/** How deep the refinement follows properties, items and compositions. */
const MAX_DEPTH = 32;

/** The schema at a pointer and the pointer of what it finally is (its local `$ref`s followed). */
function resolved(document: Json, at: string): { schema: Json; at: string } {
  let pointer = at;
  let node = resolvePointer(document, pointer);
  for (
    let hops = 0;
    isObject(node) && typeof node.$ref === "string" && hops < MAX_REF_HOPS;
    hops++
  ) {
    if (!node.$ref.startsWith("#")) break;
    pointer = decodeURIComponent(node.$ref.slice(1));
    node = resolvePointer(document, pointer);
  }
  return { schema: node, at: pointer };
}

/** The value a branch gives the discriminating property (`const`, or a one-value `enum`), if any. */
function branchValues(document: Json, branch: Json, property: string): unknown[] {
  const schema = deref(document, branch);
  const own = isObject(schema?.properties)
    ? deref(document, schema.properties[property])
    : undefined;
  if (isObject(own)) {
    if ("const" in own) return [own.const];
    if (Array.isArray(own.enum)) return own.enum;
  }
  return [];
}

/** The pointer of the branch the discriminator picks for `value`, or the values it accepts when none fits. */
function pickBranch(
  document: Json,
  schema: Json,
  at: string,
  value: Record<string, unknown>,
): { branch: string } | { accepted: string[] } {
  const { propertyName, mapping } = schema.discriminator as {
    propertyName: string;
    mapping?: Json;
  };
  const keyword = Array.isArray(schema.oneOf) ? "oneOf" : "anyOf";
  const branches: Json[] = schema[keyword];
  const given = value[propertyName];
  const accepted: string[] = [];
  if (isObject(mapping)) {
    for (const [name, ref] of Object.entries(mapping)) {
      accepted.push(name);
      if (name === given && typeof ref === "string" && ref.startsWith("#"))
        return { branch: decodeURIComponent(ref.slice(1)) };
    }
  }
  for (let i = 0; i < branches.length; i++) {
    const values = branchValues(document, branches[i], propertyName);
    accepted.push(...values.map(String));
    if (values.includes(given)) return { branch: `${at}/${keyword}/${i}` };
    const name = isObject(branches[i]) ? branches[i].$ref?.split("/").pop() : undefined;
    if (!isObject(mapping) && name !== undefined) {
      accepted.push(name);
      if (name === given) return { branch: `${at}/${keyword}/${i}` };
    }
  }
  return { accepted: [...new Set(accepted)] };
}

const under = (path: string, at: string) => path === at || path.startsWith(`${at}/`);

/** Replaces the issues under `at` by the ones of the branch its discriminator picks, at every level that has issues. */
function refine(
  ajv: SpecAjv,
  schemaAt: string,
  value: unknown,
  at: string,
  issues: Issue[],
  depth: number,
): Issue[] {
  if (depth > MAX_DEPTH || !issues.some((issue) => under(issue.path, at))) return issues;
  const { schema, at: pointer } = resolved(ajv.document, schemaAt);
  if (!isObject(schema)) return issues;
  const outside = () => issues.filter((issue) => !under(issue.path, at));
  if (
    isObject(schema.discriminator) &&
    typeof schema.discriminator.propertyName === "string" &&
    (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) &&
    isObject(value)
  ) {
    const property: string = schema.discriminator.propertyName;
    const picked = pickBranch(ajv.document, schema, pointer, value);
    if ("accepted" in picked) {
      const message =
        value[property] === undefined
          ? `must have required property '${property}'`
          : `must be one of ${picked.accepted.map((v) => JSON.stringify(v)).join(", ")}`;
      const path = value[property] === undefined ? at : `${at}/${escapePointer(property)}`;
      return [...outside(), { path, message, keyword: "discriminator" }];
    }
    const own = ajv
      .issuesAt(picked.branch, value)
      .map((issue) => ({ ...issue, path: `${at}${issue.path}` }));
    return [...outside(), ...refine(ajv, picked.branch, value, at, own, depth + 1)];
  }
  let out = issues;
  if (Array.isArray(schema.allOf))
    schema.allOf.forEach((_: Json, i: number) => {
      out = refine(ajv, `${pointer}/allOf/${i}`, value, at, out, depth + 1);
    });
  // Properties and items only where an issue lies deeper (a 50,000-item array with one maxItems issue is not walked).
  if (!out.some((issue) => issue.path.startsWith(`${at}/`))) return out;
  if (isObject(value) && isObject(schema.properties)) {
    for (const key of Object.keys(schema.properties)) {
      if (!(key in value)) continue;
      const child = `${pointer}/properties/${escapePointer(key)}`;
      out = refine(ajv, child, value[key], `${at}/${escapePointer(key)}`, out, depth + 1);
    }
  }
  if (Array.isArray(value) && isObject(schema.items)) {
    value.forEach((item, i) => {
      out = refine(ajv, `${pointer}/items`, item, `${at}/${i}`, out, depth + 1);
    });
  }
  return out;
}

/**
 * Every issue of `value` against the schema at `schemaPointer` (the project's Ajv), a discriminated `oneOf`/`anyOf`
 * answered with the issues of the branch its discriminator picks (or, when the discriminating property is missing or
 * unknown, one issue saying which values it takes).
 */
export function schemaIssues(ajv: SpecAjv, schemaPointer: string, value: unknown): Issue[] {
  const issues = ajv.issuesAt(schemaPointer, value);
  return issues.length === 0 ? issues : refine(ajv, schemaPointer, value, "", issues, 0);
}
