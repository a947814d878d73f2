import { connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { readBody } from "../../src/pipeline/read-body.js";
import { startStageServer } from "./stage-server.js";

const server = await startStageServer((req) =>
  readBody(req, { maxBodyBytes: 1000, bodyTimeoutMs: 300 }),
);

describe("read body stage", () => {
  afterAll(() => server.close());

  it("gives the whole body's bytes to the next stage", async () => {
    await fetch(server.baseUrl, { method: "POST", body: "héllo" });
    expect(server.results.at(-1)).toEqual({ next: new Uint8Array(Buffer.from("héllo")) });
  });

  it("refuses a body that grows above the limit with a 413, closing the connection", async () => {
    const chunks = [new Uint8Array(600), new Uint8Array(600)];
    const body = new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    await fetch(server.baseUrl, { method: "POST", body, duplex: "half" } as RequestInit).catch(
      () => undefined,
    );
    const result = server.results.at(-1);
    expect(result && "refuse" in result && [result.refuse.status, result.close]).toEqual([
      413,
      true,
    ]);
  });

  it("refuses a body slower than the body timeout with a 408", async () => {
    const socket = connect(server.port, "127.0.0.1");
    socket.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab");
    await expect.poll(() => server.results.length, { timeout: 3000 }).toBe(3);
    socket.destroy();
    const result = server.results.at(-1);
    expect(result && "refuse" in result && result.refuse.status).toBe(408);
  });
});
