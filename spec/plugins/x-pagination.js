// Rule `merchant-payments/x-pagination`: an operation's `x-pagination` is
// `{ cursor: <query parameter name>, next: <JSON Pointer>, items: <JSON Pointer>, limit?: <query parameter name> }`,
// its cursor names an optional query parameter of the operation, its limit (the page size; optional) another optional
// integer query parameter, and both pointers resolve in the schema of every 2xx JSON answer: `items` to an array,
// `next` to a string or integer (which may be nullable).
import { isInnerPointer, pointerSegments } from "./json-pointer.js";

const KEYS = ["cursor", "next", "items", "limit"];
const MAX_REF_HOPS = 64;

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const types = (schema) => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/** Follows `$ref`s from `node` (written in the file `from`); returns the value and the file it is in. */
function follow(ctx, node, from) {
  let at = { node, from };
  for (let hops = 0; isObject(at.node) && typeof at.node.$ref === "string"; hops++) {
    if (hops >= MAX_REF_HOPS) return { node: undefined, from: at.from };
    const resolved = ctx.resolve(at.node, at.from);
    at = { node: resolved.node, from: resolved.location?.source.absoluteRef ?? at.from };
  }
  return at;
}

/**
 * The schema a JSON Pointer into an answer reaches from `schema`: through `properties` (also those of `allOf`
 * branches) and, for a numeric segment, `items`. Undefined when it does not resolve.
 */
function schemaAt(ctx, schema, from, segments) {
  let at = follow(ctx, schema, from);
  for (const segment of segments) {
    at = childSchema(ctx, at, segment);
    if (!at) return undefined;
  }
  return at.node;
}

function childSchema(ctx, at, segment) {
  const { node, from } = at;
  if (!isObject(node)) return undefined;
  if (isObject(node.properties) && segment in node.properties)
    return follow(ctx, node.properties[segment], from);
  if (/^(0|[1-9][0-9]*)$/.test(segment) && node.items !== undefined)
    return follow(ctx, node.items, from);
  for (const branch of Array.isArray(node.allOf) ? node.allOf : []) {
    const found = childSchema(ctx, follow(ctx, branch, from), segment);
    if (found) return found;
  }
  return undefined;
}

/** The schemas of the operation's 2xx JSON answers, each with the file it is written in. */
function successSchemas(ctx, operation) {
  const out = [];
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!/^2(\d\d|XX)$/.test(status)) continue;
    const resolved = follow(ctx, response, undefined);
    for (const [type, media] of Object.entries(resolved.node?.content ?? {})) {
      if (/[/+]json$/.test(type.split(";")[0].trim()) && media?.schema !== undefined)
        out.push({ status, type, schema: media.schema, from: resolved.from });
    }
  }
  return out;
}

/** Reports a `limit` that does not name an optional integer query parameter of the operation other than the cursor. */
function checkLimit(ctx, value, parameters, where, report) {
  const at = where.child(["limit"]);
  if (typeof value.limit !== "string" || value.limit === "") {
    report("x-pagination.limit must name the page-size query parameter of the operation.", at);
    return;
  }
  const limit = parameters.find((p) => p.in === "query" && p.name === value.limit);
  if (!limit) {
    report(`x-pagination.limit "${value.limit}" is not a query parameter of the operation.`, at);
    return;
  }
  if (value.limit === value.cursor) {
    report(
      `x-pagination.limit "${value.limit}" is the cursor: the page size needs its own parameter.`,
      at,
    );
    return;
  }
  if (limit.required === true)
    report(
      `x-pagination.limit "${value.limit}" must be optional: a page is asked for without it.`,
      at,
    );
  const schema = follow(ctx, limit.schema, undefined).node;
  if (!isObject(schema) || !types(schema).includes("integer"))
    report(`x-pagination.limit "${value.limit}" must be an integer query parameter.`, at);
}

/** Redocly rule: checks the shape of `x-pagination` and that it agrees with the operation's parameters and answers. */
export function XPagination() {
  return {
    PathItem: {
      Operation: {
        enter(operation, ctx, parents) {
          if (!("x-pagination" in operation)) return;
          const value = operation["x-pagination"];
          const where = ctx.location.child(["x-pagination"]);
          const report = (message, location = where) => ctx.report({ message, location });
          if (!isObject(value)) {
            report("x-pagination must be an object { cursor, next, items }.");
            return;
          }
          for (const key of Object.keys(value))
            if (!KEYS.includes(key))
              report(
                `x-pagination has an unknown key "${key}" (allowed: cursor, next, items, limit).`,
                where.child([key]).key(),
              );
          if (typeof value.cursor !== "string" || value.cursor === "")
            report("x-pagination.cursor must name a query parameter of the operation.");
          for (const key of ["next", "items"])
            if (!isInnerPointer(value[key]))
              report(
                `x-pagination.${key} must be a JSON Pointer into the answer, such as "/${key === "next" ? "nextCursor" : "items"}".`,
              );
          const parameters = [
            ...(parents.PathItem?.parameters ?? []),
            ...(operation.parameters ?? []),
          ]
            .map((p) => follow(ctx, p, undefined).node)
            .filter(isObject);
          if ("limit" in value) checkLimit(ctx, value, parameters, where, report);
          if (typeof value.cursor === "string" && value.cursor !== "") {
            const cursor = parameters.find((p) => p.in === "query" && p.name === value.cursor);
            if (!cursor)
              report(
                `x-pagination.cursor "${value.cursor}" is not a query parameter of the operation.`,
                where.child(["cursor"]),
              );
            else if (cursor.required === true)
              report(
                `x-pagination.cursor "${value.cursor}" must be optional: the first page is asked for without it.`,
                where.child(["cursor"]),
              );
          }
          const answers = successSchemas(ctx, operation);
          if (answers.length === 0) {
            report("x-pagination needs a 2xx JSON answer to point into.");
            return;
          }
          for (const answer of answers) {
            for (const key of ["next", "items"]) {
              if (!isInnerPointer(value[key])) continue;
              const schema = schemaAt(ctx, answer.schema, answer.from, pointerSegments(value[key]));
              const label = `x-pagination.${key} "${value[key]}"`;
              if (!isObject(schema)) {
                report(
                  `${label} does not resolve in the ${answer.status} ${answer.type} answer schema.`,
                  where.child([key]),
                );
                continue;
              }
              const kinds = types(schema);
              if (key === "items" && !kinds.includes("array"))
                report(
                  `${label} must point to an array in the ${answer.status} answer schema.`,
                  where.child([key]),
                );
              if (key === "next" && !kinds.some((t) => t === "string" || t === "integer"))
                report(
                  `${label} must point to a string or integer (nullable) in the ${answer.status} answer schema.`,
                  where.child([key]),
                );
            }
          }
        },
      },
    },
  };
}
