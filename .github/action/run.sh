#!/usr/bin/env bash
# The scan step of action.yml: runs sunset-lint (the project's own if it installs it, else the
# version asked for, else the action's own version from npm), writes SARIF (and the migration
# report when asked) and passes the exit code on as an output, so that the upload steps still run
# when the scan fails. Inputs arrive as environment variables, never spliced into the script.
set -uo pipefail

out="${RUNNER_TEMP:-/tmp}"
sarif="$out/sunset-lint.sarif"

if [ -n "${SUNSET_LINT_BIN:-}" ]; then
  cli=(node "$SUNSET_LINT_BIN") # a build of sunset-lint itself (this repository's workflow)
elif [ -x node_modules/.bin/sunset-lint ] && [ -z "${INPUT_VERSION:-}" ]; then
  cli=(node_modules/.bin/sunset-lint)
else
  version="${INPUT_VERSION:-$(node -p 'require(process.argv[1]).version' "$GITHUB_ACTION_PATH/package.json")}"
  cli=(npx --yes "sunset-lint@$version")
fi

read -r -a paths <<<"${INPUT_PATHS:-}"
read -r -a extra <<<"${INPUT_ARGS:-}"

json="$out/sunset-lint.json"
"${cli[@]}" scan "${paths[@]}" --format json --output "$json" --fail-on "${INPUT_FAIL_ON:-in-effect}" --no-progress "${extra[@]}"
code=$?
if [ -s "$json" ]; then
  # One scan, two renderings: annotations in the job log, and SARIF for code scanning.
  "${cli[@]}" merge "$json" --format github --fail-on none --allow-unscannable || true
  "${cli[@]}" merge "$json" --format sarif --fail-on none --allow-unscannable --output "$sarif" || true
fi
if [ -s "$sarif" ]; then echo "sarif-file=$sarif" >>"$GITHUB_OUTPUT"; fi

if [ "${INPUT_REPORT:-false}" = "true" ]; then
  report="$out/sunset-lint-report.html"
  if "${cli[@]}" report "${paths[@]}" --format html --output "$report"; then echo "report-file=$report" >>"$GITHUB_OUTPUT"; fi
fi

echo "exit-code=$code" >>"$GITHUB_OUTPUT"
echo "sunset-lint scan exited $code"
