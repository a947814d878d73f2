import type { ErrorObject, ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { Schema } from "./spec.js";

// ajv-formats is CommonJS: its default export may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

const SPEC_ID = "urn:merchant-payments:openapi";

/** Validates values against schemas of one OpenAPI document with Ajv (JSON Schema 2020-12 + formats). */
export class SpecValidator {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(document: Record<string, unknown>) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    // OpenAPI's "decimal" format: a decimal number sent as a JSON number.
    this.ajv.addFormat("decimal", { type: "number", validate: (n: number) => Number.isFinite(n) });
    this.ajv.addSchema({ ...document, $id: SPEC_ID });
  }

  /** Compiles (once) a schema whose `$ref`s point into the document ("#/components/..."). */
  compile(schema: Schema): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.cache.get(key);
    if (!validate) {
      const rebased = JSON.parse(key.replaceAll('"$ref":"#/', `"$ref":"${SPEC_ID}#/`)) as Schema;
      validate = this.ajv.compile(rebased);
      this.cache.set(key, validate);
    }
    return validate;
  }

  /** The errors of `value` against `schema`, as readable lines; empty when valid. */
  errors(schema: Schema, value: unknown): string[] {
    const validate = this.compile(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (e: ErrorObject) => `${e.instancePath || "(root)"} ${e.message ?? e.keyword}`,
    );
  }
}
