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

/**
 * Where each module of validators gets the format functions it calls: `handedOver` (imported by the request module,
 * handed by the client to the answer module) and `answerImports` (imported by the answer module itself, only answers
 * use their modules), so that the lazily loaded answer chunk shares no module with the entry.
 */
export function planFormatImports(
  requestFormats: string[],
  answerFormats: string[],
): { handedOver: string[]; answerImports: string[] };

/** Import declarations (from src/generated/) of the given format functions, one line per module. */
export function formatImports(names: string[]): string;
