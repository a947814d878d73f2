// The grown fixture's bundle with the credential kinds beyond Bearer, for the mock's, verify's and the client's tests:
// HTTP Basic on readTransaction, an API key in a cookie on the settlement report, a required cookie parameter. The
// fixture itself keeps Bearer only, so the peer suites and the shape suites that run on it stay as they are.

/** What `withCredentialKinds` adds, by name. */
export const CREDENTIAL_KINDS = {
  basicScheme: "PartnerBasic",
  cookieKeyScheme: "SessionCookie",
  cookieKeyName: "session",
  cookieParameter: "region",
  basicPath: "/transactions/{transactionReference}",
  cookieKeyPath: "/settlements/{settlementDate}/report",
} as const;

/** Options of `withCredentialKinds`. */
export interface CredentialKindsOptions {
  /** Keep Bearer as a second alternative on the Basic operation (default false: Basic only). */
  readonly bearerAlternative?: boolean;
  /** Example of the cookie parameter (default: none). */
  readonly cookieExample?: string;
}

/** A copy of the grown bundle `document` (parsed JSON) whose operations take Basic, a cookie key and a cookie parameter. */
// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document, edited by path
export function withCredentialKinds(document: any, options: CredentialKindsOptions = {}): unknown {
  const copy = structuredClone(document);
  const k = CREDENTIAL_KINDS;
  copy.components.securitySchemes[k.basicScheme] = {
    type: "http",
    scheme: "basic",
    description: "Partner credentials, `user:password` (test only).",
  };
  copy.components.securitySchemes[k.cookieKeyScheme] = {
    type: "apiKey",
    in: "cookie",
    name: k.cookieKeyName,
    description: `A session key in the \`${k.cookieKeyName}\` cookie (test only).`,
  };
  const read = copy.paths[k.basicPath].get;
  read.security = options.bearerAlternative
    ? [{ [k.basicScheme]: [] }, { BearerAuth: [] }]
    : [{ [k.basicScheme]: [] }];
  read.parameters = [
    ...(read.parameters ?? []),
    {
      name: k.cookieParameter,
      in: "cookie",
      required: true,
      description: "The caller's region (test only).",
      schema: { type: "string", enum: ["eu", "us"] },
      ...(options.cookieExample === undefined ? {} : { example: options.cookieExample }),
    },
  ];
  copy.paths[k.cookieKeyPath].get.security = [{ [k.cookieKeyScheme]: [] }];
  return copy;
}
