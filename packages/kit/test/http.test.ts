// The one upstream HTTP module (`@merchant-payments/kit/http`) against a real loopback server: the whole answer read
// and decoded, bounded in size as received and as decoded, within its deadline, every failure an outcome.
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import {
  getFreePort,
  type LoopbackServer,
  startLoopbackServer,
} from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type HttpOutcome, send } from "../src/http.js";

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());

const get = (path = "/x", extra: { maxResponseBytes?: number; keepEncoded?: boolean } = {}) => ({
  method: "GET",
  url: `${server.baseUrl}${path}`,
  headers: {},
  ...extra,
});
const answered = (outcome: HttpOutcome) => {
  if (outcome.kind !== "answer") throw new Error(`expected an answer, got ${outcome.stop}`);
  return outcome;
};
const failed = (outcome: HttpOutcome) => {
  if (outcome.kind !== "failure") throw new Error(`expected a failure, got ${outcome.status}`);
  return outcome;
};

describe("the shared HTTP module", () => {
  const text = JSON.stringify({ greeting: "héllo", list: Array.from({ length: 50 }, (_, i) => i) });
  const codings: [string, (b: Buffer) => Buffer][] = [
    ["gzip", gzipSync],
    ["deflate", deflateSync],
    ["deflate", deflateRawSync],
    ["br", brotliCompressSync],
    ["gzip, br", (b) => brotliCompressSync(gzipSync(b))],
  ];
  test.each(codings)(
    "decodes a %s answer and keeps the bytes as received when asked",
    async (coding, encode) => {
      const bytes = encode(Buffer.from(text));
      server.handle((_req, res) => {
        res.writeHead(200, { "content-encoding": coding, "x-request-id": "r1" });
        res.end(bytes);
      });
      const answer = answered(await send(get("/x", { keepEncoded: true }), 5_000));
      expect(answer.status).toBe(200);
      expect(answer.body.toString("utf8")).toBe(text);
      expect(answer.encoded?.equals(bytes)).toBe(true);
      expect(answer.headers.get("x-request-id")).toBe("r1");
    },
  );

  test("sends the method, headers and body as given, and keeps no encoded copy unless asked", async () => {
    server.handle((_req, res) => res.end("ok"));
    const answer = answered(
      await send(
        {
          method: "PUT",
          url: `${server.baseUrl}/put`,
          headers: { "x-a": "1" },
          body: new Uint8Array([104, 105]),
        },
        5_000,
      ),
    );
    expect(answer.body.toString()).toBe("ok");
    expect(answer.encoded).toBeUndefined();
    expect(server.received[0]).toMatchObject({ method: "PUT", url: "/put", body: "hi" });
    expect(server.received[0]?.headers["x-a"]).toBe("1");
  });

  test("refuses a body over the limit as received (declared or streamed), with the answer's head", async () => {
    server.handle((req, res) => {
      if (req.url === "/declared")
        res.writeHead(200, { "content-length": "2000" }).end("x".repeat(2000));
      else res.end("y".repeat(5000));
    });
    for (const path of ["/declared", "/streamed"]) {
      const failure = failed(await send(get(path, { maxResponseBytes: 1000 }), 5_000));
      expect(failure.stop).toBe("too-large");
      expect(failure.head?.status).toBe(200);
      expect(failure.sent).toBe("complete");
    }
  });

  test("refuses a gzip bomb as soon as the decoded bytes pass the limit", async () => {
    const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024));
    server.handle((_req, res) => res.writeHead(200, { "content-encoding": "gzip" }).end(bomb));
    const failure = failed(await send(get("/bomb", { maxResponseBytes: 256 * 1024 }), 10_000));
    expect(bomb.length).toBeLessThan(256 * 1024);
    expect(failure.stop).toBe("too-large");
  });

  test("reports a corrupt or truncated coding as such", async () => {
    const whole = gzipSync(Buffer.from(text));
    server.handle((req, res) => {
      res.writeHead(200, { "content-encoding": "gzip" });
      res.end(
        req.url === "/corrupt"
          ? Buffer.from("not gzip at all")
          : whole.subarray(0, whole.length - 8),
      );
    });
    for (const path of ["/corrupt", "/truncated"]) {
      const failure = failed(await send(get(path), 5_000));
      expect(failure.stop).toBe("corrupt-coding");
    }
  });

  test("ends at its deadline: before the head a timeout with nothing answered, after it with the head", async () => {
    server.handle((req, res) => {
      if (req.url === "/body") res.writeHead(200).write("partial");
      // else: never answer
    });
    const silent = failed(await send(get("/silent"), 200));
    expect(silent.stop).toBe("deadline");
    expect(silent.head).toBeUndefined();
    const stalled = failed(await send(get("/body"), 200));
    expect(stalled.stop).toBe("deadline");
    expect(stalled.head?.status).toBe(200);
  });

  test("ends at once when its signal aborts, with the signal's reason", async () => {
    server.handle(() => {});
    const controller = new AbortController();
    const pending = send({ ...get("/abort"), signal: controller.signal }, 60_000);
    const reason = new Error("stop now");
    setImmediate(() => controller.abort(reason));
    const failure = failed(await pending);
    expect(failure.stop).toBe("aborted");
    expect(failure.cause).toBe(reason);
  });

  test("says nothing was sent to a port where nothing listens, and names it a refused connection", async () => {
    // A port just freed: nothing listens on it.
    const port = await getFreePort();
    const failure = failed(
      await send({ method: "GET", url: `http://127.0.0.1:${port}/`, headers: {} }, 5_000),
    );
    expect(failure.sent).toBe("none");
    expect(failure.stop).toBe("connection-refused");
  });

  test("names a connection dropped before the answer a reset, and one dropped mid-body a truncated body", async () => {
    server.handle((req, res) => {
      if (req.url === "/mid") {
        res.writeHead(200, { "content-length": "100" }).write("short");
        setImmediate(() => res.socket?.destroy());
      } else res.socket?.destroy();
    });
    expect(failed(await send(get("/reset"), 5_000)).stop).toBe("reset");
    expect(failed(await send(get("/mid"), 5_000)).stop).toBe("truncated-body");
  });
});
