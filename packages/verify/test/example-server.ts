// A loopback server that answers any spec from its examples, generically: 401 without the credentials an operation's
// `security` asks for (the Bearer token, Basic credentials or the API key, each where its scheme says), 400 for a
// required body that is missing or JSON that does not parse, else the operation's first 2xx answer (its first
// example, its declared headers). A test plants one defect per operation on top (see verify-grown.test.ts).
import type { ServerResponse } from "node:http";
import { validArbitrary } from "@merchant-payments/kit";
import type { OperationSpec } from "@merchant-payments/spec";
import { credentialKind, placeCredential } from "@merchant-payments/spec/wire";
import {
  type LoopbackServer,
  type ReceivedRequest,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import fc from "fast-check";

/** The operation a request is for: method and path template matched segment by segment. */
export function operationOf(
  ops: readonly OperationSpec[],
  request: ReceivedRequest,
): OperationSpec | undefined {
  const path = (request.url.split("?")[0] ?? "").split("/");
  return ops.find((op) => {
    const template = op.path.split("/");
    return (
      op.method === request.method &&
      template.length === path.length &&
      template.every((segment, i) => /^\{.+\}$/.test(segment) || segment === path[i])
    );
  });
}

/** The secrets the example server accepts: the Bearer token, the API key, and (for HTTP Basic) `user:password`. */
export interface ExampleSecrets {
  /** The Bearer token. */
  readonly token: string;
  /** The API key, wherever a scheme puts it (a header, the query or a cookie). */
  readonly apiKey: string;
  /** `user:password` of HTTP Basic schemes (default: none, so a Basic operation is always 401). */
  readonly basic?: string;
}

/** True when the request carries the credentials of one alternative of the operation's `security`. */
export function authorized(
  op: OperationSpec,
  request: ReceivedRequest,
  secrets: ExampleSecrets,
): boolean {
  if (op.security.length === 0) return true;
  const query = new URL(request.url, "http://x").searchParams;
  const cookies = new Map(
    (request.headers.cookie ?? "")
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  return op.security.some((alternative) =>
    alternative.every((scheme) => {
      const kind = credentialKind(scheme);
      if (kind === "bearer") return request.headers.authorization === `Bearer ${secrets.token}`;
      if (kind === "basic")
        return (
          secrets.basic !== undefined &&
          request.headers.authorization === placeCredential(scheme, secrets.basic)?.value
        );
      const name = scheme.name ?? "";
      if (kind === "apiKey-query") return query.get(name) === secrets.apiKey;
      if (kind === "apiKey-cookie") return cookies.get(name) === secrets.apiKey;
      return request.headers[name.toLowerCase()] === secrets.apiKey;
    }),
  );
}

/** The operation's first 2xx answer as documented: status, Content-Type, declared headers, first example. */
export function documentedAnswer(document: unknown, op: OperationSpec) {
  const response = op.responses.find((r) => /^2/.test(r.status));
  if (!response) throw new Error(`${op.operationId} documents no 2xx answer`);
  const headers: Record<string, string> = {};
  for (const header of response.headers) {
    const visible = validArbitrary(document as Record<string, unknown>, header.schema).filter((v) =>
      /^[\x21-\x7e]+$/.test(String(v)),
    );
    headers[header.name] = String(fc.sample(visible, { seed: 1, numRuns: 1 })[0]);
  }
  const media = response.content[0];
  const example = media?.examples[0]?.value;
  if (media) headers["content-type"] = media.mediaType;
  const body =
    media === undefined
      ? ""
      : typeof example === "string"
        ? example
        : JSON.stringify(example ?? {});
  return { status: Number(response.status), headers, body };
}

/** A planted defect: given the documented answer, sends something else and returns true (false: send it as is). */
export type Plant = (
  answer: ReturnType<typeof documentedAnswer>,
  request: ReceivedRequest,
  response: ServerResponse,
) => boolean;

/** Starts the example server for `ops` of `document`; `plants` by operationId. */
export function startExampleServer(
  document: unknown,
  ops: readonly OperationSpec[],
  secrets: ExampleSecrets,
  plants: Readonly<Record<string, Plant>> = {},
): Promise<LoopbackServer> {
  return startLoopbackServer((request, response) => {
    try {
      answer(request, response);
    } catch (error) {
      response.writeHead(500, { "content-type": "text/plain" });
      response.end(`example server: ${(error as Error).stack}`);
    }
  });
  function answer(request: ReceivedRequest, response: ServerResponse): undefined {
    const op = operationOf(ops, request);
    const problem = (status: number, title: string): undefined => {
      response.writeHead(status, { "content-type": "application/problem+json" });
      response.end(JSON.stringify({ type: "about:blank", title, status }));
      return undefined;
    };
    if (!op) return problem(404, "Not Found");
    if (!authorized(op, request, secrets)) return problem(401, "Unauthorized");
    if (op.requestBodyRequired && request.body === "") return problem(400, "Bad Request");
    if (/json/.test(request.headers["content-type"] ?? "")) {
      try {
        JSON.parse(request.body);
      } catch {
        return problem(400, "Bad Request");
      }
    }
    const documented = documentedAnswer(document, op);
    if (plants[op.operationId]?.(documented, request, response)) return undefined;
    const empty = documented.status === 204 || documented.status === 205;
    // Node writes a 205 chunked (an empty chunk a client then reads as the next answer): say its length.
    response.writeHead(documented.status, {
      ...documented.headers,
      ...(documented.status === 205 ? { "content-length": "0" } : {}),
    });
    response.end(empty ? undefined : documented.body);
    return undefined;
  }
}
