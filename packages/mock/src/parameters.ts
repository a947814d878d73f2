// The operation's parameters as the request carries them (path, query, header, cookie), read back by their style and
// typed by their schema (both the spec's wire module: a parameter style is one entry in spec/src/wire/styles.ts),
// then validated with the project's validator: every issue names the parameter.
import type { IncomingHttpHeaders } from "node:http";
import type {
  Issue,
  Json,
  OperationSpec,
  ParameterSpec,
  SpecAjv,
} from "@merchant-payments/spec/model";
import { queryPairs, readParameter } from "@merchant-payments/spec/wire";
import type { RequestPart } from "./request-issues.js";

/** The parts of a request the parameters are read from. */
export interface RequestParts {
  /** The path as received (still percent-encoded). */
  readonly pathname: string;
  /** The query as received, without `?` (still percent-encoded). */
  readonly search: string;
  /** The request headers (lower-case names). */
  readonly headers: IncomingHttpHeaders;
}

const patterns = new Map<string, { pattern: RegExp; names: string[] }>();

/** A path template as a pattern: `/a/{id}` matches `/a/x` and captures `x` (one segment, still encoded). */
export function templatePattern(template: string): { pattern: RegExp; names: string[] } {
  const known = patterns.get(template);
  if (known) return known;
  const names: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(name);
      return "([^/]+)";
    })
    .join("");
  const compiled = { pattern: new RegExp(`^${source}$`), names };
  patterns.set(template, compiled);
  return compiled;
}

/** The values of the path's `{name}` segments (still encoded), by name; empty when the path does not match. */
export function pathValues(template: string, pathname: string): Record<string, string> {
  const { pattern, names } = templatePattern(template);
  const match = pattern.exec(pathname);
  const out: Record<string, string> = {};
  if (match) for (const [i, name] of names.entries()) out[name] = match[i + 1] as string;
  return out;
}

/** One parameter's value as the request carries it, read by its style and typed; undefined when it is absent. */
export function parameterValue(
  parameter: ParameterSpec,
  document: Json,
  parts: RequestParts,
  fromPath: Readonly<Record<string, string>> = {},
  pairs: readonly [string, string][] = queryPairs(parts.search),
): { value: unknown } | { problem: string } | undefined {
  return readParameter(document, parameter, {
    pathValues: fromPath,
    query: pairs,
    headers: parts.headers,
  });
}

const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/**
 * Every issue of the operation's parameters in this request: a required one missing, one that cannot be decoded
 * by its style, one that breaks its schema. Each issue's `check` is the parameter's place, its `path` the
 * parameter's name (then a pointer inside its value: `period/from`, `status/1`).
 */
export function parameterIssues(
  ajv: SpecAjv,
  op: OperationSpec,
  parts: RequestParts,
): Issue<RequestPart>[] {
  const issues: Issue<RequestPart>[] = [];
  if (op.parameters.length === 0) return [];
  const fromPath = op.pathParameters.length > 0 ? pathValues(op.path, parts.pathname) : {};
  const pairs = queryPairs(parts.search);
  for (const parameter of op.parameters) {
    // OpenAPI: header parameters named Accept, Content-Type or Authorization are ignored (HTTP itself defines them).
    if (parameter.in === "header" && IGNORED_HEADERS.has(parameter.name.toLowerCase())) continue;
    const at = { check: parameter.in, path: parameter.name };
    const decoded = parameterValue(parameter, ajv.document, parts, fromPath, pairs);
    if (decoded === undefined) {
      if (parameter.required) issues.push({ ...at, message: "is required", keyword: "required" });
      continue;
    }
    if ("problem" in decoded) {
      issues.push({ ...at, message: decoded.problem });
      continue;
    }
    for (const issue of ajv.issuesAt(parameter.schemaPointer, decoded.value)) {
      issues.push({ ...issue, ...at, path: `${parameter.name}${issue.path}` });
    }
  }
  return issues;
}
