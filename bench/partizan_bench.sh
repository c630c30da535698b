#!/bin/sh
# Domineering on the core alone (docs/partizan.md): builds
# bench/partizan_bench.c against $BUILD/libgrundy.a and runs the goals.
#   every empty rectangle of at most 16 cells, both orientations: its
#   canonical value in under 1 s each (checked here: the transposed board
#   prints the negative, when the value has no braces to negate by hand)
#   the rectangles from 6 x 6 to 8 x 7: their published outcomes by proof
#   search (Breuker, Uiterwijk and van den Herik 2000)
#   8 x 8: its outcome by proof search, a first-player win (ibid.), in
#   under 60 s of CPU
# Prints one line per board and a closing "partizan: N checks failed".
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
mkdir -p "$BUILD/bench"
cc -std=c11 -O2 -g -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -o "$BUILD/bench/partizan_bench" \
    bench/partizan_bench.c "$BUILD/libgrundy.a" -lm
B="$BUILD/bench/partizan_bench"
fails=0
check() { # LINE LIMIT_SECONDS [EXPECTED_OUTCOME]
    line=$1
    echo "$line"
    secs=$(echo "$line" | sed -n 's/.*seconds=\([0-9.]*\).*/\1/p')
    if [ -z "$secs" ] || awk -v s="$secs" -v l="$2" 'BEGIN { exit !(s >= l) }'; then
        echo "  FAIL: over $2 s"; fails=$((fails + 1))
    fi
    if [ -n "${3:-}" ] && ! echo "$line" | grep -q "outcome=$3 "; then
        echo "  FAIL: expected outcome $3"; fails=$((fails + 1))
    fi
}

echo "== Domineering, every empty board of at most 16 cells (goal < 1 s each)"
for r in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
    for c in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
        [ $((r * c)) -le 16 ] || continue
        check "$($B value $r $c)" 1
    done
done

echo "== Domineering rectangles, outcome by proof search (published outcomes)"
for b in "6 6 N" "6 7 L" "7 6 R" "7 7 N" "6 8 R" "8 6 L" "7 8 R" "8 7 L"; do
    set -- $b
    check "$($B outcome $1 $2)" 60 $3
done

echo "== Domineering 8x8, outcome by proof search (goal < 60 s; a first-player win)"
check "$($B outcome 8 8)" 60 N

echo "partizan: $fails checks failed"
[ "$fails" -eq 0 ]
