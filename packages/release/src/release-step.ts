// What a spec change asks of the next release: the bump it needs (major for a breaking change, minor for anything
// else the spec adds or changes, patch for text alone) on every public package generated from the spec, and the
// changeset that records it. `pnpm changeset` sees only the folders git says changed (the spec's), never the
// packages built from it, so `spec:diff` names them.

import { isDeepStrictEqual } from "node:util";
import { getPackages } from "@manypkg/get-packages";
import type { Json } from "@merchant-payments/spec";
import type { PendingChangeset } from "./changesets.js";

/** A semver bump, as changesets spells it. */
export type Bump = "patch" | "minor" | "major";

/** The spec package: every package that depends on it (dependencies of any kind) is generated from it. */
export const SPEC_PACKAGE = "@merchant-payments/spec";

/** The bumps in increasing order. */
const ORDER: readonly Bump[] = ["patch", "minor", "major"];

/** Keys of a spec that are prose or examples: a change to these alone is a patch. */
const TEXT_KEYS = new Set([
  "description",
  "summary",
  "example",
  "examples",
  "x-codeSamples",
  "externalDocs",
]);

/** `value` without its prose and examples (at any depth). */
function withoutText(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutText);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !TEXT_KEYS.has(key))
      .map(([key, inner]) => [key, withoutText(inner)]),
  );
}

/**
 * The bump the change from `base` to `head` needs: `major` when it breaks (`breakingCount` > 0), `minor` when
 * anything but prose and examples changed (an added operation, field, parameter, answer...), `patch` for prose and
 * examples alone, `undefined` when the two are the same.
 */
export function neededBump(base: Json, head: Json, breakingCount: number): Bump | undefined {
  if (breakingCount > 0) return "major";
  if (!isDeepStrictEqual(withoutText(base), withoutText(head))) return "minor";
  return isDeepStrictEqual(base, head) ? undefined : "patch";
}

/** The spec package and every public workspace package that depends on it, read from the workspace at `root`. */
export async function packagesGeneratedFromSpec(root: string): Promise<string[]> {
  const { packages } = await getPackages(root);
  const dependsOnSpec = packages.filter((pkg) => {
    const json = pkg.packageJson;
    const all = { ...json.dependencies, ...json.devDependencies, ...json.peerDependencies };
    return !json.private && SPEC_PACKAGE in all;
  });
  return [SPEC_PACKAGE, ...dependsOnSpec.map((pkg) => pkg.packageJson.name).sort()];
}

/** The packages of `names` that no pending changeset bumps by at least `bump`. */
export function packagesMissingBump(
  names: readonly string[],
  bump: Bump,
  changesets: readonly PendingChangeset[],
): string[] {
  const covered = (name: string) =>
    changesets.some((c) =>
      c.releases.some(
        (r) => r.name === name && ORDER.indexOf(r.type as Bump) >= ORDER.indexOf(bump),
      ),
    );
  return names.filter((name) => !covered(name));
}

/** The changeset file (front matter and a summary line to rewrite) that bumps `names` by `bump`. */
export function changesetText(names: readonly string[], bump: Bump): string {
  return [
    "---",
    ...names.map((name) => `"${name}": ${bump}`),
    "---",
    "",
    "<what changed, for the users of these packages>",
  ].join("\n");
}

/** The next step after the verdict: nothing, or which changeset to add (as lines to print last). */
export function nextStep(missing: readonly string[], bump: Bump | undefined): string[] {
  if (bump === undefined) return ["next step: none (the spec is the released one)."];
  if (missing.length === 0)
    return [
      `next step: none (pending changesets bump every package generated from the spec by ${bump} or more).`,
    ];
  return [
    `next step: add a ${bump} changeset for ${missing.join(", ")} (\`pnpm changeset\`, choosing ${bump} for each; it lists the spec alone as changed), or this file as .changeset/<name>.md:`,
    ...changesetText(missing, bump)
      .split("\n")
      .map((line) => `  ${line}`),
  ];
}
