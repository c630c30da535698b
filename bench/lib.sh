# Shared by the end-to-end bench scripts (sourced, POSIX sh): a scratch
# directory removed on exit, and a grundyd to talk to -- $URL if the caller
# gave one, else $GRUNDYD (default build/grundyd) started on a free
# loopback port with the given extra flags and waited for on /healthz.
#
#   . "$HERE/lib.sh"; gr_bench_start --log-format off
#   ... curl "$URL/v1/..." ...  (files in $TMP)
TMP=$(mktemp -d)
PID=
gr_bench_cleanup() {
    if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; fi
    rm -rf "$TMP"
}
trap gr_bench_cleanup EXIT INT TERM

gr_bench_start() { # extra grundyd flags
    [ -z "${URL:-}" ] || return 0
    BIN=${GRUNDYD:-$HERE/../build/grundyd}
    PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    "$BIN" --bind 127.0.0.1 --port "$PORT" "$@" >/dev/null 2>"$TMP/log" &
    PID=$!
    URL=http://127.0.0.1:$PORT
    i=0
    until curl -s "$URL/healthz" >/dev/null 2>&1; do
        i=$((i + 1)); [ $i -lt 100 ] || { echo "grundyd did not start" >&2; exit 1; }
        sleep 0.05
    done
}
