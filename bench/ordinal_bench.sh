#!/bin/sh
# The tree-order game end to end: seeded forests of NODES vertices (default
# 10^6) in nested form, POSTed to grundyd's /v1/ordinal-trees with curl;
# prints the request time (curl's time_total, best and median of RUNS), the
# body and answer sizes, and the start of the answer.  Bodies come from
# bench/ordinal_gen.py, deterministic per SEED, so runs compare.
#
#   bench/ordinal_bench.sh                  # starts build/grundyd on a free port
#   GRUNDYD=path/to/grundyd bench/ordinal_bench.sh
#   URL=http://127.0.0.1:8080 bench/ordinal_bench.sh   # an already running one
#   NODES=1000000 RUNS=5 SEED=1 ...
#
# Shapes: random (about 1200 trees of up to 2000 vertices, mixed bushy,
# caterpillar and broom shapes, depth up to ~600), random_all (the same with
# all_winning_moves), star (one root, NODES-1 leaves), bushy (one random
# recursive tree).  The answers are large -- the value's text, its CNF as
# nested JSON and each tree's value are all O(n) -- so the answer size is
# printed too.
set -eu
NODES=${NODES:-1000000}
RUNS=${RUNS:-5}
SEED=${SEED:-1}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
gr_bench_start --log-format off

for shape in random star bushy; do
    python3 "$HERE/ordinal_gen.py" "$NODES" "$SEED" "$shape" >"$TMP/$shape.json"
done
sed 's/"all_winning_moves":true/"all_winning_moves":false/' "$TMP/random.json" >"$TMP/random_one.json"
mv "$TMP/random.json" "$TMP/random_all.json"
mv "$TMP/random_one.json" "$TMP/random.json"

printf '%-11s %8s %9s %9s %9s  %s\n' shape body_MB answer_MB best_s median_s answer
for shape in random random_all star bushy; do
    f=$TMP/$shape.json
    times=
    for _ in $(seq "$RUNS"); do
        t=$(curl -s -o "$TMP/out" -w '%{http_code} %{time_total}' -H 'Expect:' \
            -H 'Content-Type: application/json' --data-binary "@$f" \
            "$URL/v1/ordinal-trees")
        code=${t% *}
        [ "$code" = 200 ] || { echo "$shape: HTTP $code: $(head -c 300 "$TMP/out")" >&2; exit 1; }
        times="$times ${t#* }"
    done
    best=$(echo $times | tr ' ' '\n' | sort -g | head -1)
    median=$(echo $times | tr ' ' '\n' | sort -g | sed -n "$(( (RUNS + 1) / 2 ))p")
    size=$(awk -v b="$(wc -c <"$f")" 'BEGIN { printf "%.1f", b / 1e6 }')
    osize=$(awk -v b="$(wc -c <"$TMP/out")" 'BEGIN { printf "%.1f", b / 1e6 }')
    printf '%-11s %8s %9s %9s %9s  %s\n' "$shape" "$size" "$osize" "$best" "$median" \
        "$(head -c 60 "$TMP/out")"
done
