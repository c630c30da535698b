#!/bin/sh
# Green Hackenbush trees end to end: a path and a star of 10^6 edges as
# parent arrays (plus a seeded random recursive tree, the path as a shuffled
# edge list and the star in nested form), POSTed to a running
# grundyd with curl; prints the request time (curl's time_total, best of
# RUNS) and the answer's size.  The tree is deterministic, so runs compare.
#
#   bench/tree_bench.sh                 # starts build/grundyd on a free port
#   GRUNDYD=path/to/grundyd bench/tree_bench.sh
#   URL=http://127.0.0.1:8080 bench/tree_bench.sh   # an already running one
#   EDGES=1000000 RUNS=5 ...
set -eu
EDGES=${EDGES:-1000000}
RUNS=${RUNS:-5}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
gr_bench_start

# The bodies: path 0-1-...-m, star with m leaves, random recursive tree
# (seed 1; parent of i uniform below i) as parent arrays; the path as edges;
# the star nested -- all with all_winning_moves.
python3 - "$EDGES" "$TMP" <<'EOF'
import random, sys
m, d = int(sys.argv[1]), sys.argv[2]
def write(name, parent):
    with open(f"{d}/{name}.json", "w") as f:
        f.write('{"all_winning_moves":true,"parent":[')
        f.write(",".join(map(str, parent)))
        f.write("]}")
write("path", [-1] + list(range(m)))
write("star", [-1] + [0] * m)
rng = random.Random(1)
write("random", [-1] + [rng.randrange(i) for i in range(1, m + 1)])
# the other two forms: the path as a shuffled edge list, the star nested
order = list(range(m))
rng.shuffle(order)
with open(f"{d}/path_edges.json", "w") as f:
    f.write('{"all_winning_moves":true,"root":0,"edges":[')
    f.write(",".join(f"[{i},{i + 1}]" if i % 2 else f"[{i + 1},{i}]"
                     for i in order))
    f.write("]}")
with open(f"{d}/star_nested.json", "w") as f:
    f.write('{"all_winning_moves":true,"nested":[' + ",".join(["[]"] * m) + "]}")
EOF

printf '%-8s %10s %12s %12s  %s\n' shape body_MB best_s median_s answer
for shape in path star random path_edges star_nested; do
    f=$TMP/$shape.json
    times=
    for _ in $(seq "$RUNS"); do
        t=$(curl -s -o "$TMP/out" -w '%{http_code} %{time_total}' \
            -H 'Content-Type: application/json' --data-binary "@$f" \
            "$URL/v1/hackenbush/tree")
        code=${t% *}
        [ "$code" = 200 ] || { echo "$shape: HTTP $code: $(head -c 300 "$TMP/out")" >&2; exit 1; }
        times="$times ${t#* }"
    done
    best=$(echo $times | tr ' ' '\n' | sort -g | head -1)
    median=$(echo $times | tr ' ' '\n' | sort -g | sed -n "$(( (RUNS + 1) / 2 ))p")
    size=$(awk -v b="$(wc -c <"$f")" 'BEGIN { printf "%.1f", b / 1e6 }')
    printf '%-8s %10s %12s %12s  %s\n' "$shape" "$size" "$best" "$median" \
        "$(head -c 90 "$TMP/out")"
done
