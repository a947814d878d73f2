#!/usr/bin/env bash
# The version command of release.yml's changesets/action (README "Releasing", step 2): applies the pending
# changesets to versions and changelogs, then keeps the current bundle as the released spec of the new client version
# (the base of the next `pnpm spec:diff`). The action commits the result to the "Version Packages" pull request.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
export REDOCLY_TELEMETRY=off TURBO_TELEMETRY_DISABLED=1

pnpm turbo run build --filter=@merchant-payments/release --output-logs=errors-only
pnpm changeset version
pnpm --filter @merchant-payments/release record-release
