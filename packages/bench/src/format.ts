/** Number formatted with about three significant digits, e.g. 1234 -> "1,234", 1.2345 -> "1.23". */
export function fmt(value: number): string {
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return value.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** Ratio formatted as "1.05x". */
export function fmtRatio(value: number): string {
  return `${value.toFixed(2)}x`;
}

/** Byte count formatted in KiB or MiB. */
export function fmtBytes(bytes: number): string {
  if (Math.abs(bytes) >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(2)} MiB`;
  return `${(bytes / 1024).toFixed(2)} KiB`;
}
