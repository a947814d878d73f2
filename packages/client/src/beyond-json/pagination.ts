// `x-pagination`: the items and next cursor of a page, and every item of every page.

import { valueAt } from "@merchant-payments/spec/wire";

/**
 * The item list and the next cursor of a page, by the JSON pointers of `x-pagination` (a missing list is empty; a
 * missing cursor is null).
 */
function pageParts(
  page: unknown,
  pagination: { readonly next: string; readonly items: string },
): { items: unknown[]; next: unknown } {
  const items = valueAt(page, pagination.items);
  const next = valueAt(page, pagination.next);
  return { items: Array.isArray(items) ? items : [], next: next ?? null };
}

/**
 * Every item of every page: the items of `first` (the method's own promise: its page is read once), then of each
 * next page asked for with `again(cursor)`, until the next cursor is null, absent or empty. A cursor the server gave
 * before is `cursorRepeated`'s error (following it would never end).
 */
export async function* pages(
  first: PromiseLike<unknown>,
  again: (cursor: unknown) => PromiseLike<unknown>,
  pagination: { readonly next: string; readonly items: string },
  cursorRepeated: (cursor: string) => Error,
): AsyncGenerator<unknown, void, undefined> {
  const seen = new Set<string>();
  let page = await first;
  for (;;) {
    const { items, next } = pageParts(page, pagination);
    yield* items;
    if (next === null || next === undefined || next === "") return;
    const key = JSON.stringify(next);
    if (seen.has(key)) throw cursorRepeated(key);
    seen.add(key);
    page = await again(next);
  }
}
