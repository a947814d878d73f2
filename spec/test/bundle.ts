import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

/** The bundled spec, as every other package consumes it. */
export const bundlePath = fileURLToPath(new URL("../dist/openapi.json", import.meta.url));

// biome-ignore lint/suspicious/noExplicitAny: the bundle is walked as untyped JSON.
export type Json = any;

/** Parsed `dist/openapi.json`. */
export const bundle: Json = JSON.parse(readFileSync(bundlePath, "utf8"));

/** Follows a local `$ref` (`#/components/...`) until a non-reference object is reached. */
export function deref(node: Json): Json {
  let current = node;
  while (current && typeof current.$ref === "string") {
    const pointer = current.$ref.replace(/^#\//, "").split("/");
    current = pointer.reduce(
      (at: Json, key: string) => at[key.replace(/~1/g, "/").replace(/~0/g, "~")],
      bundle,
    );
  }
  return current;
}

/** Escapes one JSON Pointer segment. */
export const escapePointer = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** An Ajv 2020-12 validator that knows the bundle and the `decimal` number format. */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat("decimal", { type: "number", validate: (value: number) => Number.isFinite(value) });
  ajv.addSchema(bundle, "bundle.json");
  return ajv;
}

/** A validator for the schema at a JSON Pointer inside the bundle. */
export function validatorAt(ajv: Ajv2020, pointer: string) {
  return ajv.compile({ $ref: `bundle.json#${pointer}` });
}
