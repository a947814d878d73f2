// The changesets waiting in `.changeset/`, read with changesets' own reader.
import readChangesets from "@changesets/read";

/** The package whose major version a breaking spec change needs. */
export const CLIENT_PACKAGE = "@merchant-payments/client";

/** One pending changeset: its file name (without `.md`) and the bump it asks for each package. */
export interface PendingChangeset {
  /** File name under `.changeset/` without `.md`, e.g. `brave-lions-dance`. */
  readonly id: string;
  /** The first line of its summary. */
  readonly summary: string;
  /** Bump per package name. */
  readonly releases: readonly { readonly name: string; readonly type: string }[];
}

/** Every changeset in `<root>/.changeset/` (none when the folder holds only its config and README). */
export async function pendingChangesets(root: string): Promise<PendingChangeset[]> {
  const changesets = await readChangesets(root);
  return changesets.map((c) => ({
    id: c.id,
    summary: c.summary.split("\n")[0] ?? "",
    releases: c.releases.map((r) => ({ name: r.name, type: r.type })),
  }));
}

/** The first changeset that asks for a major release of `packageName` (default: the client), if any. */
export function majorChangesetFor(
  changesets: readonly PendingChangeset[],
  packageName: string = CLIENT_PACKAGE,
): PendingChangeset | undefined {
  return changesets.find((c) =>
    c.releases.some((r) => r.name === packageName && r.type === "major"),
  );
}
