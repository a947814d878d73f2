import { replaceAtPaths } from "./wire-values.js";

/** A calendar date: "YYYY-MM-DD", or a Date (sent as its UTC calendar date). */
export type DateInput = string | Date;

/**
 * A request date as sent: a Date becomes its UTC calendar date "YYYY-MM-DD"; an invalid Date becomes
 * "Invalid Date" (which the validator rejects); anything else passes through unchanged.
 */
function dateAsSent(value: unknown): unknown {
  if (!(value instanceof Date)) return value;
  return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString().slice(0, 10);
}

/**
 * The body with every Date at the given property paths replaced by its wire form; copies only the objects on the way
 * to a Date (a batch's transactions are never copied), and returns the body itself when there is no Date.
 */
export function withWireDates<T>(body: T, paths: readonly (readonly string[])[]): T {
  return replaceAtPaths(body, paths, dateAsSent);
}
