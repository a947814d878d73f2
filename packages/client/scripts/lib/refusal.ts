// A refusal of the generator: one line naming the operation (METHOD path and its operationId), the JSON Pointer in
// the document, the keyword when one is at fault, and the table of supported keywords.

/** The table of schema keywords a refusal links to. */
const KEYWORD_TABLE = "spec/openapi/README.md#schema-keywords";

/** Where a refusal points: the operation, the JSON Pointer in the document, the keyword. */
export interface RefusalPlace {
  /** The operation: its HTTP method, path and operationId (or a webhook's name). */
  readonly operation?: {
    readonly method: string;
    readonly path: string;
    readonly operationId: string;
  };
  /** JSON Pointer of the node at fault in the bundled document (`#/paths/~1x/get/...`). */
  readonly pointer?: string;
  /** The schema keyword at fault. */
  readonly keyword?: string;
}

/** The generator refused the document: `message` is one line saying where and why. */
export class GenerationRefusal extends Error {
  /** Where the refusal points. */
  readonly place: RefusalPlace;
  constructor(place: RefusalPlace, reason: string) {
    const op = place.operation;
    const who = op ? `${op.method} ${op.path} ${op.operationId}: ` : "";
    const where = [
      ...(place.pointer !== undefined ? [`at ${place.pointer}`] : []),
      ...(place.keyword !== undefined ? [`keyword "${place.keyword}"`] : []),
    ].join(", ");
    const line = `${who}${reason}${where ? ` [${where}]` : ""} (the client generator does not support this; see ${KEYWORD_TABLE})`;
    super(line.replace(/\s*\n\s*/g, " "));
    this.name = "GenerationRefusal";
    this.place = place;
  }
}

/** Throws a `GenerationRefusal`. */
export function refuse(place: RefusalPlace, reason: string): never {
  throw new GenerationRefusal(place, reason);
}

/** `#/` and the pointer's segments, each escaped (`~0`, `~1`). */
export function documentPointer(...segments: readonly (string | number)[]): string {
  return `#${segments.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("")}`;
}

/** A JSON Pointer as the model gives it (`/paths/...`) in the `#/...` form; one that is already is kept. */
export function asDocumentPointer(pointer: string): string {
  return pointer.startsWith("#") ? pointer : `#${pointer}`;
}
