// The type of one row of the generated operation table (src/generated/operation-table.ts, which `satisfies` it): the
// facts of an operation the client's runtime reads. Hand-written, so that the generator's output is checked against it
// and an editor shows it; the generator (scripts/generate.ts, RUNTIME_FACTS) emits these members, in this order.

/** Facts about one operation, read from the spec. */
export interface OperationInfo {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path under the base URL. */
  readonly path: string;
  /** The operation's `x-safe-to-retry`. */
  readonly safeToRetry: boolean;
  /** Accept header: the media types of the responses, or the enum of a declared `accept` parameter. */
  readonly accept: string;
  /** Header parameters copied from a body property (`x-equals-body-property`): [header name, body property]. */
  readonly derivedHeaders: readonly (readonly [string, string])[];
  /** Answer fields typed integer-or-string, handed over as strings without losing digits. */
  readonly stringifiedIntegers: readonly string[];
  /** Property paths of the request's `format: date` fields, which also accept a Date. */
  readonly dateFields: readonly (readonly string[])[];
  /** Property paths of the request's `x-accepts-integer` fields: a number is sent as a string of its digits. */
  readonly integerStringFields: readonly (readonly string[])[];
  /** `x-normalize-to-object` of the answer: a bare answer is handed over as `{ [property]: answer }`. */
  readonly objectFormProperty?: string;
  /** Data paths (`*`: every array item, `{}`: every map value) of the request's decimal fields. */
  readonly requestDecimals: readonly (readonly string[])[];
  /** Data paths (`*`: every array item, `{}`: every map value) of the answer's decimal fields. */
  readonly responseDecimals: readonly (readonly string[])[];
  /** Path, query, header and cookie parameters, by their names in the method's argument; absent when there are none. */
  readonly parameters?: readonly ParameterInfo[];
  /** How the request body is sent; absent for a JSON object body (its properties are the method's argument). */
  readonly body?: BodyInfo;
  /** Each 2xx status: how its answer is handed over and the headers it declares; absent for one JSON answer. */
  readonly answers?: Readonly<Record<string, AnswerInfo>>;
  /** Security alternatives (the first whose credentials the client has is used); absent: a bearer token. `[]`: none. */
  readonly security?: readonly (readonly SecurityInfo[])[];
  /** The operation's `x-pagination`: cursor query parameter, JSON pointers of the next cursor and of the items. */
  readonly pagination?: {
    readonly cursor: string;
    readonly next: string;
    readonly items: string;
    /** The page-size query parameter (`x-pagination.limit`), when the extension names one. */
    readonly limit?: string;
  };
  /**
   * True for an operation that is not a plain JSON-body one (a required JSON object body, no parameters, one JSON 2xx,
   * the bearer token): its calls go through the lazily loaded `beyond-json.ts`.
   */
  readonly beyondJsonBody?: true;
  /** Data paths (`*`, `{}`) of integer-or-string answer fields below the top level, handed over as strings with every digit. */
  readonly nestedStringified?: readonly (readonly string[])[];
}

/** One parameter of an operation, as the runtime serializes it. */
export interface ParameterInfo {
  /** Its name, in the method's argument and on the wire. */
  readonly name: string;
  /** Where it goes. */
  readonly in: "path" | "query" | "header" | "cookie";
  /** Its style, when not its place's default (the spec's wire module writes it; a new style is one entry there). */
  readonly style?: string;
  /** Its explode, when not its style's default. */
  readonly explode?: boolean;
  /** A `format: date` value: a Date is sent as its UTC calendar date. */
  readonly date?: boolean;
}

/** How a request body is sent. */
export interface BodyInfo {
  /** json, multipart, urlencoded, text, binary, or none (no body). */
  readonly kind: "json" | "multipart" | "urlencoded" | "text" | "binary" | "none";
  /** The media type sent as Content-Type. */
  readonly mediaType?: string;
  /** True: the body's properties are beside the parameters; false: the body is the argument's `body`. */
  readonly spread?: boolean;
  /** Whether the spec requires the body. */
  readonly required?: boolean;
  /** Per property of a multipart body, its declared content type. */
  readonly encoding?: Readonly<Record<string, { readonly contentType?: string }>>;
}

/** One 2xx answer of an operation. */
export interface AnswerInfo {
  /** json: parsed; text: a string; blob: a Blob; empty: undefined. */
  readonly kind: "json" | "text" | "blob" | "empty";
  /** The headers it declares (read them through `.withResponse()`). */
  readonly headers?: readonly string[];
}

/** One security scheme of an alternative. */
export type SecurityInfo =
  | { readonly type: "bearer" }
  /** HTTP Basic: `user:password` from `apiKeys[key]`, sent base64-encoded in Authorization. */
  | { readonly type: "basic"; readonly key: string }
  | {
      readonly type: "apiKey";
      readonly key: string;
      readonly in: "header" | "query" | "cookie";
      readonly name: string;
    };
