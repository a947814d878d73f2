import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import type { Problem } from "./problem.js";

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

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function resolve(document: Json, value: unknown): unknown {
  let current = value;
  for (
    let depth = 0;
    depth < 20 && isObject(current) && typeof current.$ref === "string";
    depth++
  ) {
    const ref = current.$ref as string;
    current = ref
      .slice(2)
      .split("/")
      .reduce<unknown>(
        (at, token) =>
          isObject(at) ? at[token.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined,
        document,
      );
  }
  return current;
}

/** Reads every `x-equals-body-property` header rule of the spec at `specPath`; none when unreadable. */
export function headerBodyRulesFromSpec(specPath: string): HeaderBodyRule[] {
  let document: unknown;
  try {
    const text = readFileSync(specPath, "utf8");
    document = specPath.endsWith(".json") ? JSON.parse(text) : parseYaml(text);
  } catch {
    return [];
  }
  if (!isObject(document) || !isObject(document.paths)) return [];
  const rules: HeaderBodyRule[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation) || !Array.isArray(operation.parameters)) continue;
      for (const raw of operation.parameters) {
        const parameter = resolve(document, raw);
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
