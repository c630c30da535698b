# Sourced by bench/domineering_obsequi.sh and bench/domineering_big.sh:
# Obsequi's binary (built outside the repository as domineering_obsequi.sh
# describes), partizan_bench built against $BUILD/libgrundy.a as $B, and a
# scratch directory $TMP removed on exit.
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
OBSEQUI=${OBSEQUI:-${OBSEQUI_DIR:-/work/peers/obsequi}/obsequi/Obsequi}
[ -x "$OBSEQUI" ] || { echo "no Obsequi at $OBSEQUI (see the top of bench/domineering_obsequi.sh)" >&2; exit 2; }
mkdir -p "$BUILD/bench"
cc -std=c11 -O2 -g -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -o "$BUILD/bench/partizan_bench" \
    bench/partizan_bench.c "$BUILD/libgrundy.a" -lm
B="$BUILD/bench/partizan_bench"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM
