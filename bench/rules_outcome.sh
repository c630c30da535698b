#!/bin/sh
# The rulesets' outcome search (issue 37 items 4 and 5; gr_pg_outcome,
# src/core/pgame_outcome.c): nodes and CPU seconds of "who wins moving
# first, both players" on the core alone (bench/rules_forecast.c, outcome
# mode), two builds interleaved board by board so both see the same load:
#   OLD_LIB  a libgrundy.a built from the commit before (e.g. main's)
#   NEW_LIB  this tree's (default $BUILD/libgrundy.a)
# Each search is cut at CAP nodes (default 5,000,000: ">CAP" in the table).
# The boards: fixed ones (checkered Clobber, Konane with holes, empty NoGo,
# Amazons with one queen each, Toads and Frogs strips, Snort and Col on
# grids) and random Clobber boards from a fixed seed (SEED, default 7), so
# every run measures the same inputs.  Both builds must find the same
# outcome class (checked: "DIFFERENT OUTCOMES").
#   OLD_LIB=/path/to/old/libgrundy.a sh bench/rules_outcome.sh
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
NEW_LIB=${NEW_LIB:-$BUILD/libgrundy.a}
CAP=${CAP:-5000000}
SEED=${SEED:-7}
mkdir -p "$BUILD/bench"
cc -std=c11 -O2 -g -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -o "$BUILD/bench/rules_outcome_new" \
    bench/rules_forecast.c "$NEW_LIB" -lm -lpthread
builds=new
if [ -n "${OLD_LIB:-}" ]; then
    cc -std=c11 -O2 -g -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L \
        -o "$BUILD/bench/rules_outcome_old" bench/rules_forecast.c "$OLD_LIB" -lm -lpthread
    builds="old new"
fi
boards=$(python3 - "$SEED" <<'EOF'
import random
import sys
rng = random.Random(int(sys.argv[1]))
def grid(r, c):
    e = [f"{i * c + j}-{i * c + j + 1}" for i in range(r) for j in range(c - 1)]
    e += [f"{i * c + j}-{(i + 1) * c + j}" for i in range(r - 1) for j in range(c)]
    return f"{r * c} " + ",".join(e)
out = ["clobber 4 5 " + "xo" * 10, "clobber 5 4 " + "xoxooxox" * 2 + "xoxo"]
for _ in range(3):
    out.append("clobber 4 5 " + "".join(rng.choice("xxoo.") for _ in range(20)))
    out.append("clobber 5 5 " + "".join(rng.choice("xxxooo.") for _ in range(25)))
out += ["konane 6 6 xoxoxoo.oxox" + "xoxoxooxoxox" * 2, "konane 5 5 xoxoxo.oxoxoxoxoxoxoxoxo.",
        "nogo 4 4 " + "." * 16, "nogo 3 5 " + "." * 15,
        "amazons 4 4 L" + "." * 14 + "R", "amazons 4 5 L" + "." * 18 + "R",
        "amazons 5 5 L" + "." * 23 + "R",
        "toads " + "TT..FF" * 3, "toads " + "T.F." * 7,
        "snort " + grid(4, 4), "col " + grid(4, 4), "snort " + grid(4, 5), "col " + grid(4, 5)]
print("\n".join(out))
EOF
)
printf '%-8s %-28s %-4s %12s %9s %12s  %s\n' game board build nodes "CPU s" "peak bytes" outcome
echo "$boards" | while IFS= read -r line; do
    prev=""
    for b in $builds; do
        row=$(echo "$line" | nice "$BUILD/bench/rules_outcome_$b" 100 "$CAP" outcome)
        game=$(echo "$row" | cut -f1)
        board=$(echo "$row" | cut -f2 | cut -c1-28)
        nodes=$(echo "$row" | cut -f10)
        secs=$(echo "$row" | cut -f11)
        peak=$(echo "$row" | cut -f13)
        out=$(echo "$row" | cut -f14)
        printf '%-8s %-28s %-4s %12s %9s %12s  %s\n' "$game" "$board" "$b" "$nodes" "$secs" \
            "$peak" "$out"
        if [ -n "$prev" ] && [ "$prev" != "?" ] && [ "$out" != "?" ] && [ "$prev" != "$out" ]; then
            echo "  DIFFERENT OUTCOMES"
        fi
        prev=$out
    done
done
