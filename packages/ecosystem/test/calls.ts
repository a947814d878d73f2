// One valid call of every operation of the published spec, read from the spec model whatever its shape (parameters
// in the path, query and headers, a body of any media type, credentials of any scheme), as JSON a generated
// program can read: the contract suite's valid call (`validCall`: the spec's examples, else generated values), split
// by where each value goes; files of a multipart body as `{ $file, type }` (`filesAsJson`; the driver makes them `Blob`s).
import {
  callerParameters,
  clientBody,
  isStructured,
  validCall,
} from "@merchant-payments/contract-tests/call-inputs";
import { filesAsJson } from "@merchant-payments/contract-tests/json-calls";
import {
  createAjv,
  type Json,
  loadBundle,
  type OperationSpec,
  operations,
} from "@merchant-payments/spec";
import { isObject } from "@merchant-payments/spec/model";
import { credentialKind, placeCredential } from "@merchant-payments/spec/wire";

/** The seed of the generated values (a call uses the spec's examples where it has them). */
const CALL_SEED = 31;
/** The bearer token, API key and Basic `user:password` every call sends (the mock takes any). */
export const CREDENTIALS = {
  token: "ecosystem-token",
  apiKey: "ecosystem-key",
  basic: "ecosystem-user:ecosystem-password",
} as const;

/** The secret of `CREDENTIALS` a scheme takes: the key of an API key scheme, `user:password` of Basic, else the token. */
function secretFor(scheme: OperationSpec["security"][number][number]): string {
  const kind = credentialKind(scheme);
  if (kind === "basic") return CREDENTIALS.basic;
  return kind?.startsWith("apiKey-") ? CREDENTIALS.apiKey : CREDENTIALS.token;
}

/** One call of an operation, every value placed where the spec puts it. */
export interface Call {
  readonly operationId: string;
  /** Path parameters, in the order the path names them. */
  readonly path: Record<string, unknown>;
  /** Query parameters (a paginated operation's cursor left out: the first page). */
  readonly query: Record<string, unknown>;
  /** Header parameters, the headers the body determines (`x-equals-body-property`) among them. */
  readonly headers: Record<string, string>;
  /** Whether the operation has query parameters (a generated function then takes an object of them). */
  readonly hasQuery: boolean;
  /** Whether the operation has header parameters (a generated function then takes an object of them). */
  readonly hasHeaders: boolean;
  /** Whether the operation has a request body (a generated function then takes one). */
  readonly hasBody: boolean;
  /** The body as a client gives it: an object for JSON, multipart (files as `{ $file, type }`) and forms, else text. */
  readonly body: unknown;
  /** The credential headers of the operation's first security alternative (a cookie key as `cookie`). */
  readonly credentialHeaders: Record<string, string>;
  /** The credential query parameters of the operation's first security alternative (an API key in the query). */
  readonly credentialQuery: Record<string, string>;
  /** The operation's documented 2xx statuses: the answer to a valid call is one of them. */
  readonly statuses: readonly number[];
}

/**
 * The credentials of the first security alternative of `op`: headers (cookies joined into one `cookie` header) and
 * query parameters.
 */
function credentialsOf(op: OperationSpec): {
  headers: Record<string, string>;
  query: Record<string, string>;
} {
  const headers: Record<string, string> = {};
  const query: Record<string, string> = {};
  const cookies: string[] = [];
  for (const scheme of op.security[0] ?? []) {
    const placed = placeCredential(scheme, secretFor(scheme));
    if (placed?.in === "header") headers[placed.name] = placed.value;
    if (placed?.in === "query") query[placed.name] = placed.value;
    if (placed?.in === "cookie") cookies.push(`${placed.name}=${placed.value}`);
  }
  if (cookies.length > 0) headers.cookie = cookies.join("; ");
  return { headers, query };
}

/** One call of `op` of `document`. */
async function callOf(document: Json, op: OperationSpec): Promise<Call> {
  const call = validCall(document, createAjv(document), op, CALL_SEED);
  const placed = (where: string) =>
    Object.fromEntries(
      callerParameters(op)
        .filter((p) => p.in === where && p.name in call.params)
        .map((p) => [p.name, call.params[p.name]]),
    );
  const path = Object.fromEntries(
    [...op.path.matchAll(/\{([^}]+)\}/g)].map(([, name = ""]) => [name, call.params[name]]),
  );
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries(placed("header")).map(([name, value]) => [name, String(value)]),
  );
  for (const p of op.parameters)
    if (p.in === "header" && p.equalsBodyProperty !== undefined && isObject(call.body))
      headers[p.name] = String(call.body[p.equalsBodyProperty]);
  const given = clientBody(document, call.media, call.body);
  return {
    operationId: op.operationId,
    path,
    query: placed("query"),
    headers,
    hasQuery: op.parameters.some((p) => p.in === "query"),
    hasHeaders: op.parameters.some((p) => p.in === "header"),
    hasBody: call.media !== undefined,
    body:
      call.media && !isStructured(call.media.mediaType) && given instanceof Blob
        ? await given.text()
        : await filesAsJson(given),
    credentialHeaders: credentialsOf(op).headers,
    credentialQuery: credentialsOf(op).query,
    statuses: op.responses.filter((r) => /^2\d\d$/.test(r.status)).map((r) => Number(r.status)),
  };
}

/** One call of every operation of the published spec, in the spec's order. */
export function specCalls(): Promise<Call[]> {
  const document = loadBundle();
  return Promise.all(operations().map((op) => callOf(document, op)));
}
