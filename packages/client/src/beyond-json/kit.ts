// What the module of operations beyond a JSON body uses of the client's entry, handed over by the request core when
// it loads the module (a lazily loaded chunk that imported them itself would share a chunk with the entry: one more
// file loaded at start). The binding is live: every module of the chunk reads it after `setKit`.

import type { OperationInfo } from "../generated/operation-table.js";
import type { Issue } from "../generated/validators.js";

/** What this chunk uses of the client's entry. */
export interface EntryKit {
  /** A JSON body as sent (dates, integer strings), from the request core. */
  readonly wireBody: (info: OperationInfo, body: unknown, issues: Issue[]) => Promise<unknown>;
  readonly notSent: typeof import("../errors.js").notSent;
  /** The error of a call that needs the bearer token on a client given API keys alone. */
  readonly noToken: (op: string) => Error;
  readonly RequestValidationError: typeof import("../errors.js").RequestValidationError;
  readonly UnexpectedResponseError: typeof import("../errors.js").UnexpectedResponseError;
  readonly validators: typeof import("../generated/validators.js").validators;
  readonly parameterValidators: typeof import("../generated/validators.js").parameterValidators;
  /** Calls a token (or API key) function for one attempt. */
  readonly tokenFrom: import("../token-function.js").TokenFrom;
}

/** The entry's parts, set once by `setKit`. */
export let kit: EntryKit;

/** Sets what the chunk uses of the entry (once, when the request core loads the chunk). */
export function setKit(given: EntryKit): void {
  kit = given;
}
