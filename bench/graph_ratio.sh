#!/bin/sh
# Issue 11's large-graph goal on one input, alternating in one run so that
# a load change hits all three alike: the plain-C baseline
# (bench/graph_baseline.c, value only), then grundyd end to end over HTTP
# (value + one winning move) with the text edge list, then with JSON.
#
#   sh bench/graph_ratio.sh [NAME]      (default random1e6; BUILD=build,
#                                        REPEAT=9, DATA=/tmp/grundyd-graph-bench)
#
# Prints min/median ms of each and the ratios of the minima and of the
# medians; then the peak memory (VmHWM) of a fresh daemon after one
# request of each form, as bench/run.sh measures it.  Builds
# and inputs as bench/graph_bench.sh makes them (run that once first).
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
REPEAT=${REPEAT:-9}
DATA=${DATA:-/tmp/grundyd-graph-bench}
PORT=${PORT:-18793}
NAME=${1:-random1e6}
mkdir -p "$BUILD/bench"
make -s BUILD="$BUILD" all >/dev/null
cc -O2 -std=c11 -Wall -Wextra -o "$BUILD/bench/graph_baseline" bench/graph_baseline.c
[ -f "$DATA/$NAME.txt" ] || { echo "no $DATA/$NAME.txt: run bench/graph_bench.sh first"; exit 1; }

start() {
    "$BUILD/grundyd" --bind 127.0.0.1 --port "$PORT" --log-format off >/dev/null 2>&1 &
    PID=$!
    i=0
    while ! curl -s -o /dev/null "http://127.0.0.1:$PORT/healthz"; do
        i=$((i + 1)); [ $i -lt 100 ] || { echo "grundyd did not start"; exit 1; }; sleep 0.05
    done
}
PID=
trap '[ -z "$PID" ] || kill $PID 2>/dev/null' EXIT INT TERM
start

OUT=$(mktemp -d)
http_once() { # file content-type
    curl -s -o /dev/null -w '%{time_total}\n' -H "Content-Type: $2" \
         --data-binary @"$1" "http://127.0.0.1:$PORT/v1/hackenbush/graph" |
        awk '{printf "%.1f\n", $1 * 1000}'
}
for _ in $(seq "$REPEAT"); do
    "$BUILD/bench/graph_baseline" "$DATA/$NAME.txt" | awk '{print $(NF-1)}' >>"$OUT/b"
    http_once "$DATA/$NAME.txt" text/plain >>"$OUT/t"
    http_once "$DATA/$NAME.json" application/json >>"$OUT/j"
done
stat() { sort -n "$1" | awk '{a[NR]=$1} END {print a[1], a[int((NR+1)/2)]}'; }
# shellcheck disable=SC2046 # two words each
set -- $(stat "$OUT/b") $(stat "$OUT/t") $(stat "$OUT/j")
printf '%-12s %22s %22s %22s\n' "$NAME" "baseline min/median" "http text min/median" "http json min/median"
printf '%-12s %22s %22s %22s\n' "ms" "$1/$2" "$3/$4" "$5/$6"
awk -v b1="$1" -v b2="$2" -v t1="$3" -v t2="$4" -v j1="$5" -v j2="$6" 'BEGIN {
    printf "%-12s %22s %22.2f/%.2f %18.2f/%.2f\n", "ratio", "1", t1 / b1, t2 / b2, j1 / b1, j2 / b2 }'
kill $PID; wait $PID 2>/dev/null || true
for form in txt:text/plain json:application/json; do
    start
    http_once "$DATA/$NAME.${form%%:*}" "${form#*:}" >/dev/null
    echo "peak memory, ${form#*:}, fresh daemon: $(awk '/VmHWM/ {print $2, $3}' /proc/$PID/status)"
    kill $PID; wait $PID 2>/dev/null || true
done
PID=
rm -rf "$OUT"
