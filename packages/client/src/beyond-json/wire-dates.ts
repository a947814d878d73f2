// Dates in parameters and form bodies: a Date is sent as its UTC calendar date.

/** A Date as its UTC calendar date ("Invalid Date", which no date check accepts, for an invalid one). */
export function toWireDate(value: Date): string {
  return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString().slice(0, 10);
}

/** One value as text in a body: a Date as its calendar date, others by String. */
export function text(value: unknown): string {
  return value instanceof Date ? toWireDate(value) : String(value);
}

/** A parameter value with every Date (itself, an item, a property) as its calendar date, for the wire module. */
export function withDates(value: unknown): unknown {
  if (value instanceof Date) return toWireDate(value);
  if (Array.isArray(value)) return value.map(withDates);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withDates(v)]));
  return value;
}
