// Reading an OpenAPI document from a file: the one place that parses JSON and YAML specs.
import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import type { Json } from "./model.js";

/** A document could not be read, or is neither JSON nor YAML; the message names the file. */
export class DocumentLoadError extends Error {
  override name = "DocumentLoadError";
}

/**
 * Reads and parses a document afresh: JSON for a `.json` file, YAML (a superset of JSON) for any other.
 * Throws `DocumentLoadError` naming the file when it cannot be read or parsed.
 */
export function loadDocument(path: string): Json {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new DocumentLoadError(`Cannot read ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    return path.toLowerCase().endsWith(".json") ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new DocumentLoadError(`Error parsing ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
