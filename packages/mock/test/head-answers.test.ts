// HEAD answers on the grown fixture (checkTransaction, the HEAD of readTransaction's path): every documented status
// carries the headers its GET answer carries (Content-Type, Content-Length, declared headers) and no body, with and
// without `errors` (RFC 9110 §9.3.2).
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { createRequire } from "node:module";
import { operation } from "@merchant-payments/spec/model";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type MockServer, startMock } from "../src/index.js";

const grownSpec = createRequire(import.meta.url).resolve(
  "@merchant-payments/spec/fixtures/grown.json",
);
const grown = JSON.parse(readFileSync(grownSpec, "utf8"));
const PATH = "/transactions/TXN-20240115-000123";
/** The concrete statuses of each documented key of the HEAD operation ("5XX": 500 and 503). */
const STATUSES = operation(grown, "checkTransaction")
  .responses.map((r) => r.status)
  .flatMap((key) => (key === "5XX" ? ["500", "503"] : [key]));

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bodyBytes: number;
}

/** One request by node:http (fetch hides what a HEAD answer's head says), its whole answer read. */
function raw(base: string, method: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${PATH}`, { method, headers, timeout: 10_000 }, (res) => {
      let bodyBytes = 0;
      res.on("data", (chunk: Buffer) => {
        bodyBytes += chunk.byteLength;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bodyBytes }),
      );
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end();
  });
}

/** The headers a HEAD answer must repeat from the GET answer. */
const ENTITY_HEADERS = ["content-type", "content-length", "retry-after", "www-authenticate"];
const entityHeaders = (answer: RawAnswer) =>
  Object.fromEntries(ENTITY_HEADERS.map((name) => [name, answer.headers[name]]));

for (const errors of [false, true]) {
  describe(`HEAD answers (errors: ${errors})`, () => {
    let mock: MockServer;
    beforeAll(async () => {
      mock = await startMock({ spec: grownSpec, errors });
    });
    afterAll(async () => {
      await mock?.close();
    });

    test.each(STATUSES.filter((status) => status !== "200"))(
      "a HEAD %s carries the GET answer's Content-Type and Content-Length, and no body",
      async (status) => {
        const headers = { authorization: "Bearer t", prefer: `code=${status}` };
        const get = await raw(mock.baseUrl, "GET", headers);
        const head = await raw(mock.baseUrl, "HEAD", headers);
        expect(get.status).toBe(Number(status));
        expect(head.status).toBe(Number(status));
        expect(get.headers["content-type"]).toBe("application/problem+json");
        expect(entityHeaders(head)).toEqual(entityHeaders(get));
        expect(Number(head.headers["content-length"])).toBe(get.bodyBytes);
        expect(head.bodyBytes).toBe(0);
      },
    );

    test("a HEAD without credentials is the GET's 401, headers and all", async () => {
      const get = await raw(mock.baseUrl, "GET", {});
      const head = await raw(mock.baseUrl, "HEAD", {});
      expect([get.status, head.status]).toEqual([401, 401]);
      expect(entityHeaders(head)).toEqual(entityHeaders(get));
      expect(head.bodyBytes).toBe(0);
    });

    test("a HEAD 200 carries its declared ETag and the Content-Length of its (empty) declared answer", async () => {
      const head = await raw(mock.baseUrl, "HEAD", { authorization: "Bearer t" });
      expect(head.status).toBe(200);
      expect(head.headers.etag).toBeTruthy();
      expect(head.headers["content-length"]).toBe("0");
      expect(head.headers["sl-violations"]).toBeUndefined();
    });
  });
}
