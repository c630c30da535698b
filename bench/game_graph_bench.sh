#!/bin/sh
# /v1/game-graph end to end: seeded graphs of POSITIONS positions and MOVES
# moves (default 10^5 and 10^6) POSTed to a running grundyd with curl;
# prints curl's time_total (best of RUNS) and the answer's first bytes.
#   random -- uniform random moves (cycles, self-loops), three tokens
#   dag    -- moves from higher to lower ids only (ordinary Grundy values)
#   ladder -- the slow case of the level-by-level method: a transitive
#             tournament on ~sqrt(2*MOVES) positions (values 0..L-1) fed by
#             a long cycle through the other positions
# The core alone: bench/game_graph_bench.c (see its header).
#
#   bench/game_graph_bench.sh                  # starts build/grundyd
#   GRUNDYD=path/to/grundyd bench/game_graph_bench.sh
#   URL=http://127.0.0.1:8080 POSITIONS=100000 MOVES=1000000 RUNS=3 ...
set -eu
POSITIONS=${POSITIONS:-100000}
MOVES=${MOVES:-1000000}
RUNS=${RUNS:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
gr_bench_start

python3 - "$POSITIONS" "$MOVES" "$TMP" <<'EOF'
import random, sys
n, m, d = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
def write(name, moves, start):
    with open(f"{d}/{name}.json", "w") as f:
        f.write('{"positions":%d,"all_winning_moves":true,"start":[%s],"moves":['
                % (n, ",".join(map(str, start))))
        f.write(",".join(f"[{a},{b}]" for a, b in moves))
        f.write("]}")
rng = random.Random(1)
write("random", [(rng.randrange(n), rng.randrange(n)) for _ in range(m)],
      [0, n // 2, n - 1])
moves = []
for _ in range(m):
    a = rng.randrange(1, n)
    moves.append((a, rng.randrange(a)))
write("dag", moves, [0, n // 2, n - 1])
L = 1
while (L + 1) * L // 2 + 2 * (n - L - 1) <= m and L + 1 < n:
    L += 1
moves = [(i, j) for i in range(L) for j in range(i)]
for i in range(L, n):
    moves.append((i, i + 1 if i + 1 < n else L))
    moves.append((i, rng.randrange(L)))
write("ladder", moves[:m], [L - 1, L, n - 1])
EOF

for shape in random dag ladder; do
    best=
    for _ in $(seq "$RUNS"); do
        t=$(curl -s -o "$TMP/out" -w '%{time_total}' -H 'Content-Type: application/json' \
                 --data-binary @"$TMP/$shape.json" "$URL/v1/game-graph")
        best=$(python3 -c "import sys; a=[float(x) for x in sys.argv[1:] if x]; print(min(a))" $t $best)
    done
    printf '%-7s %s positions %s moves, %s bytes: %.3f s  %s\n' "$shape" "$POSITIONS" "$MOVES" \
        "$(wc -c <"$TMP/$shape.json")" "$best" "$(head -c 120 "$TMP/out")"
done
