// The parts of the one call pipeline (request-core.ts) that only operations beyond a plain JSON body use: the entry of
// their lazily loaded chunk, imported on the first call of such an operation (a client of plain JSON-body operations
// only never loads it). It imports nothing of the client's entry: what a part needs of it is passed in. One module per
// job, in beyond-json/:
//   arguments.ts     - the method's argument split into parameters and body
//   parameters.ts    - the URL and header parameters in their styles (the spec's wire module)
//   body-encoding.ts - the body in its media type (JSON, multipart, urlencoded, text, binary)
//   credentials.ts   - the security alternative the client can fill, each credential placed by the wire module
//   answers.ts       - answers by kind (JSON, text, Blob, nothing)
//   pagination.ts    - `x-pagination`: every item of every page

import { decodeAnswer } from "./beyond-json/answers.js";
import { checkArguments, checkBody } from "./beyond-json/arguments.js";
import { encodeBody } from "./beyond-json/body-encoding.js";
import { securityFor, type Unplaced, withCredentials } from "./beyond-json/credentials.js";
import { pages } from "./beyond-json/pagination.js";
import { headerParameters, urlOf } from "./beyond-json/parameters.js";
import type { OperationInfo } from "./generated/operation-table.js";
import type { ResolvedOptions } from "./options.js";
import type { TokenFrom } from "./token-function.js";

/** What the parts need of the client's entry, passed in once (the chunk imports nothing of the entry). */
export interface EntryParts {
  /** The error of a next cursor the server gave before (following it would never end). */
  readonly cursorRepeated: (cursor: string) => Error;
  /** The error of a call that needs the bearer token on a client without one. */
  readonly noToken: (op: string) => Error;
  /** Marks an error as thrown before anything was sent. */
  readonly notSent: (error: Error) => Error;
  /** Calls a token (or API key) function for one attempt. */
  readonly tokenFrom: TokenFrom;
}

/** This chunk's parts of the pipeline, over what they need of the entry. */
export function pipelineParts(entry: EntryParts) {
  return {
    securityFor: (resolved: ResolvedOptions, op: string, info: OperationInfo) =>
      securityFor(resolved, op, info, entry),
    withCredentials: (
      resolved: ResolvedOptions,
      security: Parameters<typeof withCredentials>[1],
      attempt: Unplaced,
      timeoutMs: number,
      signal: AbortSignal | undefined,
    ) => withCredentials(resolved, security, attempt, entry.tokenFrom, timeoutMs, signal),
    checkArguments,
    checkBody,
    urlOf,
    headerParameters,
    encodeBody,
    decodeAnswer,
    pages: (
      first: PromiseLike<unknown>,
      again: (cursor: unknown) => PromiseLike<unknown>,
      pagination: { readonly next: string; readonly items: string },
    ) => pages(first, again, pagination, entry.cursorRepeated),
  };
}

/** This chunk's parts, as `pipelineParts` returns them. */
export type BeyondJson = ReturnType<typeof pipelineParts>;
