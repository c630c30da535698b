#!/bin/sh
# Browser test of the playground page (web/index.html as embedded in grundyd).
#
#   sh tests/browser/run.sh            # uses build/grundyd
#   GRUNDYD=build-asan/grundyd sh tests/browser/run.sh
#
# Installs what it needs (Debian's chromium, node and npm with apt-get; playwright-core
# with `npm ci`), starts the daemon on a free loopback port, runs the test with node's
# built-in test runner and exits with its status.  The browser is Debian's Chromium:
# playwright's own browser download does not work on these machines and is skipped.
# Screenshots go to $SCREENSHOT_DIR (default /tmp): playground.png, playground-narrow.png.
set -eu

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/tests/browser"
GRUNDYD=${GRUNDYD:-build/grundyd}
case "$GRUNDYD" in
/*) ;;
*) GRUNDYD="$ROOT/$GRUNDYD" ;;
esac
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
export CHROMIUM
export SCREENSHOT_DIR="${SCREENSHOT_DIR:-/tmp}"

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}
apt_install() {
    echo "run.sh: installing $* with apt-get" >&2
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

[ -x "$CHROMIUM" ] || apt_install chromium
command -v node >/dev/null 2>&1 || apt_install nodejs
command -v npm >/dev/null 2>&1 || apt_install npm

# npm writes node_modules/.package-lock.json: install when it is missing or older than the lock.
if [ ! -f "$HERE/node_modules/.package-lock.json" ] ||
   [ "$HERE/package-lock.json" -nt "$HERE/node_modules/.package-lock.json" ]; then
    (cd "$HERE" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi

if [ ! -x "$GRUNDYD" ]; then
    echo "run.sh: $GRUNDYD is not built (run make all first)" >&2
    exit 1
fi

PORT=$(node -e 'const s = require("net").createServer();
s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')
LOG=$(mktemp "${TMPDIR:-/tmp}/grundyd-browser.XXXXXX")
"$GRUNDYD" --bind 127.0.0.1 --port "$PORT" >"$LOG" 2>&1 &
PID=$!
cleanup() {
    kill "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
    rm -f "$LOG"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

URL="http://127.0.0.1:$PORT"
# Ready when /healthz answers (at most 10 s), or fail with the daemon's log.
if ! node -e '
const url = process.argv[1] + "/healthz", end = Date.now() + 10000;
(async () => {
  for (;;) {
    try { if ((await fetch(url)).ok) process.exit(0); } catch (e) { /* not up yet */ }
    if (Date.now() > end) process.exit(1);
    await new Promise((r) => setTimeout(r, 100));
  }
})();' "$URL" || ! kill -0 "$PID" 2>/dev/null; then
    echo "run.sh: grundyd did not come up on $URL; its log:" >&2
    cat "$LOG" >&2
    exit 1
fi

set +e
GRUNDYD_URL="$URL" node --test "$HERE/playground.test.mjs" "$HERE/board.test.mjs"
status=$?
set -e
if [ "$status" -ne 0 ]; then
    echo "run.sh: browser test failed; grundyd's log (last 40 lines):" >&2
    tail -n 40 "$LOG" >&2
fi
exit "$status"
