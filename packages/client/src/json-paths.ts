// Rewriting the scalars of a JSON text found at given data paths, before it is parsed (answers) or after it is
// written (requests), so that a number keeps every digit at any depth: inside arrays, maps, nested objects and the
// branches of allOf/oneOf. Paths are the spec model's data paths: property names, `*` (every array item) and `{}`
// (every value of a map). Imported by the decimal codec only (its lazily loaded chunk).

/** A node of the paths' trie: the segments that may follow, and whether a path ends here. */
interface PathNode {
  readonly next: Map<string, PathNode>;
  end: boolean;
}

const tries = new WeakMap<readonly (readonly string[])[], PathNode>();

/** The trie of `paths` (built once per paths array: the operation table's arrays are constants). */
function trieOf(paths: readonly (readonly string[])[]): PathNode {
  let root = tries.get(paths);
  if (root) return root;
  root = { next: new Map(), end: false };
  for (const path of paths) {
    let node = root;
    for (const segment of path) {
      let child = node.next.get(segment);
      if (!child) {
        child = { next: new Map(), end: false };
        node.next.set(segment, child);
      }
      node = child;
    }
    node.end = true;
  }
  tries.set(paths, root);
  return root;
}

/** An array or object being read: the trie nodes matching it, and (objects) the key of the member being read. */
interface Frame {
  readonly nodes: PathNode[];
  readonly array: boolean;
  key: string;
  expectsKey: boolean;
}

/** The trie nodes a value in `frame` matches (under its key, or as an array item). */
function childNodes(frame: Frame): PathNode[] {
  const out: PathNode[] = [];
  for (const node of frame.nodes) {
    if (frame.array) {
      const item = node.next.get("*");
      if (item) out.push(item);
      continue;
    }
    const named = node.next.get(frame.key);
    const value = node.next.get("{}");
    if (named) out.push(named);
    if (value) out.push(value);
  }
  return out;
}

/** The index after the JSON string starting at `start` (its opening quote). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 92) i += 2;
    else if (c === 34) return i + 1;
    else i++;
  }
  return i;
}

/** The index after the array or object starting at `start` (its opening bracket): skipped, nothing in it matches. */
function containerEnd(text: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = stringEnd(text, i);
      continue;
    }
    if (c === 123 || c === 91) depth++;
    else if ((c === 125 || c === 93) && --depth === 0) return i + 1;
    i++;
  }
  return i;
}

/** True for a character that ends a literal (number, true, false, null): whitespace, `,`, `]`, `}`. */
function endsLiteral(c: number): boolean {
  return c === 44 || c === 93 || c === 125 || c === 32 || c === 10 || c === 13 || c === 9;
}

/**
 * `text` (valid JSON) with each scalar token (number, string, literal) at one of `paths` replaced by `rewrite(token)`;
 * the rest is kept byte for byte. A container no path reaches into is skipped whole.
 */
export function rewriteAt(
  text: string,
  paths: readonly (readonly string[])[],
  rewrite: (token: string) => string,
): string {
  if (paths.length === 0) return text;
  const frames: Frame[] = [];
  let out = "";
  let copied = 0;
  const nodesHere = (): PathNode[] => {
    const top = frames[frames.length - 1];
    return top ? childNodes(top) : [trieOf(paths)];
  };
  const scalar = (start: number, end: number): void => {
    if (!nodesHere().some((node) => node.end)) return;
    const token = text.slice(start, end);
    const replaced = rewrite(token);
    if (replaced === token) return;
    out += text.slice(copied, start) + replaced;
    copied = end;
  };
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const top = frames[frames.length - 1];
    if (c === 34) {
      const end = stringEnd(text, i);
      if (top && !top.array && top.expectsKey) {
        const key = text.slice(i + 1, end - 1);
        top.key = key.includes("\\") ? (JSON.parse(text.slice(i, end)) as string) : key;
        top.expectsKey = false;
      } else scalar(i, end);
      i = end;
    } else if (c === 123 || c === 91) {
      const nodes = nodesHere();
      if (nodes.length === 0) i = containerEnd(text, i);
      else {
        frames.push({ nodes, array: c === 91, key: "", expectsKey: c === 123 });
        i++;
      }
    } else if (c === 125 || c === 93) {
      frames.pop();
      i++;
    } else if (c === 44) {
      if (top && !top.array) top.expectsKey = true;
      i++;
    } else if (c === 58 || endsLiteral(c)) {
      i++;
    } else {
      let end = i + 1;
      while (end < text.length && !endsLiteral(text.charCodeAt(end))) end++;
      scalar(i, end);
      i = end;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}
