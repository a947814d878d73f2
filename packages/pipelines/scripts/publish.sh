#!/usr/bin/env bash
# The publish command of release.yml's changesets/action (README "Releasing", step 3): packs every public package
# with `pnpm release:pack` (versions resolved: no catalog:/workspace: left) and publishes each tarball with
# `npm publish --provenance`, skipping versions already on npm; prints "New tag: <name>@<version>" per package
# published, the line changesets/action reads to tag and release it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
export REDOCLY_TELEMETRY=off TURBO_TELEMETRY_DISABLED=1

pnpm release:pack
node packages/pipelines/scripts/publish-packed.mjs --provenance
