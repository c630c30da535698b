# Shared by the suites that run node against a real daemon
# (tests/browser/run.sh, tests/client/run.sh); sourced with ROOT and HERE
# set.  POSIX sh.  GRUNDYD (default build/grundyd) is made absolute, from
# ROOT.
#
#   apt_install PKG...     apt-get install, as root or through sudo
#   node_tools             node and npm, installed when missing
#   npm_install            `npm ci` in $HERE when node_modules is missing or
#                          older than package-lock.json
#   start_grundyd NAME [defaults]
#                          grundyd on a free loopback port (per-client limits
#                          off unless "defaults"), its log in a
#                          temporary file; sets URL, PID and LOG, stops it on
#                          exit, and fails with the log unless /healthz
#                          answers within 10 s

GRUNDYD=${GRUNDYD:-build/grundyd}
case "$GRUNDYD" in
/*) ;;
*) GRUNDYD="$ROOT/$GRUNDYD" ;;
esac

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

apt_install() {
    echo "run.sh: installing $* with apt-get" >&2
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

node_tools() {
    command -v node >/dev/null 2>&1 || apt_install nodejs
    command -v npm >/dev/null 2>&1 || apt_install npm
}

# npm writes node_modules/.package-lock.json: install when it is missing or older than the lock.
npm_install() {
    if [ ! -f "$HERE/node_modules/.package-lock.json" ] ||
       [ "$HERE/package-lock.json" -nt "$HERE/node_modules/.package-lock.json" ]; then
        (cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error)
    fi
}

start_grundyd() {
    if [ ! -x "$GRUNDYD" ]; then
        echo "run.sh: $GRUNDYD is not built (run make all first)" >&2
        exit 1
    fi
    PORT=$(node -e 'const s = require("net").createServer();
s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')
    LOG=$(mktemp "${TMPDIR:-/tmp}/grundyd-$1.XXXXXX")
    # one test process is one very fast client: the per-client limits, which
    # no person at the page meets, are off (as for the API tests), unless the
    # second argument is "defaults" (the browser suites: the page must keep
    # within a default daemon's limits itself)
    if [ "${2:-}" = defaults ]; then
        "$GRUNDYD" --bind 127.0.0.1 --port "$PORT" >"$LOG" 2>&1 &
    else
        GRUNDYD_RATE_PER_CLIENT=0 GRUNDYD_MAX_INFLIGHT_PER_CLIENT=0 \
            "$GRUNDYD" --bind 127.0.0.1 --port "$PORT" >"$LOG" 2>&1 &
    fi
    PID=$!
    trap 'kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -f "$LOG"' EXIT
    trap 'exit 130' INT TERM
    URL="http://127.0.0.1:$PORT"
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
}
