// `pnpm mock webhook <name> --to <url>`: the spec's webhook (OpenAPI 3.1 `webhooks`) delivered to a real local
// receiver (node:http) with its documented method, headers, media type and body example; the receiver's status
// reported, exit 0 for a 2xx, 1 for another, 3 when nothing answers, 2 for a name the spec does not have.
import { spawn } from "node:child_process";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { getFreePort } from "@merchant-payments/test-support";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseCommandLine } from "../src/cli/parse.js";
import { webhookCommand } from "../src/cli/webhook-command.js";
import { WebhookError, webhookDelivery, webhookNames } from "../src/webhooks.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/foreign-api.yaml", import.meta.url));
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const PUBLISHED = {
  eventId: "3be6453c-03eb-4357-ae5a-984a0e574a54",
  name: "Pirate Coding Workshop",
  location: "Computer Room",
  eventDescription:
    "Captain Blackbeard shares his love of the C...language. And possibly Arrrrr (R lang).",
  dates: ["2023-10-29", "2023-10-30", "2023-10-31"],
  price: 25,
};

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver under test: records each request and answers `status`. */
let receiver: Server;
let receiverUrl: string;
let status = 202;
const received: Received[] = [];
beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

async function deliver(name: string, to = receiverUrl) {
  const lines: string[] = [];
  const exit = await webhookCommand({ name, to, spec: FIXTURE, timeoutMs: 10_000 }, (line) =>
    lines.push(line),
  );
  return { exit, lines };
}

describe("the webhooks of a document", () => {
  test("are read from the webhooks map in document order, each with its method, headers and example", async () => {
    const { loadDocument } = await import("@merchant-payments/spec");
    const document = loadDocument(FIXTURE);
    expect(webhookNames(document)).toEqual(["publishNewEvent", "stationClosed"]);
    const delivery = webhookDelivery(document, "publishNewEvent");
    expect(delivery).toMatchObject({
      method: "POST",
      pointer: "/webhooks/publishNewEvent/post",
      mediaType: "application/json",
      headers: { "X-Museum-Signature": "sha256=2f1b4c", "content-type": "application/json" },
    });
    expect(JSON.parse(delivery.body as string)).toEqual(PUBLISHED);
  });

  test("a webhook the document cannot deliver is refused naming it, its method and the JSON Pointer", () => {
    const document = {
      openapi: "3.1.0",
      webhooks: {
        "order.paid": {
          post: {
            requestBody: { content: { "application/json": { schema: { type: "object" } } } },
          },
        },
      },
    };
    expect(() => webhookDelivery(document, "order.paid")).toThrow(WebhookError);
    expect(() => webhookDelivery(document, "order.paid")).toThrow(
      "webhook order.paid (POST /webhooks/order.paid/post): its application/json body has no example (/webhooks/order.paid/post/requestBody/content/application~1json)",
    );
  });
});

describe("webhookCommand", () => {
  test("delivers the documented method, each documented header, the media type and the body; a 2xx exits 0", async () => {
    status = 202;
    received.length = 0;
    const { exit, lines } = await deliver("publishNewEvent");
    expect(exit).toBe(0);
    expect(received).toHaveLength(1);
    const [request] = received as [Received];
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/hooks");
    expect(request.headers["x-museum-signature"]).toBe("sha256=2f1b4c");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual(PUBLISHED);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^webhook publishNewEvent: POST http:\/\/127\.0\.0\.1:\d+\/hooks \(application\/json, \d+ bytes; headers X-Museum-Signature\) → 202 Accepted: delivered \(2xx\)$/,
    );
  });

  test("an XML payload goes as its example text, with its media type", async () => {
    status = 200;
    received.length = 0;
    expect((await deliver("stationClosed")).exit).toBe(0);
    expect(received[0]?.headers["content-type"]).toBe("application/xml");
    expect(received[0]?.body).toBe("<closed><station>berlin</station></closed>");
  });

  test("a receiver that does not answer 2xx exits 1, its status reported", async () => {
    status = 500;
    const { exit, lines } = await deliver("publishNewEvent");
    expect(exit).toBe(1);
    expect(lines[0]).toContain("→ 500 Internal Server Error: not delivered");
  });

  test("nothing answering is one line, exit 3", async () => {
    const port = await getFreePort();
    const { exit, lines } = await deliver("publishNewEvent", `http://127.0.0.1:${port}/hooks`);
    expect(exit).toBe(3);
    expect(lines).toEqual([
      `merchant-payments-mock webhook: nothing answers at http://127.0.0.1:${port}/hooks (ECONNREFUSED): webhook publishNewEvent not delivered (exit 3)`,
    ]);
  });

  test("an unknown name is one line listing the known ones, exit 2", async () => {
    const { exit, lines } = await deliver("bookingCreated");
    expect(exit).toBe(2);
    expect(lines).toEqual([
      'merchant-payments-mock webhook: unknown webhook "bookingCreated": the spec\'s webhooks are publishNewEvent, stationClosed',
    ]);
  });
});

describe("the command line", () => {
  test("`mock webhook <name> --to <url>` (what pnpm mock forwards) and `webhook …` parse alike", () => {
    const env = { invokedFrom: "/home/me" };
    const expected = {
      command: "webhook",
      name: "publishNewEvent",
      to: "http://127.0.0.1:9000/hooks",
      spec: "/home/me/api.yaml",
      timeoutMs: 10_000,
    };
    const args = ["publishNewEvent", "--to", "http://127.0.0.1:9000/hooks", "--spec", "api.yaml"];
    expect(parseCommandLine(["mock", "webhook", ...args], env)).toEqual(expected);
    expect(parseCommandLine(["webhook", ...args], env)).toEqual(expected);
    expect(() => parseCommandLine(["webhook", "publishNewEvent"], env)).toThrow(/needs --to <url>/);
    expect(() => parseCommandLine(["webhook", "x", "--to", "ftp://h/"], env)).toThrow(
      /--to must be an absolute http\(s\) URL/,
    );
  });

  test("the built bin delivers and exits with the receiver's verdict", async () => {
    status = 204;
    received.length = 0;
    const child = spawn(
      process.execPath,
      [cli, "mock", "webhook", "publishNewEvent", "--to", receiverUrl, "--spec", FIXTURE],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(out).toMatch(/→ 204 No Content: delivered \(2xx\)/);
    expect(code).toBe(0);
    expect(received).toHaveLength(1);
  });
});
