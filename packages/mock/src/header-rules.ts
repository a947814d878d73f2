import type { Problem } from "./problem.js";
import { isObject, type Json, resolveRef } from "./spec-document.js";

/** A header whose value must equal a property of the JSON body (`x-equals-body-property` in the spec). */
export interface HeaderBodyRule {
  /** HTTP method of the operation, upper case. */
  method: string;
  /** Path of the operation, as written in the spec. */
  path: string;
  /** Header name, lower case. */
  header: string;
  /** Name of the top-level body property the header repeats. */
  property: string;
}

/** Every `x-equals-body-property` header rule of the spec document; none when there is no document. */
export function headerBodyRulesFromSpec(document: Json | undefined): HeaderBodyRule[] {
  if (!document || !isObject(document.paths)) return [];
  const rules: HeaderBodyRule[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation) || !Array.isArray(operation.parameters)) continue;
      for (const raw of operation.parameters) {
        const parameter = resolveRef(document, raw);
        if (!isObject(parameter) || parameter.in !== "header") continue;
        const property = parameter["x-equals-body-property"];
        if (typeof property !== "string" || typeof parameter.name !== "string") continue;
        rules.push({
          method: method.toUpperCase(),
          path,
          header: parameter.name.toLowerCase(),
          property,
        });
      }
    }
  }
  return rules;
}

/**
 * The 422 problem for a request whose header differs from the body property it repeats, or
 * undefined when every rule holds. A missing header is left to Prism (it is a required header).
 */
export function headerBodyMismatch(
  rules: readonly HeaderBodyRule[],
  method: string,
  url: string,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): Problem | undefined {
  const path = url.split("?")[0];
  for (const rule of rules) {
    if (rule.method !== method || rule.path !== path) continue;
    const header = headers[rule.header];
    if (typeof header !== "string" || !isObject(body)) continue;
    const value = body[rule.property];
    if (header.trim() === String(value)) continue;
    return {
      type: "about:blank",
      title: "Unprocessable Entity",
      status: 422,
      detail: `The ${rule.header} header (${header}) must equal ${rule.property} in the body (${JSON.stringify(value)}).`,
      validation: [
        {
          location: ["request", "header", rule.header],
          severity: "Error",
          code: "x-equals-body-property",
          message: `request.header.${rule.header} must equal request.body.${rule.property}`,
        },
      ],
    };
  }
  return undefined;
}
