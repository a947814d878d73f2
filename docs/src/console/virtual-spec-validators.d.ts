// The module the build generates (scripts/lib/console-bundle.mjs): Ajv standalone validators of the spec.
declare module "virtual:spec-validators" {
  import type { StandaloneValidator } from "./standalone-ajv.js";
  /** Validators of the schemas at these JSON Pointers of the document. */
  export const byPointer: Readonly<Record<string, StandaloneValidator>>;
  /** Validators of response header schemas, keyed by `JSON.stringify(schema)`. */
  export const bySchemaText: Readonly<Record<string, StandaloneValidator>>;
}
