// Every operation of every (spec, client) pair on the wire, against a real local server whose answers each test
// scripts: every documented 2xx answer (each status and media type, or none) resolved in its kind with its declared
// headers reachable through `.withResponse()`; the credentials each operation's `security` asks for, and no others;
// a paginated operation's pages followed by `for await` until the cursor runs out, and one page when awaited.
import type { ServerResponse } from "node:http";
import { type Json, type OperationSpec, parsePointer } from "@merchant-payments/spec/model";
import { credentialKind, placeCredential } from "@merchant-payments/spec/wire";
import { type LoopbackServer, startLoopbackServer } from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  answerPayload,
  kindOf,
  resultProblems,
  type SuccessAnswer,
  successAnswers,
} from "../src/answers.js";
import { clientArguments, validCall } from "../src/call-inputs.js";
import { methodOf } from "../src/checks.js";
import { API_KEY, BASIC_CREDENTIALS, TOKEN, targetClient } from "../src/harness.js";
import { contractTargets } from "../src/targets.js";
import { fileSeed } from "./generated-inputs.js";

const seed = fileSeed("operation shapes on the wire");

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(async () => {
  await server?.close();
});

/** Writes a scripted answer: status, headers, and the body (none for HEAD, 204 and 205). */
function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Uint8Array | undefined,
): void {
  response.writeHead(status, headers);
  response.end(body);
}

/** A copy of `value` with `value` at the JSON Pointer `at` set to `replacement`. */
function withAt(value: Json, at: string, replacement: unknown): Json {
  const copy = structuredClone(value);
  const segments = parsePointer(at);
  const last = segments.pop() as string;
  let node = copy;
  for (const segment of segments) node = node[segment];
  node[last] = replacement;
  return copy;
}

/** The value at the JSON Pointer `at` in `value`. */
function valueAt(value: Json, at: string): Json {
  return parsePointer(at).reduce((node, segment) => node?.[segment], value);
}

describe.each(contractTargets().map((t) => [t.name, t] as const))(
  "the %s spec",
  (_name, target) => {
    const { document, validator } = target;

    describe.each(target.operations.map((op, i) => [op.operationId, op, i] as const))(
      "%s",
      (_id, op: OperationSpec, index) => {
        const opSeed = seed + index * 100;
        const call = validCall(document, validator, op, opSeed);
        const args = () => clientArguments(document, call.params, call.media, call.body);
        const answers = successAnswers(op);
        const first = answers[0] as SuccessAnswer;

        test.each(answers.map((a) => [a.status, a.media?.mediaType ?? "(no body)", a] as const))(
          "resolves the documented %s %s answer in its kind, its declared headers through withResponse()",
          async (status, _type, answer) => {
            const payload = answerPayload(document, validator, op, answer, opSeed);
            server.handle((_request, response) =>
              send(response, status, payload.headers, payload.body),
            );
            const method = methodOf(targetClient(target, server.baseUrl), op.operationId);
            const { data, response } = await (
              method(args()) as unknown as {
                withResponse(): Promise<{ data: unknown; response: { headers: Headers } }>;
              }
            ).withResponse();
            const sent = kindOf(op, answer) === "json" ? undefined : payload.value;
            expect(await resultProblems(document, validator, op, answer, data, sent)).toEqual([]);
            for (const header of answer.response.headers)
              expect(response.headers.get(header.name), header.name).toBe(
                payload.headers[header.name],
              );
          },
        );

        test("sends the credentials its security asks for, and no others", async () => {
          const payload = answerPayload(document, validator, op, first, opSeed);
          server.handle((_request, response) =>
            send(response, first.status, payload.headers, payload.body),
          );
          await methodOf(targetClient(target, server.baseUrl), op.operationId)(args());
          const request = server.received[0];
          expect(request).toBeDefined();
          if (!request) return;
          const url = new URL(request.url, server.baseUrl);
          const chosen = op.security[0] ?? [];
          const schemes = op.security.flat();
          // The scheme that goes in Authorization, derived from its type: HTTP Bearer or Basic, OAuth 2.0 and
          // OpenID Connect (a Bearer access token).
          const http = chosen.find((s) => ["bearer", "basic"].includes(credentialKind(s) ?? ""));
          const basic = http !== undefined && credentialKind(http) === "basic";
          expect(request.headers.authorization).toBe(
            http && placeCredential(http, basic ? BASIC_CREDENTIALS : TOKEN)?.value,
          );
          const cookies = new Map(
            (request.headers.cookie ?? "")
              .split("; ")
              .filter(Boolean)
              .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
          );
          for (const scheme of schemes.filter((s) => s.type === "apiKey" && s.name)) {
            const name = scheme.name as string;
            const used = chosen.includes(scheme);
            const where =
              scheme.in === "query"
                ? url.searchParams.get(name)
                : scheme.in === "cookie"
                  ? cookies.get(name)
                  : request.headers[name.toLowerCase()];
            expect(where ?? undefined, `${scheme.in} ${name}`).toBe(used ? API_KEY : undefined);
          }
          const sent = JSON.stringify(request);
          if (!chosen.some((s) => credentialKind(s) === "bearer"))
            expect(sent).not.toContain(TOKEN);
          if (!chosen.some((s) => s.type === "apiKey")) expect(sent).not.toContain(API_KEY);
        });

        const pagination = op.pagination;
        const pageAnswer = answers.find((a) => kindOf(op, a) === "json");
        test.skipIf(!pagination || !pageAnswer)(
          "follows the pages with for await until the cursor runs out, and gives one page when awaited",
          async () => {
            if (!pagination || !pageAnswer) return;
            const base = answerPayload(document, validator, op, pageAnswer, opSeed).value;
            const items: unknown[] = valueAt(base, pagination.items) ?? [];
            expect(items.length, "the answer example holds an item").toBeGreaterThan(0);
            const cursors = ["page-2", "page-3", null] as const;
            const pages = cursors.map((next) =>
              withAt(withAt(base, pagination.items, [items[0], items[0]]), pagination.next, next),
            );
            server.handle((_request, response, n) =>
              send(
                response,
                pageAnswer.status,
                { "content-type": "application/json" },
                JSON.stringify(pages[n]),
              ),
            );
            const method = methodOf(targetClient(target, server.baseUrl), op.operationId);
            const firstPage = await method(args());
            expect(server.received).toHaveLength(1);
            expect(valueAt(firstPage, pagination.items)).toHaveLength(2);

            server.handle((_request, response, n) =>
              send(
                response,
                pageAnswer.status,
                { "content-type": "application/json" },
                JSON.stringify(pages[n]),
              ),
            );
            const seen: unknown[] = [];
            for await (const item of method(args()) as unknown as AsyncIterable<unknown>)
              seen.push(item);
            expect(seen).toHaveLength(6);
            expect(server.received).toHaveLength(3);
            const sentCursors = server.received.map((r) =>
              new URL(r.url, server.baseUrl).searchParams.get(pagination.cursor),
            );
            expect(sentCursors.slice(1)).toEqual(["page-2", "page-3"]);
          },
        );
      },
    );
  },
);
