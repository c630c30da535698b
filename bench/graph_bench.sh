#!/bin/sh
# Green Hackenbush on graphs, end to end over HTTP (value + one winning
# move) against a plain C program that reads the same text edge list and
# computes only the value (bench/graph_baseline.c); plus the hard shapes
# (long cycles, deep paths), the core's own split (bench/graph_core_bench.c) and, for
# random1e6, the whole request without HTTP (the same program).
# bench/graph_ratio.sh alternates baseline/text/JSON on one input.
#
#   sh bench/graph_bench.sh            (BUILD=build, REPEAT=5, DATA=/tmp/grundyd-graph-bench)
#
# Every figure is "min/median" of REPEAT runs, in milliseconds (the
# minimum is the steadier figure on a shared machine).  Inputs are
# generated once (seeded) by bench/graph_gen.py.
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
REPEAT=${REPEAT:-5}
DATA=${DATA:-/tmp/grundyd-graph-bench}
PORT=${PORT:-18791}
mkdir -p "$DATA" "$BUILD/bench"
make -s BUILD="$BUILD" all >/dev/null
cc -O2 -std=c11 -Wall -Wextra -o "$BUILD/bench/graph_baseline" bench/graph_baseline.c
# shellcheck disable=SC2046 # pkg-config prints several words
cc -O2 -std=c11 -Wall -Wextra -Iinclude -Isrc $(pkg-config --cflags libcjson) \
   -o "$BUILD/bench/graph_core_bench" bench/graph_core_bench.c "$BUILD/libgrundygames.a" "$BUILD/libgrundyjson.a" \
   "$BUILD/libgrundy.a" $(pkg-config --libs libcjson) -lm

gen() { # name shape size seed
    [ -f "$DATA/$1.txt" ] || python3 bench/graph_gen.py "$2" "$3" "$4" "$DATA/$1"
}
gen random1e5 random 100000 1
gen random1e6 random 1000000 1
gen cycle200001 cycle 200001 1
gen ring60000 ring 60000 1
gen ring30000 ring 30000 2
gen necklace60000 necklace 60000 1
gen grid300 grid 300 1
# all_winning_moves variants of the ring of 30,000 triangles
[ -f "$DATA/ring30000_all.txt" ] || sed '1s/$/ all_winning_moves/' "$DATA/ring30000.txt" > "$DATA/ring30000_all.txt"
[ -f "$DATA/ring30000_all.json" ] || sed 's/^{/{"all_winning_moves":true,/' "$DATA/ring30000.json" > "$DATA/ring30000_all.json"

"$BUILD/grundyd" --bind 127.0.0.1 --port "$PORT" --log-format off >/dev/null 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null' EXIT INT TERM
i=0
while ! curl -s -o /dev/null "http://127.0.0.1:$PORT/healthz"; do
    i=$((i + 1)); [ $i -lt 100 ] || { echo "grundyd did not start"; exit 1; }; sleep 0.05
done

median() { sort -n | awk '{a[NR]=$1} END {print a[1] "/" a[int((NR+1)/2)]}'; }

http_ms() { # file content-type
    for _ in $(seq "$REPEAT"); do
        curl -s -o /dev/null -w '%{time_total}\n' -H "Content-Type: $2" \
             --data-binary @"$1" "http://127.0.0.1:$PORT/v1/hackenbush/graph" |
            awk '{printf "%.1f\n", $1 * 1000}'
    done | median
}

baseline_ms() { # file
    for _ in $(seq "$REPEAT"); do
        "$BUILD/bench/graph_baseline" "$1" | awk '{print $NF == "ms" ? $(NF-1) : $NF}'
    done | median
}

printf '%-22s %16s %16s %16s\n' "input" "baseline" "http text" "http json"
for name in random1e5 random1e6 cycle200001 ring60000 necklace60000 grid300; do
    b=$(baseline_ms "$DATA/$name.txt")
    t=$(http_ms "$DATA/$name.txt" text/plain)
    j=$(http_ms "$DATA/$name.json" application/json)
    printf '%-22s %16s %16s %16s\n' "$name" "$b" "$t" "$j"
done
t=$(http_ms "$DATA/ring30000_all.txt" text/plain)
j=$(http_ms "$DATA/ring30000_all.json" application/json)
printf '%-22s %16s %16s %16s\n' "ring30000 all moves" "-" "$t" "$j"
curl -s -H "Content-Type: text/plain" --data-binary @"$DATA/ring30000_all.txt" \
     "http://127.0.0.1:$PORT/v1/hackenbush/graph" |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print("  ring30000: grundy", d["grundy"], "winning_move_count", d["winning_move_count"])'

echo
echo "core alone (best of $REPEAT): value | one winning move | every winning move"
for name in random1e5 random1e6 cycle200001 ring60000 necklace60000 ring30000 grid300; do
    "$BUILD/bench/graph_core_bench" "$DATA/$name.txt" "$REPEAT" | sed "s|$DATA/||"
done

echo
echo "random1e6 as a request without HTTP (best of $REPEAT, CPU ms)"
"$BUILD/bench/graph_core_bench" "$DATA/random1e6.txt" "$REPEAT" answer | sed "s|$DATA/||"
