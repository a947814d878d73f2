// Binary answers: an example of a binary media type is served as the bytes it stands for.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type MockServer, startMock } from "../src/index.js";

const grown = JSON.parse(
  readFileSync(
    createRequire(import.meta.url).resolve("@merchant-payments/spec/fixtures/grown.json"),
    "utf8",
  ),
);
/** Bytes no text decoding keeps: a PDF header, a NUL, 0xFF. */
const RECEIPT = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x0a]);

let mock: MockServer;
beforeAll(async () => {
  // The grown fixture's receipt, with a base64 example of its bytes (OpenAPI 3.1: `contentEncoding: base64`).
  const pdf =
    grown.paths["/transactions/{transactionReference}/receipt"].get.responses["200"].content[
      "application/pdf"
    ];
  pdf.schema = { ...pdf.schema, contentEncoding: "base64" };
  pdf.examples = { Receipt: { value: Buffer.from(RECEIPT).toString("base64") } };
  const file = join(mkdtempSync(join(tmpdir(), "mock-binary-")), "spec.json");
  writeFileSync(file, JSON.stringify(grown));
  mock = await startMock({ spec: file, errors: true });
});
afterAll(async () => {
  await mock?.close();
});

test("serves a base64 example of a binary answer as its exact bytes, with its media type", async () => {
  const response = await fetch(`${mock.baseUrl}/transactions/TXN-1/receipt`, {
    headers: { authorization: "Bearer t", accept: "application/pdf" },
    signal: AbortSignal.timeout(5000),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(new Uint8Array(await response.arrayBuffer())).toEqual(RECEIPT);
});
