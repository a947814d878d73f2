// The project's validators in the browser: Ajv standalone code that the build generates from the spec model's
// `createAjv` (same factory, same formats, same `decimal`), wrapped in the `SpecAjv` shape that the spec model's
// `checkResponse` expects. No schema is compiled at run time, so no Ajv compiler ships with the page.
import {
  DOCUMENT_ID,
  type Issue,
  type Json,
  type SpecAjv,
  toIssues,
} from "@merchant-payments/spec/model";
import type { ErrorObject } from "ajv/dist/2020.js";

/** A validator as Ajv standalone code exports it. */
export interface StandaloneValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** What the build generates: a validator per schema pointer, and one per header schema (keyed by its JSON text). */
export interface GeneratedValidators {
  /** Validators of the schemas at these JSON Pointers of the document. */
  readonly byPointer: Readonly<Record<string, StandaloneValidator>>;
  /** Validators of response header schemas, keyed by `JSON.stringify(schema)`. */
  readonly bySchemaText: Readonly<Record<string, StandaloneValidator>>;
}

/** Text of Ajv errors as `Ajv#errorsText` writes it (`data/path message, ...`). */
function errorsText(errors: readonly ErrorObject[] | null | undefined): string {
  if (!errors?.length) return "No errors";
  return errors.map((e) => `data${e.instancePath} ${e.message ?? "is invalid"}`).join(", ");
}

/**
 * A `SpecAjv` over the generated validators of `document`. Asking for a schema the build did not generate throws:
 * the generator covers every request body, response body and response header of the document.
 */
export function standaloneSpecAjv(document: Json, generated: GeneratedValidators): SpecAjv {
  let lastErrors: ErrorObject[] | null | undefined = null;
  const compileAt = (schemaPointer: string): StandaloneValidator => {
    const validate = generated.byPointer[schemaPointer];
    if (!validate) throw new Error(`no generated validator for the schema at ${schemaPointer}`);
    return validate;
  };
  const ajv = {
    validate(schema: unknown, data: unknown): boolean {
      const validate = generated.bySchemaText[JSON.stringify(schema)];
      if (!validate)
        throw new Error(`no generated validator for the schema ${JSON.stringify(schema)}`);
      const valid = validate(data);
      lastErrors = validate.errors;
      return valid;
    },
    errorsText: (errors?: ErrorObject[] | null) => errorsText(errors ?? lastErrors),
    getSchema: (key: string) => (key === DOCUMENT_ID ? { schema: document } : undefined),
  };
  return {
    ajv: ajv as unknown as SpecAjv["ajv"],
    document,
    compileAt: compileAt as unknown as SpecAjv["compileAt"],
    issuesAt(schemaPointer: string, value: unknown): Issue[] {
      const validate = compileAt(schemaPointer);
      return validate(value) ? [] : toIssues(validate.errors);
    },
  };
}
