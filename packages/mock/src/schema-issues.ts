// A value's issues against a schema of the document, where a `oneOf`/`anyOf` with a `discriminator` names the
// fields of the branch the discriminator picks (Ajv alone lists every branch's failures, and OpenAPI's
// `discriminator.mapping` is not something Ajv's own discriminator option accepts).
import {
  chooseBranch,
  type DiscriminatorChoice,
  escapePointer,
  type Issue,
  isObject,
  type Json,
  resolvePointer,
  resolveSchema,
  type SpecAjv,
} from "@merchant-payments/spec/model";

/** How deep the refinement follows properties, items and compositions. */
const MAX_DEPTH = 32;

/** The schema at a pointer and the pointer of what it finally is (its local `$ref`s followed by the spec model). */
function resolved(document: Json, at: string): { schema: Json; at: string } {
  const { schema, pointer } = resolveSchema(document, resolvePointer(document, at), at);
  return { schema, at: pointer };
}

/** The pointer of the branch the discriminator picks for `value`, or the values it accepts when none fits. */
function pickBranch(
  choice: DiscriminatorChoice,
  at: string,
  value: Record<string, unknown>,
): { branch: string } | { accepted: string[] } {
  const given = value[choice.property];
  const index = given === undefined ? undefined : choice.byValue.get(String(given));
  if (index !== undefined) return { branch: `${at}/${choice.keyword}/${index}` };
  return { accepted: [...choice.byValue.keys()] };
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
  const choice = isObject(value) ? chooseBranch(ajv.document, schema) : undefined;
  if (choice !== undefined && isObject(value)) {
    const property = choice.property;
    const picked = pickBranch(choice, pointer, value);
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
