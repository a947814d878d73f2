// Every operation that is not a plain JSON-body one (parameters, other media types, several or non-JSON 2xx answers,
// its own security, pagination): the entry of its lazily loaded chunk. Imported on the first call of such an
// operation: a client of plain JSON-body operations only never loads it. One module per job, in beyond-json/:
//   arguments.ts     - the method's argument split into parameters and body
//   parameters.ts    - the URL and header parameters in their styles (the spec's wire module)
//   body-encoding.ts - the body in its media type (JSON, multipart, urlencoded, text, binary)
//   credentials.ts   - the security alternative the client can fill, each credential placed by its scheme
//   prepare-call.ts  - a call checked and encoded, and how each attempt is made
//   answers.ts       - answers by kind (JSON, text, Blob, nothing)
//   pagination.ts    - `x-pagination`: every item of every page
//   kit.ts           - what the chunk uses of the entry, handed over by the request core

import { answerKind, decodeAnswer, nonJsonAnswer } from "./beyond-json/answers.js";
import { splitArguments, unknownArguments } from "./beyond-json/arguments.js";
import { encodeBody } from "./beyond-json/body-encoding.js";
import { securityFor } from "./beyond-json/credentials.js";
import { type EntryKit, setKit } from "./beyond-json/kit.js";
import { pageParts, pages } from "./beyond-json/pagination.js";
import { headerParameters, urlOf } from "./beyond-json/parameters.js";
import { prepareCall } from "./beyond-json/prepare-call.js";

export type { EntryKit } from "./beyond-json/kit.js";

/** Hands this chunk what it uses of the entry (once, when the request core loads it); returns its functions. */
export function install(kit: EntryKit): BeyondJson {
  setKit(kit);
  return beyondJsonModule;
}

/** This chunk's functions, as `install` returns them. */
const beyondJsonModule = {
  splitArguments,
  unknownArguments,
  urlOf,
  headerParameters,
  encodeBody,
  pageParts,
  answerKind,
  nonJsonAnswer,
  pages,
  securityFor,
  prepareCall,
  decodeAnswer,
};

/** This chunk's functions, as `install` returns them. */
export type BeyondJson = typeof beyondJsonModule;
