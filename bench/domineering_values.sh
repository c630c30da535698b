#!/bin/sh
# Domineering values (issue 37 item 3): the canonical value of a board on
# the core alone (bench/partizan_bench.c, "value" mode), CPU seconds, two
# builds interleaved board by board so both see the same machine load:
#   OLD_LIB  a libgrundy.a built from the commit before (e.g. main's)
#   NEW_LIB  this tree's (default $BUILD/libgrundy.a)
# Boards: empty rectangles up to 30 cells, and MCGS's ten 7x7 boards with
# 15 stones (input/autotests/domineering_autotests/7x7_15_stones.test in
# github.com/ualberta-mueller-group/MCGS, outcomes from CGSuite 2.1.1: the
# value's outcome class is checked against them).  Each run is cut at
# LIMIT CPU seconds (default 120).  RECTS (e.g. "4x7 5x6") and MCGS_N
# (how many of the ten) choose fewer boards on a loaded machine.  Prints one line per board and build;
# both builds must print the same value (checked: "DIFFERENT VALUES").
#   OLD_LIB=/path/to/old/libgrundy.a sh bench/domineering_values.sh
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
NEW_LIB=${NEW_LIB:-$BUILD/libgrundy.a}
LIMIT=${LIMIT:-120}
mkdir -p "$BUILD/bench"
cc -std=c11 -O2 -g -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -o "$BUILD/bench/values_new" \
    bench/partizan_bench.c "$NEW_LIB" -lm
builds=new
if [ -n "${OLD_LIB:-}" ]; then
    cc -std=c11 -O2 -g -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -o "$BUILD/bench/values_old" \
        bench/partizan_bench.c "$OLD_LIB" -lm
    builds="old new"
fi
fails=0
run() { # NAME ROWS COLS [BOARD] [EXPECTED_LEFT_FIRST EXPECTED_RIGHT_FIRST]
    name=$1 r=$2 c=$3 board=${4:-} prev=""
    for b in $builds; do
        line=$( (ulimit -t "$LIMIT"; nice "$BUILD/bench/values_$b" value "$r" "$c" $board) 2>&1 || true)
        secs=$(echo "$line" | sed -n 's/.*seconds=\([0-9.]*\).*/\1/p')
        out=$(echo "$line" | sed -n 's/.*value_outcome=\(.\).*/\1/p')
        val=$(echo "$line" | sed -n 's/.*value=\(.*\) value_outcome.*/\1/p')
        nodes=$(echo "$line" | sed -n 's/.*nodes=\([0-9]*\).*/\1/p')
        printf '%-26s %-4s %9s s  nodes=%-9s outcome=%s  value=%.60s\n' "$name" "$b" \
            "${secs:-">$LIMIT"}" "${nodes:-?}" "${out:-?}" "${val:-?}"
        if [ -n "$prev" ] && [ -n "$val" ] && [ "$prev" != "$val" ]; then
            echo "  DIFFERENT VALUES"; fails=$((fails + 1))
        fi
        [ -n "$val" ] && prev=$val
        if [ -n "${5:-}" ] && [ -n "$out" ]; then
            # Left (Black, vertical) first wins iff L or N; Right first iff R or N
            lw=win rw=win
            case $out in P) lw=loss rw=loss ;; L) rw=loss ;; R) lw=loss ;; esac
            if [ "$lw" != "$5" ] || [ "$rw" != "$6" ]; then
                echo "  FAIL: CGSuite says B $5, W $6"; fails=$((fails + 1))
            fi
        fi
    done
}
RECTS=${RECTS:-4x6 3x8 5x5 4x7 3x10 5x6 6x5 6x6}
for rc in $RECTS; do
    run "$rc" "${rc%x*}" "${rc#*x}"
done
MCGS=${MCGS:-/work/peers/mcgs/input/autotests/domineering_autotests/7x7_15_stones.test}
if [ -f "$MCGS" ]; then
    i=0
    grep '^[.#|]* {B' "$MCGS" >"$BUILD/bench/values_mcgs.txt"
    while read -r mboard _ bw _ ww; do
        i=$((i + 1))
        [ "$i" -le "${MCGS_N:-10}" ] || break
        cells=$(echo "$mboard" | tr -d '|')
        run "mcgs-7x7-15-$i" 7 7 "$cells" "$(echo "$bw" | tr -d ,)" "$(echo "$ww" | tr -d '}')"
    done <"$BUILD/bench/values_mcgs.txt"
fi
echo "domineering values: $fails checks failed"
[ "$fails" -eq 0 ]
