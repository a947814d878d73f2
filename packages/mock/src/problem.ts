import { isObject, type Json, resolveRef } from "./spec-document.js";

/** An RFC 9457 problem details object. */
export interface Problem {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  [extension: string]: unknown;
}

/**
 * The first example the spec gives for a `400` problem+json response (the spec's own words for a
 * malformed body), or undefined when the spec has none.
 */
export function badRequestExampleFromSpec(document: Json | undefined): Problem | undefined {
  if (!document) return undefined;
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
