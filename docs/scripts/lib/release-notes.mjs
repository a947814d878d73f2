// @ts-check
// The docs' "Versions and changelog" section: the spec version, the client version and the client's changelog
// (written by changesets), as Markdown added to the rendered description. Pure: the build reads the files.

/** Heading of the section (and its sidebar entry). */
export const RELEASES_HEADING = "Versions and changelog";

/** What the section says while the client has no changelog. */
export const NO_RELEASES = "No releases yet: `@merchant-payments/client` has no changelog.";

/**
 * A changesets changelog ready to sit under the section's "Client changelog" heading: its title line
 * (`# @merchant-payments/client`) dropped, and its headings turned into emphasis outside fenced code (a version
 * `## 1.1.0` in bold, a kind of change `### Minor Changes` in italics), so that releases add no sidebar entries and
 * no duplicate anchors.
 * @param {string} changelog
 * @returns {string}
 */
export function nestChangelog(changelog) {
  let fenced = false;
  /** @type {string[]} */
  const lines = [];
  for (const line of changelog.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) {
      lines.push(line);
      continue;
    }
    const [, marks = "", text = ""] = heading;
    if (marks === "#" && lines.every((l) => l.trim() === "")) continue;
    lines.push(marks.length === 3 ? `_${text}_` : `**${text}**`);
  }
  return lines.join("\n").trim();
}

/**
 * The section's Markdown.
 * @param {{ specVersion: string, clientVersion: string, changelog: string | undefined }} releases
 *   changelog: the text of packages/client/CHANGELOG.md, or undefined when there is none
 * @returns {string}
 */
export function releaseNotesMarkdown({ specVersion, clientVersion, changelog }) {
  const body = changelog?.trim() ? nestChangelog(changelog) : "";
  return [
    `## ${RELEASES_HEADING}`,
    "",
    "| What | Version |",
    "| --- | --- |",
    `| This API description (\`info.version\`) | ${specVersion} |`,
    `| \`@merchant-payments/client\` | ${clientVersion} |`,
    "",
    "### Client changelog",
    "",
    body || NO_RELEASES,
    "",
  ].join("\n");
}
