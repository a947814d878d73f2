// The spec version a client release implements (the spec's `info.version`), written into the client's
// package.json (`specVersion`) and README (between `<!-- spec-version -->` markers) from the bundle.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Json } from "@merchant-payments/spec/model";

/** The package.json field that states the spec version a package implements. */
export const SPEC_VERSION_FIELD = "specVersion";

/** The README markers between which the spec version sentence is written. */
export const README_MARKERS = ["<!-- spec-version -->", "<!-- /spec-version -->"] as const;

/** The spec's version (`info.version`); throws when the document has none. */
export function specVersionOf(document: Json): string {
  const version = document?.info?.version;
  if (typeof version !== "string" || version === "")
    throw new Error("The spec has no info.version");
  return version;
}

/** The README sentence that states `specVersion`. */
export function specVersionSentence(specVersion: string): string {
  return `This release implements version **${specVersion}** of the Merchant Payments API spec (its \`info.version\`, also in \`package.json\` as \`${SPEC_VERSION_FIELD}\`).`;
}

/** `manifest` with `specVersion` set, placed right after `version` when it is new. */
export function withSpecVersion(
  manifest: Record<string, unknown>,
  specVersion: string,
): Record<string, unknown> {
  if (SPEC_VERSION_FIELD in manifest) return { ...manifest, [SPEC_VERSION_FIELD]: specVersion };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(manifest)) {
    out[key] = value;
    if (key === "version") out[SPEC_VERSION_FIELD] = specVersion;
  }
  if (!(SPEC_VERSION_FIELD in out)) out[SPEC_VERSION_FIELD] = specVersion;
  return out;
}

/** `readme` with the text between the spec-version markers replaced; throws when the markers are missing. */
export function withSpecVersionSentence(readme: string, specVersion: string): string {
  const [open, close] = README_MARKERS;
  const start = readme.indexOf(open);
  const end = readme.indexOf(close, start);
  if (start < 0 || end < 0)
    throw new Error(`The README has no ${open}…${close} block to state the spec version in`);
  return `${readme.slice(0, start + open.length)}${specVersionSentence(specVersion)}${readme.slice(end)}`;
}

/**
 * Writes `specVersion` into `<packageDir>/package.json` and its README's marked block, touching each file only
 * when its text changes. Returns the files it rewrote.
 */
export async function stampSpecVersion(packageDir: string, specVersion: string): Promise<string[]> {
  const written: string[] = [];
  const manifestPath = join(packageDir, "package.json");
  const manifestText = await readFile(manifestPath, "utf8");
  const nextManifest = `${JSON.stringify(withSpecVersion(JSON.parse(manifestText), specVersion), null, 2)}\n`;
  if (nextManifest !== manifestText) {
    await writeFile(manifestPath, nextManifest);
    written.push(manifestPath);
  }
  const readmePath = join(packageDir, "README.md");
  const readme = await readFile(readmePath, "utf8");
  const nextReadme = withSpecVersionSentence(readme, specVersion);
  if (nextReadme !== readme) {
    await writeFile(readmePath, nextReadme);
    written.push(readmePath);
  }
  return written;
}
