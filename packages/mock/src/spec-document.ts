import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";

/** A JSON object of an OpenAPI document. */
export type Json = Record<string, unknown>;

/** True for a plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads an OpenAPI document (JSON or YAML); undefined when it cannot be read or parsed. */
export function readSpecDocument(specPath: string): Json | undefined {
  try {
    const text = readFileSync(specPath, "utf8");
    const parsed: unknown = specPath.endsWith(".json") ? JSON.parse(text) : parseYaml(text);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Follows local `$ref`s ("#/a/b") until a value that is not a reference; undefined for other refs. */
export function resolveRef(document: Json, value: unknown): unknown {
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
