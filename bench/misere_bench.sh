#!/bin/sh
# Misère quotients of the one- and two-digit octal codes and a few
# three-digit ones (bench/misere_bench.c), each built until proven complete
# or stopped by a limit (heaps up to MAX_HEAP, default 200).  Lines
# "misere: CODE ..." are what bench/RESULTS.md quotes.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${BUILD:-build}
OUT="$HERE/../$BUILD/bench"
mkdir -p "$OUT"
make -s -C "$HERE/.." BUILD="$BUILD" "$BUILD/libgrundy.a" >&2
cc -O2 -std=c11 -I"$HERE/../include" -o "$OUT/misere_bench" "$HERE/misere_bench.c" \
    "$HERE/../$BUILD/libgrundy.a"
"$OUT/misere_bench" "${MAX_HEAP:-200}"
