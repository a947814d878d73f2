// @ts-check
// Until the generator runs under tsx: the TypeScript validator generator (validator-codegen.ts) loaded through tsx's
// loader for the generator's .mjs callers; its exports, unchanged.
import { tsImport } from "tsx/esm/api";

/** @type {typeof import("./validator-codegen.ts")} */
const codegen = await tsImport("./validator-codegen.ts", import.meta.url);

export const {
  FORMAT_FUNCTIONS,
  STRUCTURAL_KEYWORDS,
  SUPPORTED,
  VALUE_KEYWORDS,
  formatImports,
  planFormatImports,
  validatorEmitter,
} = codegen;
