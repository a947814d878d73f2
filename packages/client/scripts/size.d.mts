/** The budget in bytes (12 KB). */
export const BUDGET_BYTES: number;
/** Bundles the ESM entry with its dependencies; returns minified and gzipped byte counts. */
export function measure(entry?: string): Promise<{ minified: number; gzipped: number }>;
