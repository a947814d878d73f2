/** Code generation of plain-JS request and answer validators from JSON Schema (the subset the spec uses). */
export function validatorEmitter(deref: (schema: unknown) => Record<string, unknown>): {
  /** Emits the body of a validator function for `schema` (the value is `v`, issues go to `issues`). */
  emitValidator(schema: unknown): string;
  /** The module-level constants the validators emitted since the last call use, one declaration a line. */
  takeConstants(): string;
  /** The names of the format functions (FORMAT_FUNCTIONS) the validators emitted since the last call use. */
  takeFormats(): string[];
};

/** Each checked format: the function the generated code calls and the module of src/ that exports it. */
export const FORMAT_FUNCTIONS: Record<string, { name: string; module: string }>;
