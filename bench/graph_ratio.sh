#!/bin/sh
# The large-graph goal (bench/RESULTS.md, "The goals") on one input, alternating in one run so that
# a load change hits all alike: the plain-C baseline
# (bench/graph_baseline.c, value only), then grundyd end to end over HTTP
# (value + one winning move) with the text edge list, then with JSON --
# and, when BEFORE names another grundyd binary (say a build of an older
# commit), that daemon's text and JSON in the same rounds.
#
#   sh bench/graph_ratio.sh [NAME]      (default random1e6; BUILD=build,
#                                        REPEAT=9, DATA=/tmp/grundyd-graph-bench,
#                                        BEFORE=)
#
# Prints min/median ms of each and the ratios to the baseline (of the
# minima / of the medians); then the peak memory (VmHWM) of a fresh daemon
# after one request of each form, as bench/run.sh measures it.  Inputs as
# bench/graph_bench.sh makes them (run that once first).
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
REPEAT=${REPEAT:-9}
DATA=${DATA:-/tmp/grundyd-graph-bench}
PORT=${PORT:-18793}
BEFORE=${BEFORE:-}
NAME=${1:-random1e6}
mkdir -p "$BUILD/bench"
make -s BUILD="$BUILD" all >/dev/null
cc -O2 -std=c11 -Wall -Wextra -o "$BUILD/bench/graph_baseline" bench/graph_baseline.c
[ -f "$DATA/$NAME.txt" ] || { echo "no $DATA/$NAME.txt: run bench/graph_bench.sh first"; exit 1; }

PIDS=
trap '[ -z "$PIDS" ] || kill $PIDS 2>/dev/null' EXIT INT TERM
start() { # binary port: starts it, PID is its pid
    "$1" --bind 127.0.0.1 --port "$2" --log-format off >/dev/null 2>&1 &
    PID=$!
    PIDS="$PIDS $PID"
    i=0
    while ! curl -s -o /dev/null "http://127.0.0.1:$2/healthz"; do
        i=$((i + 1)); [ $i -lt 100 ] || { echo "$1 did not start"; exit 1; }; sleep 0.05
    done
}
stop() { kill "$1"; wait "$1" 2>/dev/null || true; }
http_once() { # file content-type port
    curl -s -o /dev/null -w '%{time_total}\n' -H "Content-Type: $2" \
         --data-binary @"$1" "http://127.0.0.1:$3/v1/hackenbush/graph" |
        awk '{printf "%.1f\n", $1 * 1000}'
}

OUT=$(mktemp -d)
start "$BUILD/grundyd" "$PORT"
NOW=$PID
[ -z "$BEFORE" ] || { start "$BEFORE" $((PORT + 1)); OLD=$PID; }
for _ in $(seq "$REPEAT"); do
    "$BUILD/bench/graph_baseline" "$DATA/$NAME.txt" | awk '{print $(NF-1)}' >>"$OUT/b"
    http_once "$DATA/$NAME.txt" text/plain "$PORT" >>"$OUT/t"
    http_once "$DATA/$NAME.json" application/json "$PORT" >>"$OUT/j"
    if [ -n "$BEFORE" ]; then
        http_once "$DATA/$NAME.txt" text/plain $((PORT + 1)) >>"$OUT/bt"
        http_once "$DATA/$NAME.json" application/json $((PORT + 1)) >>"$OUT/bj"
    fi
done
stop "$NOW"
[ -z "$BEFORE" ] || stop "$OLD"
PIDS=

minmed() { sort -n "$1" | awk '{a[NR]=$1} END {print a[1], a[int((NR+1)/2)]}'; }
# shellcheck disable=SC2046 # two words
set -- $(minmed "$OUT/b")
B1=$1 B2=$2
printf '%-28s %18s %14s\n' "$NAME (ms, $REPEAT rounds)" "min/median" "x baseline"
printf '%-28s %18s %14s\n' "baseline (value only)" "$B1/$B2" "1"
row() { # label file
    # shellcheck disable=SC2046 # two words
    set -- $(minmed "$2") "$1"
    awk -v l="$3" -v a="$1" -v b="$2" -v b1="$B1" -v b2="$B2" 'BEGIN {
        printf "%-28s %18s %9.2f/%.2f\n", l, a "/" b, a / b1, b / b2 }'
}
row "http text" "$OUT/t"
row "http json" "$OUT/j"
if [ -n "$BEFORE" ]; then
    row "http text, BEFORE" "$OUT/bt"
    row "http json, BEFORE" "$OUT/bj"
fi
for bin in "$BUILD/grundyd" ${BEFORE:+"$BEFORE"}; do
    for form in txt:text/plain json:application/json; do
        start "$bin" "$PORT"
        http_once "$DATA/$NAME.${form%%:*}" "${form#*:}" "$PORT" >/dev/null
        echo "peak memory, $bin, ${form#*:}, fresh daemon: $(awk '/VmHWM/ {print $2, $3}' /proc/"$PID"/status)"
        stop "$PID"
        PIDS=
    done
done
rm -rf "$OUT"
