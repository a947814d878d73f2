const pad = (n: number, w: number) => String(n).padStart(w, "0");

/**
 * A request date as sent: a Date becomes its UTC calendar date "YYYY-MM-DD"; an invalid Date becomes
 * "Invalid Date" (which the validator rejects); anything else passes through unchanged.
 */
export function toWireDate(value: unknown): unknown {
  if (!(value instanceof Date)) return value;
  const t = value.getTime();
  if (Number.isNaN(t)) return "Invalid Date";
  return `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1, 2)}-${pad(value.getUTCDate(), 2)}`;
}
