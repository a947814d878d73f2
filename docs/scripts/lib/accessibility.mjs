// @ts-check
// What the page's markup adds for readers of assistive technology and low vision: the page's language, and Redoc's
// colours that read below WCAG AA's 4.5:1 on its light backgrounds (links #1f7cff, code tokens #3072db, secondary
// text #9b9ca8, the HTTP method tags) replaced by darker ones of the same hue (5:1 or more on white and on Redoc's
// #ededf2).

/**
 * Redoc's light palette entries that text uses (links `blue-6`, secondary text `warm-grey-5` and `-7`, and every
 * hue's shades 6 to 9: code tokens, badges), darkened where they read below 5:1.
 */
const TEXT_SHADES = /^--color-(?:[a-z]+-[6-9]|warm-grey-[57])$/;

/** The contrast WCAG AA asks of body text, and the one this page aims at (a margin for anti-aliasing). */
const MIN_CONTRAST = 4.5;
const AIM = 5;
/** The light backgrounds Redoc puts text on besides a tag's own. */
const BACKGROUNDS = ["#ffffff", "#ededf2", "#fbfbfc"];

/** @param {string} hex `#rrggbb` @returns {number[]} r, g, b in 0..255 */
const rgb = (hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/** WCAG relative luminance. @param {string} hex */
function luminance(hex) {
  const [r = 0, g = 0, b = 0] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. @param {string} a @param {string} b */
function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return ((x ?? 0) + 0.05) / ((y ?? 0) + 0.05);
}

/**
 * `hex`, darkened in steps of its own hue until it reads at 5:1 on every one of `backgrounds`.
 * @param {string} hex @param {string[]} backgrounds
 */
function darkened(hex, backgrounds) {
  let color = hex.toLowerCase();
  for (
    let scale = 1;
    backgrounds.some((bg) => contrast(color, bg) < AIM) && scale > 0;
    scale -= 0.02
  )
    color = `#${rgb(hex)
      .map((v) =>
        Math.round(v * scale)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")}`;
  return color;
}

/**
 * The HTTP method tags of the page's CSS (`:root .tag-get{--tag-color:#25b869;--tag-bg-color:#e5faef}`) whose text
 * reads below 4.5:1, each with a darker colour.
 * @param {string} page
 * @returns {string[]} CSS rules
 */
function methodTagRules(page) {
  const rules = [];
  const tag =
    /(:root \.tag-[a-z]+)\s*(?:\/\*!sc\*\/)?\s*\{--tag-color:(#[0-9a-fA-F]{6});--tag-bg-color:(#[0-9a-fA-F]{6})/g;
  for (const [, selector, color = "", background = ""] of page.matchAll(tag)) {
    const backgrounds = [background, ...BACKGROUNDS];
    if (backgrounds.every((bg) => contrast(color, bg) >= MIN_CONTRAST)) continue;
    rules.push(`${selector}{--tag-color:${darkened(color, backgrounds)}}`);
  }
  return rules;
}

/**
 * The light palette's text shades (`:root{--color-carrot-7:#db7e21;…}`, not `:root.dark`) that read below 4.5:1,
 * each with a darker colour.
 * @param {string} page
 * @returns {string[]} CSS declarations
 */
function paletteDeclarations(page) {
  const declarations = new Map();
  for (const [, block = ""] of page.matchAll(/(?:^|[}\s/])(?<!\.):root\s*\{([^}]*)\}/g))
    for (const [, name = "", color = ""] of block.matchAll(
      /(--color-[a-z-]+-\d+):(#[0-9a-fA-F]{6})/g,
    ))
      if (TEXT_SHADES.test(name) && BACKGROUNDS.some((bg) => contrast(color, bg) < MIN_CONTRAST))
        declarations.set(name, `${name}:${darkened(color, BACKGROUNDS)}`);
  return [...declarations.values()];
}

/**
 * The `<style>` element darkening the light palette's text shades and the method tags that read below 4.5:1 (placed
 * after Redoc's own styles, so it wins at equal specificity; the dark theme's `:root.dark` is left alone).
 * @param {string} page the page, for its palette and method tags
 */
function contrastStyle(page) {
  return `<style id="contrast">:root{${paletteDeclarations(page).join(";")}}${methodTagRules(page).join("")}</style>`;
}

/**
 * The page with `lang="en"` on its root and `contrastStyle()` at the end of its head.
 * @param {string} page
 * @returns {string}
 */
export function accessiblePage(page) {
  if (!page.includes("</head>")) throw new Error("the page has no </head>");
  return page
    .replace(/<html(?![^>]*\blang=)/, '<html lang="en"')
    .replace("</head>", `  ${contrastStyle(page)}\n</head>`);
}
