#!/bin/sh
# Browser test of the playground page (web/: index.html and its ES modules, as embedded in
# grundyd), after a type check of the modules (tsc --checkJs).
#
#   sh tests/browser/run.sh            # uses build/grundyd
#   GRUNDYD=build-asan/grundyd sh tests/browser/run.sh
#   sh tests/browser/run.sh fourth third  # only the test files whose names contain these
#   TEST_NAME='at its limits' sh tests/browser/run.sh fourth   # and only the tests so named
#
# Installs what it needs (Debian's chromium, node and npm with apt-get; playwright-core
# with `npm ci`), starts the daemon on a free loopback port, runs the test with node's
# built-in test runner and exits with its status.  The browser is Debian's Chromium:
# playwright's own browser download does not work on these machines and is skipped.
# Screenshots go to $SCREENSHOT_DIR (default /tmp): playground*.png, board-*.png, analysis-*.png,
# partizan-*.png, third-*.png, rulesets-*.png, fourth-*.png.
set -eu

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/tests/browser"
. "$ROOT/tests/node_env.sh"
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
export CHROMIUM
export SCREENSHOT_DIR="${SCREENSHOT_DIR:-/tmp}"

[ -x "$CHROMIUM" ] || apt_install chromium
node_tools
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm_install
# The contract's types for the page (web/kit/api_types.d.ts from api/openapi.yaml), then the
# page's ES modules type-checked against them (JSDoc types, tsc --checkJs; tsconfig.json here).
(cd "$HERE" && node api_types.mjs) || { echo "run.sh: api_types.mjs failed" >&2; exit 1; }
(cd "$HERE" && npx --no-install tsc -p tsconfig.json) || { echo "run.sh: tsc --checkJs of web/ failed" >&2; exit 1; }
echo "browser: web/ modules type-check (tsc --checkJs --noEmit)"
# at its default flags: the page keeps within the per-client limits by itself (GET /v1/limits)
start_grundyd browser defaults

set +e
FILES=
for f in playground board analysis partizan third rulesets fourth compact; do
    keep=$#
    for want in "$@"; do case "$f" in *"$want"*) keep=0 ;; esac; done
    [ "$keep" = 0 ] && FILES="$FILES $HERE/$f.test.mjs"
done
# shellcheck disable=SC2086 # the file names are ours, without blanks
GRUNDYD_URL="$URL" node --test ${TEST_NAME:+--test-name-pattern="$TEST_NAME"} $FILES
status=$?
set -e
if [ "$status" -ne 0 ]; then
    echo "run.sh: browser test failed; grundyd's log (last 40 lines):" >&2
    tail -n 40 "$LOG" >&2
fi
exit "$status"
