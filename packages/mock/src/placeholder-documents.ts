// The body of a binary answer the spec gives no example for: a small valid document of its media type (a PDF that
// opens, a PNG that decodes), else a few deterministic bytes; never Prism's placeholder text `string`.
import { createHash } from "node:crypto";

/** A 1×1 PNG (signature, IHDR, one zlib-compressed IDAT, IEND). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** A one-page PDF 1.4 with an exact cross-reference table (so a reader opens it without repairing it). */
function minimalPdf(): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    "<< /Length 44 >>\nstream\nBT /F1 12 Tf 20 50 Td (Mock answer) Tj ET\nendstream",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let text = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(text.length);
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, "0")} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(text, "latin1"));
}

const PDF = minimalPdf();

/** How many deterministic bytes stand for a document of a media type the mock cannot write. */
const PLACEHOLDER_BYTES = 16;

/**
 * A document of `mediaType` for an answer without an example: a minimal PDF, a 1×1 PNG, or `PLACEHOLDER_BYTES`
 * bytes derived from the media type (the same every time).
 */
export function placeholderDocument(mediaType: string): Uint8Array {
  if (mediaType === "application/pdf") return PDF;
  if (mediaType === "image/png") return new Uint8Array(PNG);
  return new Uint8Array(
    createHash("sha256").update(mediaType).digest().subarray(0, PLACEHOLDER_BYTES),
  );
}
