#!/bin/sh
# The games solved by search (docs/search.md), on the core alone: builds
# bench/search_bench.c against $BUILD/libgrundy.a and runs the goals.
#   Node Kayles  random G(50, 0.12), seeds 1..3 (splitmix64), < 20 s each
#   Cram         every empty board of at most 32 cells, < 30 s each, with
#                the published values (Beling's igs table; 1 x n against
#                Dawson's Kayles computed here; even x even = 0 and
#                even x odd != 0 by the symmetry strategies)
#   Chomp        every rectangle up to 12 x 12, < 10 s each, the winning
#                move verified (re-solved: the position after it is 0);
#                squares won by (1, 1)
# STRETCH=1 adds Node Kayles on 60 vertices, Cram 5x7, 6x7, 4x11 and Chomp
# 14 x 14.  Every winning move printed is verified by search_bench itself.
# Prints one line per position and a closing "search: N checks failed".
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
mkdir -p "$BUILD/bench"
cc -std=c11 -O2 -g -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -o "$BUILD/bench/search_bench" \
    bench/search_bench.c "$BUILD/libgrundy.a" -lm
B="$BUILD/bench/search_bench"
fails=0
check() { # LINE LIMIT_SECONDS [EXPECTED_GRUNDY | nonzero]
    line=$1
    echo "$line"
    secs=$(echo "$line" | sed -n 's/.*seconds=\([0-9.]*\).*/\1/p')
    g=$(echo "$line" | sed -n 's/.*grundy=\([0-9]*\).*/\1/p')
    if [ -z "$secs" ] || awk -v s="$secs" -v l="$2" 'BEGIN { exit !(s >= l) }'; then
        echo "  FAIL: over $2 s"; fails=$((fails + 1))
    fi
    if [ -n "${3:-}" ]; then
        if [ "$3" = nonzero ] && [ "$g" = 0 ]; then
            echo "  FAIL: expected a non-zero value"; fails=$((fails + 1))
        elif [ "$3" != nonzero ] && [ "$g" != "$3" ]; then
            echo "  FAIL: expected $3"; fails=$((fails + 1))
        fi
    fi
}

echo "== Node Kayles, random 50-vertex graphs, p = 0.12 (goal < 20 s)"
for seed in 1 2 3; do
    check "$($B nk 50 0.12 $seed)" 20
done

echo "== Cram, every empty board of at most 32 cells (goal < 30 s each)"
# Dawson's Kayles (0.07) by mex, for the 1 x n boards
dk=$(python3 -c '
g = []
for n in range(33):
    s = {g[a] ^ g[n - 2 - a] for a in range(n - 1)} if n >= 2 else set()
    v = 0
    while v in s: v += 1
    g.append(v)
print(" ".join(map(str, g)))')
published() { # rows cols -> the value in igs README.md, if it has one
    case "$1x$2" in
        4x4) echo 0 ;; 4x5) echo 2 ;; 4x6) echo 0 ;; 4x7) echo 3 ;; 4x8) echo 0 ;;
        5x5) echo 0 ;; 5x6) echo 2 ;; 5x7) echo 1 ;; 6x6) echo 0 ;; 6x7) echo 5 ;;
        4x11) echo 1 ;; *) echo "" ;;
    esac
}
r=1
while [ $r -le 5 ]; do
    c=$r
    while [ $((r * c)) -le 32 ]; do
        want=$(published $r $c)
        if [ $r = 1 ]; then
            want=$(echo "$dk" | cut -d' ' -f$((c + 1)))
        elif [ -z "$want" ] && [ $((r % 2)) = 0 ] && [ $((c % 2)) = 0 ]; then
            want=0
        elif [ -z "$want" ] && [ $(((r + c) % 2)) = 1 ]; then
            want=nonzero
        fi
        check "$($B cram $r $c)" 30 $want
        c=$((c + 1))
    done
    r=$((r + 1))
done

echo "== Chomp, every rectangle up to 12 x 12 (goal < 10 s each, winning move verified)"
r=1
while [ $r -le 12 ]; do
    c=$r
    while [ $c -le 12 ]; do
        line=$($B chomp $r $c)
        if [ $r = 1 ] && [ $c = 1 ]; then
            check "$line" 10 0
        else
            check "$line" 10 nonzero
        fi
        if [ $r = $c ] && [ $r -ge 2 ] && ! echo "$line" | grep -q 'move=(1,1)'; then
            echo "  FAIL: a square board not won by (1, 1)"; fails=$((fails + 1))
        fi
        c=$((c + 1))
    done
    r=$((r + 1))
done

if [ -n "${STRETCH:-}" ]; then
    echo "== stretch: Node Kayles 60 vertices (60 s), Cram 5x7 6x7 4x11, Chomp 14x14 (60 s)"
    check "$($B nk 60 0.12 1)" 60
    check "$($B cram 5 7)" 600 1
    check "$($B cram 4 11)" 600 1
    check "$($B cram 6 7)" 1800 5
    check "$($B chomp 14 14)" 60 nonzero
fi
echo "search: $fails checks failed"
[ "$fails" = 0 ]
