/** The budget in bytes of what the core entry loads at start, gzipped (10,400). */
export const BUDGET_BYTES: number;
/** One chunk loaded only by a dynamic `import()`: its file name and byte counts. */
export interface LazyChunk {
  name: string;
  minified: number;
  gzipped: number;
}
/**
 * Bundles the ESM entry with its dependencies (dynamic imports split into chunks); returns the minified and gzipped
 * byte counts of what loads at start, and the lazy chunks.
 */
export function measure(
  entry?: string,
): Promise<{ minified: number; gzipped: number; lazy: LazyChunk[] }>;
