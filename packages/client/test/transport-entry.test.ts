// The `/transport` entry: what a custom transport is written with. Each build (ESM, CommonJS, the Node builds, the
// entry's own ESM and CommonJS files) holds its own copy of the transport classes; their brands make `instanceof` hold
// across copies, so a transport written against one build works with a client of any other. Exercised on the built
// files against a real loopback server.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { describe, expect, test } from "vitest";
import { DeadlineExceeded } from "../src/transport/timed.js";
import { json, useTestServer } from "./helpers/server.js";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const src = join(dirname(fileURLToPath(import.meta.url)), "..", "src");
const server = useTestServer();
const require = createRequire(import.meta.url);
const lookup = { merchantAccountNumber: 12345678, transactionReferenceNumber: "T" };

type TransportEntry = typeof import("../src/transport/index.js");
type ClientEntry = typeof import("../src/index.js");

const transportEntries: [string, () => Promise<TransportEntry>][] = [
  ["transport ESM", () => import(pathToFileURL(join(dist, "transport.js")).href)],
  ["transport CommonJS", async () => require(join(dist, "transport.cjs"))],
];
const clientEntries: [string, () => Promise<ClientEntry>][] = [
  ["client ESM", () => import(pathToFileURL(join(dist, "index.js")).href)],
  ["client ESM (Node)", () => import(pathToFileURL(join(dist, "index.node.js")).href)],
  ["client CommonJS", async () => require(join(dist, "index.cjs"))],
  ["client CommonJS (Node)", async () => require(join(dist, "index.node.cjs"))],
];
type TimedModule = typeof import("../src/transport/timed.js");
/**
 * Another copy of the timed transport's module (DeadlineExceeded is not exported: each build bundles its own), built
 * by esbuild as CommonJS and loaded here, as a build other than the sources and the dist files holds it.
 */
async function anotherCopyOfTimed(): Promise<TimedModule> {
  const out = await build({
    entryPoints: [join(src, "transport", "timed.ts")],
    bundle: true,
    format: "cjs",
    platform: "neutral",
    write: false,
    logLevel: "silent",
  });
  const module = { exports: {} as TimedModule };
  new Function("module", "exports", out.outputFiles[0]?.text ?? "")(module, module.exports);
  return module.exports;
}

const pairs = transportEntries.flatMap(([t, loadTransport]) =>
  clientEntries.map(
    ([c, loadClient]) => [`${t} with the ${c}`, loadTransport, loadClient] as const,
  ),
);

describe("the /transport entry", () => {
  test("holds the transport internals, which the client root no longer exports", async () => {
    const root = await import(pathToFileURL(join(dist, "index.js")).href);
    const entry: TransportEntry = await import(pathToFileURL(join(dist, "transport.js")).href);
    for (const name of ["TransportFailure", "BodyTooLarge", "CorruptCoding", "requestIdFrom"]) {
      expect(name in root, name).toBe(false);
      expect(typeof (entry as Record<string, unknown>)[name], name).toBe("function");
    }
    expect(typeof root.fetchTransport).toBe("function");
  });

  test("its classes are instances of every copy of themselves, and nothing else is", async () => {
    const esm: TransportEntry = await import(pathToFileURL(join(dist, "transport.js")).href);
    const cjs: TransportEntry = require(join(dist, "transport.cjs"));
    const failure = new esm.TransportFailure("none", new Error("refused"));
    expect(failure).toBeInstanceOf(cjs.TransportFailure);
    expect(failure).toBeInstanceOf(Error);
    expect(new cjs.BodyTooLarge(10)).toBeInstanceOf(esm.BodyTooLarge);
    expect(new cjs.CorruptCoding("bad gzip")).toBeInstanceOf(esm.CorruptCoding);
    expect(new Error("plain")).not.toBeInstanceOf(cjs.TransportFailure);
    expect(new esm.BodyTooLarge(10)).not.toBeInstanceOf(cjs.TransportFailure);
    expect(failure).not.toBeInstanceOf(esm.CorruptCoding);
    expect(null).not.toBeInstanceOf(esm.TransportFailure);
  });

  test.each(pairs)(
    "%s: a failure before sending is a ConnectionError that was not processed",
    async (_, loadTransport, loadClient) => {
      const { TransportFailure } = await loadTransport();
      const built = await loadClient();
      const client = built.createMerchantPaymentsClient({
        baseUrl: server.baseUrl,
        token: "test-token",
        maxRetries: 0,
        transport: async () => {
          throw new TransportFailure("none", new Error("connection refused"));
        },
      });
      const error = await client.getTransaction(lookup).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(built.ConnectionError);
      expect((error as InstanceType<ClientEntry["ConnectionError"]>).mayHaveBeenProcessed).toBe(
        false,
      );
    },
  );

  test.each(pairs)(
    "%s: a body over the limit (the BodyTooLarge cause) is a ResponseTooLargeError",
    async (_, loadTransport, loadClient) => {
      const { BodyTooLarge, TransportFailure, requestIdFrom } = await loadTransport();
      const built = await loadClient();
      server.handle((_request, response) => {
        response.setHeader("x-request-id", "req-big-1");
        json(response, 200, { padding: "x".repeat(4096) });
      });
      const client = built.createMerchantPaymentsClient({
        baseUrl: server.baseUrl,
        token: "test-token",
        maxRetries: 0,
        // A transport over fetch that reads the answer's head from the real server, then gives up on its body.
        transport: async (request) => {
          const response = await fetch(request.url, {
            method: request.method,
            headers: request.headers,
            body: request.body as BodyInit | undefined,
            signal: request.signal,
          });
          await response.body?.cancel();
          const head = {
            status: response.status,
            headers: response.headers,
            requestId: requestIdFrom(response.headers),
          };
          throw new TransportFailure("complete", new BodyTooLarge(1024), head);
        },
      });
      const error = await client.getTransaction(lookup).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(built.ResponseTooLargeError);
      expect((error as InstanceType<ClientEntry["ResponseTooLargeError"]>).requestId).toBe(
        "req-big-1",
      );
    },
  );

  test("DeadlineExceeded is an instance of every copy of itself, and nothing else is", async () => {
    const copy = await anotherCopyOfTimed();
    expect(copy.DeadlineExceeded).not.toBe(DeadlineExceeded);
    expect(new copy.DeadlineExceeded(50)).toBeInstanceOf(DeadlineExceeded);
    expect(new DeadlineExceeded(50)).toBeInstanceOf(copy.DeadlineExceeded);
    expect(new DeadlineExceeded(50)).toBeInstanceOf(Error);
    expect(new Error("plain")).not.toBeInstanceOf(copy.DeadlineExceeded);
    const { BodyTooLarge } = await import(pathToFileURL(join(dist, "transport.js")).href);
    expect(new BodyTooLarge(10)).not.toBeInstanceOf(DeadlineExceeded);
    expect(new copy.DeadlineExceeded(50)).not.toBeInstanceOf(BodyTooLarge);
    expect(undefined).not.toBeInstanceOf(DeadlineExceeded);
  });

  test.each(clientEntries)(
    "%s: a timed transport's deadline (DeadlineExceeded of another copy) is a TimeoutError",
    async (_, loadClient) => {
      const { DeadlineExceeded: ForeignDeadline } = await anotherCopyOfTimed();
      const { TransportFailure } = await import(pathToFileURL(join(dist, "transport.js")).href);
      const built = await loadClient();
      // A transport that takes the attempt's timeout itself (`within`), as the Node transport does.
      const transport = Object.assign(
        async () => {
          throw new Error("the client must call within");
        },
        {
          within: async (_request: unknown, timeoutMs: number) => {
            throw new TransportFailure("unknown", new ForeignDeadline(timeoutMs));
          },
        },
      );
      const client = built.createMerchantPaymentsClient({
        baseUrl: server.baseUrl,
        token: "test-token",
        maxRetries: 0,
        timeoutMs: 1_234,
        transport,
      });
      const error = await client.getTransaction(lookup).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(built.TimeoutError);
      expect((error as InstanceType<ClientEntry["TimeoutError"]>).timeoutMs).toBe(1_234);
      expect((error as InstanceType<ClientEntry["TimeoutError"]>).mayHaveBeenProcessed).toBe(true);
    },
  );
});
