// Binary answers without an example are small valid documents of their media type: a PNG whose IDAT inflates to its
// one pixel row, a PDF whose cross-reference table points at its objects, else deterministic bytes.
import { inflateSync } from "node:zlib";
import { expect, test } from "vitest";
import { placeholderDocument } from "../src/placeholder-documents.js";

/** The chunks of a PNG after its signature: type and data. */
function pngChunks(bytes: Buffer): { type: string; data: Buffer }[] {
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    chunks.push({
      type: bytes.toString("latin1", at + 4, at + 8),
      data: bytes.subarray(at + 8, at + 8 + length),
    });
    at += 12 + length;
  }
  return chunks;
}

test("a PNG answer decodes: signature, IHDR of its size, an IDAT that inflates to its rows, IEND", () => {
  const png = Buffer.from(placeholderDocument("image/png"));
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks = pngChunks(png);
  expect(chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
  const ihdr = chunks[0]?.data as Buffer;
  const [width, height, depth] = [ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8] as number];
  /** Channels per pixel of each PNG colour type (grey, RGB, palette, grey + alpha, RGBA). */
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[ihdr[9] as number];
  expect(channels).toBeDefined();
  const rows = inflateSync(chunks[1]?.data as Buffer);
  // One filter byte per row, then width pixels of `channels` × `depth` bits.
  expect(rows.length).toBe(height * (1 + Math.ceil((width * depth * (channels as number)) / 8)));
});

test("a PDF answer opens: header, objects at the offsets its xref table gives, trailer with its root, %%EOF", () => {
  const text = Buffer.from(placeholderDocument("application/pdf")).toString("latin1");
  expect(text.startsWith("%PDF-1.")).toBe(true);
  expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe("xref");
  const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
    Number(m[1]),
  );
  expect(entries.length).toBeGreaterThan(0);
  entries.forEach((offset, i) => {
    expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
  });
  expect(text).toMatch(/trailer\n<< \/Size \d+ \/Root 1 0 R >>/);
  expect(text).toContain("/Type /Catalog");
});

test("another media type gets a few bytes, the same every time", () => {
  const bytes = placeholderDocument("application/zip");
  expect(bytes.byteLength).toBeGreaterThan(0);
  expect(placeholderDocument("application/zip")).toEqual(bytes);
  expect(placeholderDocument("audio/ogg")).not.toEqual(bytes);
});
