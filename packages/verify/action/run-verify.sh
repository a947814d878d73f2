#!/usr/bin/env bash
# The verify action's step (action.yml), also runnable by hand or from another CI: installs @merchant-payments/verify
# from npm (or runs VERIFY_COMMAND), runs it against VERIFY_BASE_URL, writes the report paths, the verdict and the
# exit code to $GITHUB_OUTPUT, the verdict to $GITHUB_STEP_SUMMARY and, on failure, as an ::error:: annotation,
# and exits with verify's exit code. The token reaches verify only as MERCHANT_PAYMENTS_TOKEN, never as an argument.
#
# Environment (all optional except VERIFY_BASE_URL):
#   VERIFY_BASE_URL          base URL of the server
#   MERCHANT_PAYMENTS_TOKEN  Bearer token (masked in the GitHub log)
#   VERIFY_SPEC              OpenAPI document to verify against (--spec); default the bundled spec
#   VERIFY_ALLOW_WRITES      "true": --allow-writes
#   VERIFY_SEED              --seed
#   VERIFY_ARGS              more options, split on spaces (e.g. "--runs 20 --timeout-ms 5000")
#   VERIFY_REPORT_DIR        folder of verify.json and verify.xml; default ./merchant-payments-verify
#   VERIFY_VERSION           npm version to install; default the version in ../package.json
#   VERIFY_COMMAND           command that runs verify instead of installing it, split on spaces
#                            (e.g. "node packages/verify/bin/merchant-payments-verify.js" in this repository)
set -uo pipefail

action_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
token="${MERCHANT_PAYMENTS_TOKEN:-}"
if [ -n "$token" ] && [ -n "${GITHUB_ACTIONS:-}" ]; then
  # Masked line by line (a secret is masked already; a token passed as plain text is not).
  while IFS= read -r line; do [ -n "$line" ] && echo "::add-mask::$line"; done <<<"$token"
fi

# Escapes a value for a workflow command (::error::): %, CR and LF.
escape_command() {
  local value="${1//'%'/'%25'}"
  value="${value//$'\r'/'%0D'}"
  printf '%s' "${value//$'\n'/'%0A'}"
}

# Writes name=value to $GITHUB_OUTPUT when it is set (GitHub Actions), else nothing; the value on one line.
set_output() {
  local value="${2//$'\r'/ }"
  if [ -n "${GITHUB_OUTPUT:-}" ]; then printf '%s=%s\n' "$1" "${value//$'\n'/ }" >>"$GITHUB_OUTPUT"; fi
}

# Ends the step: verdict in outputs, summary and (on failure) an annotation; exit with the given code.
finish() {
  local code="$1" verdict="$2"
  set_output verdict "$verdict"
  set_output exit-code "$code"
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    # shellcheck disable=SC2016 # the backticks are Markdown
    printf '### Merchant Payments verify\n\n`%s`\n\n%s\n' "${VERIFY_BASE_URL:-}" "$verdict" >>"$GITHUB_STEP_SUMMARY"
  fi
  if [ "$code" -ne 0 ]; then
    echo "::error title=merchant-payments-verify::$(escape_command "$verdict")"
  fi
  echo "$verdict"
  exit "$code"
}

if [ -z "${VERIFY_BASE_URL:-}" ]; then finish 2 "verify: USAGE: the base-url input (VERIFY_BASE_URL) is required"; fi

report_dir="${VERIFY_REPORT_DIR:-merchant-payments-verify}"
mkdir -p "$report_dir" || finish 2 "verify: USAGE: cannot create the report folder $report_dir"
report_json="$report_dir/verify.json"
report_junit="$report_dir/verify.xml"
rm -f "$report_json" "$report_junit"

if [ -n "${VERIFY_COMMAND:-}" ]; then
  read -r -a command <<<"$VERIFY_COMMAND"
else
  version="${VERIFY_VERSION:-}"
  if [ -z "$version" ]; then
    version="$(node -p 'require(process.argv[1]).version' "$action_dir/../package.json")" ||
      finish 2 "verify: USAGE: no version input and no package.json beside the action"
  fi
  prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/merchant-payments-verify-$version"
  echo "npm install @merchant-payments/verify@$version"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error \
    "@merchant-payments/verify@$version" >&2 ||
    finish 2 "verify: NOT INSTALLED: npm install @merchant-payments/verify@$version failed"
  command=("$prefix/node_modules/.bin/merchant-payments-verify")
fi

args=(--base-url "$VERIFY_BASE_URL" --report-json "$report_json" --junit "$report_junit")
if [ -n "${VERIFY_SPEC:-}" ]; then args+=(--spec "$VERIFY_SPEC"); fi
if [ "${VERIFY_ALLOW_WRITES:-false}" = "true" ]; then args+=(--allow-writes); fi
if [ -n "${VERIFY_SEED:-}" ]; then args+=(--seed "$VERIFY_SEED"); fi
if [ -n "${VERIFY_ARGS:-}" ]; then
  read -r -a extra <<<"$VERIFY_ARGS"
  args+=("${extra[@]}")
fi

log="$report_dir/verify.log"
"${command[@]}" "${args[@]}" 2>&1 | tee "$log"
code="${PIPESTATUS[0]}"

if [ -f "$report_json" ]; then set_output report-json "$report_json"; fi
if [ -f "$report_junit" ]; then set_output junit "$report_junit"; fi
finish "$code" "$(node "$action_dir/verdict.mjs" "$code" "$report_json" "$log")"
