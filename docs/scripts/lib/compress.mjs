// @ts-check
// The site, compressed ahead of time: each file of the built site also written as `<file>.br` (brotli, best quality)
// and `<file>.gz` (gzip, level 9) beside it, with node:zlib. sirv serves them (see src/site-server.mjs) to a browser
// whose Accept-Encoding allows them, with Content-Encoding set.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** The extensions of the compressed copies (never compressed again). */
const COMPRESSED_EXTENSIONS = /** @type {const} */ ([".br", ".gz"]);

/**
 * Writes `.br` and `.gz` beside every file under `dir` (its sub-folders too: the operations' Markdown pages),
 * replacing older ones.
 * @param {string} dir the built site
 * @returns {{ files: number, raw: number, br: number, gz: number }} how many files, and their total bytes in each form
 */
export function compressSite(dir) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || COMPRESSED_EXTENSIONS.some((ext) => entry.name.endsWith(ext))) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = readFileSync(path);
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    });
    const gz = gzipSync(bytes, { level: 9 });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    totals.files += 1;
    totals.raw += bytes.byteLength;
    totals.br += br.byteLength;
    totals.gz += gz.byteLength;
  }
  return totals;
}
