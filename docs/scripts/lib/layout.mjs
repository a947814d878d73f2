// @ts-check
// The three-panel layout's proportions. Redoc 3 (what `redocly build-docs` renders) dropped Redoc 2's `theme`
// option (`theme.rightPanel.width` is ignored); it is styled through CSS variables instead, which the build sets
// in one <style> in the page's head. The page keeps Redoc's own layout and breakpoints; only these sizes change.

/**
 * Redoc CSS variables the site overrides, applied from Redoc's large breakpoint (1280 px) up, where the code
 * samples sit in the right panel. At a 1400 px window they make the TypeScript samples (lines of at most 74
 * characters, the formatter's width for them, in 12 px monospace) fit that panel without a sideways scroll, and
 * leave the middle column's text at least 420 px wide.
 */
export const LAYOUT_VARIABLES = /** @type {const} */ ({
  /** Share of the content column the right (code samples) panel takes; Redoc's default is 50%. */
  "--panel-samples-width": "56%",
  /** Horizontal space around both panels, one side single and the outer side double; Redoc's default is 32px. */
  "--panel-gap-horizontal": "20px",
});

/**
 * Space above the first line of a code block whose copy button sits in its top right corner (Redoc places the
 * button over the code): the first line starts below the button, so the end of a long first line (a TypeScript
 * sample's import) is never hidden under it.
 */
const CODE_BELOW_COPY_BUTTON = "36px";

/** The <style> element the build adds to the page's head: `html:root` outranks Redoc's own `:root` rules. */
export function layoutStyle() {
  const declarations = Object.entries(LAYOUT_VARIABLES)
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
  const codeBlocks = `html:root [data-component-name="CodeBlock/CodeBlockControls"]~pre{padding-top:${CODE_BELOW_COPY_BUTTON}}`;
  return `<style id="site-layout">@media screen and (min-width:1280px){html:root{${declarations}}}${codeBlocks}</style>`;
}
