// @merchant-payments/spec for Node: the bundled document, loaded once, and the model bound to it.
import { fileURLToPath } from "node:url";
import { loadDocument } from "./load-document.js";
import {
  createAjv as createAjvFor,
  type Json,
  type OperationSpec,
  operation as operationIn,
  operations as operationsIn,
  type SpecAjv,
} from "./model.js";
import { type WebhookSpec, webhook as webhookIn, webhooks as webhooksIn } from "./webhooks.js";

export { DocumentLoadError, loadDocument } from "./load-document.js";
export * from "./portable.js";

/** Absolute path of the bundled spec as JSON (`dist/openapi.json`). */
export const bundleJsonPath: string = fileURLToPath(
  new URL("../dist/openapi.json", import.meta.url),
);

/** Absolute path of the bundled spec as YAML (`dist/openapi.yaml`). */
export const bundleYamlPath: string = fileURLToPath(
  new URL("../dist/openapi.yaml", import.meta.url),
);

/** Absolute path of the folder of code samples (`openapi/code_samples`), one sub-folder per language. */
export const codeSamplesDir: string = fileURLToPath(
  new URL("../openapi/code_samples", import.meta.url),
);

const loaded = new Map<string, Json>();

/** Reads and parses an OpenAPI document (JSON or YAML, see `loadDocument`), once per path; default: the bundle. */
export function loadBundle(path: string = bundleJsonPath): Json {
  let document = loaded.get(path);
  if (document === undefined) {
    document = loadDocument(path);
    loaded.set(path, document);
  }
  return document;
}

/** Reads and parses a document afresh, bypassing the cache (for a bundle rebuilt during a run); default: the bundle. */
export function readBundle(path: string = bundleJsonPath): Json {
  return loadDocument(path);
}

/** Every operation of the bundle (or of `document`), in the order of its paths. */
export function operations(document: Json = loadBundle()): readonly OperationSpec[] {
  return operationsIn(document);
}

/** One operation of the bundle (or of `document`) by operationId; throws when there is none. */
export function operation(operationId: string, document: Json = loadBundle()): OperationSpec {
  return operationIn(document, operationId);
}

/** Every webhook of the bundle (or of `document`): its `webhooks`, one entry per method; empty when none. */
export function webhooks(document: Json = loadBundle()): readonly WebhookSpec[] {
  return webhooksIn(document);
}

/** One webhook of the bundle (or of `document`) by name (and `method` when it has several); throws when none. */
export function webhook(name: string, document: Json = loadBundle(), method?: string): WebhookSpec {
  return webhookIn(document, name, method);
}

/** The project's Ajv 2020-12 factory, bound to the bundle unless `document` is given. */
export function createAjv(
  document: Json = loadBundle(),
  options?: Parameters<typeof createAjvFor>[1],
): SpecAjv {
  return createAjvFor(document, options);
}
