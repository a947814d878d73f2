// @ts-check
// Named sections of a generated Markdown file that another command writes: `<!-- section:NAME -->` up to
// `<!-- /section:NAME -->`. `pnpm test:profile --write` keeps its table in packages/bench/results.md this way, and
// `pnpm bench`, which writes the rest of that file, carries the section over.

/**
 * The opening and closing markers of the section `name`.
 * @param {string} name
 * @returns {{ open: string, close: string }}
 */
function markers(name) {
  return { open: `<!-- section:${name} -->`, close: `<!-- /section:${name} -->` };
}

/**
 * `markdown` with the section `name` holding `body`: replaced where it is, appended at the end where it is not.
 * @param {string} markdown
 * @param {string} name
 * @param {string} body
 * @returns {string}
 */
export function replaceSection(markdown, name, body) {
  const { open, close } = markers(name);
  const block = `${open}\n${body.trim()}\n${close}`;
  const start = markdown.indexOf(open);
  const end = markdown.indexOf(close, start);
  if (start >= 0 && end > start) {
    return `${markdown.slice(0, start)}${block}${markdown.slice(end + close.length)}`;
  }
  return `${markdown.trimEnd()}\n\n${block}\n`;
}

/**
 * The sections of `previous` (each `<!-- section:NAME -->` block), by name.
 * @param {string} previous
 * @returns {Map<string, string>}
 */
export function sections(previous) {
  const found = new Map();
  for (const match of previous.matchAll(
    /<!-- section:([\w-]+) -->\n([\s\S]*?)\n<!-- \/section:\1 -->/g,
  )) {
    found.set(match[1], match[2]);
  }
  return found;
}

/**
 * `next` with every section of `previous` it lacks carried over (a regenerated file keeps what others wrote in it).
 * @param {string | undefined} previous
 * @param {string} next
 * @returns {string}
 */
export function keepSections(previous, next) {
  let kept = next;
  for (const [name, body] of sections(previous ?? "")) {
    if (!sections(kept).has(name)) kept = replaceSection(kept, name, body);
  }
  return kept;
}
