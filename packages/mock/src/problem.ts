import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";

/** An RFC 9457 problem details object. */
export interface Problem {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  [extension: string]: unknown;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function resolveRef(document: Json, value: unknown): unknown {
  let current = value;
  for (
    let depth = 0;
    depth < 20 && isObject(current) && typeof current.$ref === "string";
    depth++
  ) {
    const ref = current.$ref as string;
    if (!ref.startsWith("#/")) return undefined;
    let target: unknown = document;
    for (const token of ref.slice(2).split("/")) {
      const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
      target = isObject(target) ? target[key] : undefined;
    }
    current = target;
  }
  return current;
}

/**
 * The first example the spec gives for a `400` problem+json response (the spec's own words for a
 * malformed body), or undefined when the spec has none.
 */
export function badRequestExampleFromSpec(specPath: string): Problem | undefined {
  let document: Json;
  try {
    const text = readFileSync(specPath, "utf8");
    const parsed: unknown = specPath.endsWith(".json") ? JSON.parse(text) : parseYaml(text);
    if (!isObject(parsed)) return undefined;
    document = parsed;
  } catch {
    return undefined;
  }
  const paths = isObject(document.paths) ? document.paths : {};
  for (const pathItem of Object.values(paths)) {
    if (!isObject(pathItem)) continue;
    for (const operation of Object.values(pathItem)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      const response = resolveRef(document, operation.responses["400"]);
      if (!isObject(response) || !isObject(response.content)) continue;
      const media = response.content["application/problem+json"];
      if (!isObject(media)) continue;
      const candidates: unknown[] = [];
      if (isObject(media.examples)) {
        for (const example of Object.values(media.examples)) {
          const resolved = resolveRef(document, example);
          if (isObject(resolved)) candidates.push(resolved.value);
        }
      }
      candidates.push(media.example);
      for (const candidate of candidates) {
        if (
          isObject(candidate) &&
          typeof candidate.title === "string" &&
          candidate.status === 400
        ) {
          return candidate as Problem;
        }
      }
    }
  }
  return undefined;
}

/** The problem the mock answers for a body that is not valid JSON; `reason` is the parser's message. */
export function malformedJsonProblem(template: Problem | undefined, reason: string): Problem {
  const base: Problem = template ?? {
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail: "The request body is not valid JSON.",
  };
  return {
    ...base,
    status: 400,
    detail: `${base.detail ?? "The request body is not valid JSON."} ${reason}`.trim(),
  };
}
