// Child process: `trivial` or `mock` server (see withServer), or `memory NAME` (see memory()).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { GCProfiler } from "node:v8";
import { operations } from "@merchant-payments/spec";
import { batchContenders, example } from "./bench-client.js";

let connections = 0;

/** Starts the trivial server on a free loopback port; resolves its base URL. */
async function trivial(): Promise<string> {
  const answers = new Map(operations().map((op) => [op.path, example(op.operationId).answer]));
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      JSON.parse(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answers.get(req.url ?? "")));
    });
  });
  server.on("connection", () => connections++);
  // Keep-alive sockets outlive the clients' idle timeouts; a backlog for 1,000 connections at once.
  server.keepAliveTimeout = 60_000;
  server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 });
  await new Promise((listening) => server.once("listening", listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Prints { extraBytes, gcs } of one maximal-batch call of batch contender `name`. */
async function memory(name = ""): Promise<void> {
  const [small, big] = [100, undefined].map((n) => batchContenders(n).find((c) => c.name === name));
  if (!small || !big) throw new Error(`no batch contender ${name}`);
  for (let i = 0; i < 5; i++) await small.run();
  const used = ({ heapUsed, external } = process.memoryUsage()) => heapUsed + external;
  globalThis.gc?.();
  globalThis.gc?.();
  const [profiler, before] = [new GCProfiler(), used()];
  profiler.start();
  await big.run();
  const [extraBytes, gcs] = [used() - before, profiler.stop().statistics.length];
  process.stdout.write(JSON.stringify({ extraBytes, gcs }));
}

const [kind, name] = process.argv.slice(2);
if (kind === "memory") await memory(name);
else {
  // The mock is loaded only in its own child: the trivial server's RSS is the baseline.
  const mock = kind === "mock" ? await (await import("@merchant-payments/mock")).startMock() : null;
  process.send?.({ baseUrl: mock?.baseUrl ?? (await trivial()) });
  process.on("message", () => process.send?.({ connections, rss: process.memoryUsage().rss }));
  process.on("disconnect", () => process.exit(0));
}
