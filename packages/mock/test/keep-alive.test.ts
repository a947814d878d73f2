// A client that lags must not lose a POST to a connection the mock closes: an idle keep-alive connection stays open
// well past Node's 5 s default, and the mock says how long (Keep-Alive: timeout=…), which undici and others honour.
import { Agent as HttpAgent, type IncomingMessage, request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type MockServer, startMock } from "../src/index.js";
import { KEEP_ALIVE_MS } from "../src/server.js";

/** Longer than Node's default keep-alive (5 s, closed within about a second after), which failed this test. */
const IDLE_MS = 7_000;

const lookup = JSON.stringify({
  merchantAccountNumber: 12345678,
  transactionReferenceNumber: "TXN-20240115-000123",
});

let mock: MockServer;
const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  agent.destroy();
  await mock?.close();
});

/** One POST on the agent's connection: the answer's status, its Keep-Alive header and its connection's local port. */
function postLookup(): Promise<{ status: number; keepAlive: string; localPort: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${mock.baseUrl}/collections/getTransaction`,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", authorization: "Bearer test-token" },
      },
      (res: IncomingMessage) => {
        // Read now: the agent takes the socket back (res.socket is null) once the answer has ended.
        const localPort = res.socket.localPort ?? 0;
        res.resume();
        res.once("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            keepAlive: String(res.headers["keep-alive"] ?? ""),
            localPort,
          }),
        );
      },
    );
    req.once("error", reject);
    req.end(lookup);
  });
}

test("says how long an idle connection stays open", async () => {
  const answer = await postLookup();
  expect(answer.status).toBe(200);
  expect(answer.keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
});

test("keeps an idle connection open past Node's 5 s default, so the next POST goes on the same connection", async () => {
  const first = await postLookup();
  await sleep(IDLE_MS);
  const second = await postLookup();
  expect(second.status).toBe(200);
  expect(second.localPort, "the same connection").toBe(first.localPort);
});
