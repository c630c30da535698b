#!/bin/sh
# Misère quotients of the one- and two-digit octal codes and the
# three-digit ones the Plambeck-Siegel supplement lists as solved
# (bench/misere_bench.c; ALL3=1 adds every three-digit code), each built
# until proven complete or stopped by a limit (heaps up to MAX_HEAP,
# default 400).  Lines "misere: CODE ..." are what bench/RESULTS.md quotes.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${BUILD:-build}
OUT="$HERE/../$BUILD/bench"
mkdir -p "$OUT"
make -s -C "$HERE/.." BUILD="$BUILD" "$BUILD/libgrundy.a" >&2
cc -O2 -std=c11 -I"$HERE/../include" -o "$OUT/misere_bench" "$HERE/misere_bench.c" \
    "$HERE/../$BUILD/libgrundy.a"
"$OUT/misere_bench" "${MAX_HEAP:-400}" ${ALL3:+all3}
