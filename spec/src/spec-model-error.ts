// The one error of the spec model: a document it cannot read, named by operation (METHOD path, or the webhook) and
// JSON Pointer, so a refusal always says where to look.

/** Where a problem of the document is: the operation (`GET /pets`, `webhook newPet POST`) and the JSON Pointer. */
export interface SpecPlace {
  /** `METHOD path` of the operation (or `webhook <name> METHOD`); absent for a problem outside any operation. */
  readonly operation?: string;
  /** JSON Pointer of the offending node inside the document (`""` is the whole document). */
  readonly pointer: string;
}

/** A document the spec model cannot read: `message` is `<operation> at <pointer>: <problem>`. */
export class SpecModelError extends Error {
  /** `METHOD path` of the operation, or `webhook <name> METHOD`; undefined outside any operation. */
  readonly operation: string | undefined;
  /** JSON Pointer of the offending node. */
  readonly pointer: string;
  /** The problem alone, without the place. */
  readonly problem: string;

  constructor(problem: string, place: SpecPlace, options?: { cause?: unknown }) {
    const where = `${place.operation ? `${place.operation} ` : ""}at ${place.pointer === "" ? '""' : place.pointer}`;
    super(`${where}: ${problem}`, options);
    this.name = "SpecModelError";
    this.operation = place.operation;
    this.pointer = place.pointer;
    this.problem = problem;
  }
}

/**
 * Runs `read`; an error it throws becomes a `SpecModelError` at `place` (one already placed keeps its pointer and
 * gains the operation when it had none).
 */
export function placed<T>(place: SpecPlace, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof SpecModelError) {
      if (error.operation !== undefined || place.operation === undefined) throw error;
      throw new SpecModelError(
        error.problem,
        { operation: place.operation, pointer: error.pointer },
        { cause: error.cause },
      );
    }
    const problem = error instanceof Error ? error.message : String(error);
    throw new SpecModelError(problem, place, { cause: error });
  }
}
