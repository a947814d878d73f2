// The spec a mock or proxy serves: read once, then read only through the spec model.
import { fileURLToPath } from "node:url";
import { loadDocument } from "@merchant-payments/spec";
import {
  createAjv,
  type Json,
  type OperationSpec,
  operations,
  type SpecAjv,
  statusMatch,
} from "@merchant-payments/spec/model";
import { templatePattern } from "./parameters.js";

/** A spec file could not be read or is not an OpenAPI document the mock can serve. */
export class SpecLoadError extends Error {
  override name = "SpecLoadError";
}

/** The served spec: its file, the parsed document, its operations and the project's validator bound to it. */
export interface SpecSource {
  /** Absolute path of the file it was read from. */
  readonly path: string;
  /** The parsed document (never mutated). */
  readonly document: Json;
  /** Every operation, from the spec model. */
  readonly operations: readonly OperationSpec[];
  /** The project's Ajv 2020-12 validator bound to the document. */
  readonly ajv: SpecAjv;
}

/** Path of the spec shipped inside this package (`dist/openapi.json`, copied from the bundle at build time). */
export function bundledSpecPath(): string {
  // From src/ (tests) and from dist/ alike, `../dist/` is this package's dist folder.
  return fileURLToPath(new URL("../dist/openapi.json", import.meta.url));
}

/** Reads a spec (JSON, or YAML for other extensions) and binds the spec model to it; throws `SpecLoadError`. */
export function loadSpec(path: string = bundledSpecPath()): SpecSource {
  let document: Json;
  try {
    document = loadDocument(path);
  } catch (error) {
    throw new SpecLoadError((error as Error).message, { cause: error });
  }
  if (typeof document !== "object" || document === null || typeof document.openapi !== "string") {
    throw new SpecLoadError(`${path} is not an OpenAPI document (no "openapi" version field).`);
  }
  try {
    const ops = operations(document);
    if (ops.length === 0) throw new Error("it has no operations");
    return { path, document, operations: ops, ajv: createAjv(document) };
  } catch (error) {
    throw new SpecLoadError(`Cannot serve ${path}: ${(error as Error).message}`);
  }
}

/** The named examples of `status` problem responses anywhere in the spec, first found first. */
export function problemExample(
  spec: SpecSource,
  status: number,
): { type?: string; title: string; detail?: string } | undefined {
  for (const op of spec.operations) {
    for (const response of op.responses) {
      if (!statusMatch(response.status, status)) continue;
      for (const media of response.content) {
        if (!media.mediaType.includes("problem+json")) continue;
        for (const example of media.examples) {
          const value = example.value as Record<string, unknown>;
          if (value && typeof value.title === "string" && value.status === status) {
            return value as { type?: string; title: string; detail?: string };
          }
        }
      }
    }
  }
  return undefined;
}

/** Finds the operation a request is for (method and path; `{name}` path templates match one segment). */
export function operationMatcher(
  spec: SpecSource,
): (method: string, path: string) => OperationSpec | undefined {
  const exact = new Map<string, OperationSpec>();
  const templated: Array<{ method: string; pattern: RegExp; op: OperationSpec }> = [];
  for (const op of spec.operations) {
    if (op.path.includes("{"))
      templated.push({ method: op.method, pattern: templatePattern(op.path).pattern, op });
    else exact.set(`${op.method} ${op.path}`, op);
  }
  return (method, path) =>
    exact.get(`${method} ${path}`) ??
    templated.find((t) => t.method === method && t.pattern.test(path))?.op;
}
