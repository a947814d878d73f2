// The one linear scan of JSON text for nesting depth (no regular expression, no recursion, strings skipped with
// indexOf): the client checks answers with it, the mock request bodies. Dependency-free (`@merchant-payments/kit/json-scan`).

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;

/** The index after the string whose opening quote is at `start` (text.length when it never ends). */
function endOfString(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/**
 * One pass over JSON `text`: true as soon as arrays and objects nest deeper than `maxDepth`. `onString`, when given,
 * sees every string (a key or a value) with its nesting depth: its text is `text.slice(start, end)`, quotes included.
 */
export function nestsDeeperThan(
  text: string,
  maxDepth: number,
  onString?: (start: number, end: number, depth: number) => void,
): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = endOfString(text, i);
      onString?.(i, end, depth);
      i = end;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    i++;
  }
  return false;
}
