#!/bin/sh
# Partizan sums: grundyd's POST /v1/sum against MCGS v1.5 (Folkersen, Müller
# and Du's minimax solver for sums, github.com/ualberta-mueller-group/MCGS,
# MIT licence) on MCGS's own autotest files, interleaved per file in one run.
#
#   bench/mcgs_sums.sh [AUTOTEST_FILE ...]     (relative to input/autotests)
#
# Default files: the autotest files with sums of several games grundyd has
# (Toppling Dominoes rows, the basic CGT types, misc) and with boards that
# split into several regions (Clobber, Domineering, Amazons; no NoGo file
# has such a case); only those cases, sums of two or more components, are
# taken (clobber_from_1xn_le_N repeats clobber_1xn_le_N as grids: one of
# them is enough); see
# bench/mcgs_sums.py for the translation, what is timed and how.  Each case
# may run $TIMEOUT seconds (default 10) in both programs: MCGS's
# --test-timeout and grundyd's --max-analysis-seconds.  Fails on any
# disagreement.
#
# MCGS is built outside the repository (never vendored): $MCGS_DIR (default
# /work/peers/mcgs-v1.5) holds the tag v1.5 -- the last release without the
# libs/cgt_lib submodule, which v1.6 added and which cannot be fetched
# here.  When $MCGS_DIR/MCGS is missing, it is made from a git copy of the
# repository ($MCGS_GIT: a clone, or the bare mirror `fetch` leaves):
#     git --git-dir=$MCGS_GIT read-tree v1.5 (into a scratch index; blobs the
#       mirror lacks -- experiments/acg_2025's data -- are dropped from it)
#     git checkout-index -a --prefix=$MCGS_DIR/
#     make -C $MCGS_DIR -j2 MCGS DEBUG=0     (-O3 -march=native, NDEBUG; ~6 min)
# It runs without a database file (none is shipped; --no-use-db is implied).
set -eu
cd "$(dirname "$0")/.."
HERE=$PWD/bench
BUILD=${BUILD:-build}
TIMEOUT=${TIMEOUT:-10}
MCGS_DIR=${MCGS_DIR:-/work/peers/mcgs-v1.5}
MCGS_GIT=${MCGS_GIT:-/work/.mirror/ualberta-mueller-group+MCGS/repo}

if [ ! -x "$MCGS_DIR/MCGS" ]; then
    [ -d "$MCGS_GIT" ] || { echo "no MCGS at $MCGS_DIR and no git copy at $MCGS_GIT (see the top of $0)" >&2; exit 2; }
    mkdir -p "$MCGS_DIR"
    IDX=$(mktemp)
    GIT_INDEX_FILE=$IDX git --git-dir="$MCGS_GIT" read-tree v1.5
    git --git-dir="$MCGS_GIT" ls-tree -r v1.5 | while read -r _ _ h p; do
        git --git-dir="$MCGS_GIT" cat-file -e "$h" 2>/dev/null ||
            GIT_INDEX_FILE=$IDX git --git-dir="$MCGS_GIT" update-index --force-remove "$p"
    done
    GIT_INDEX_FILE=$IDX git --git-dir="$MCGS_GIT" checkout-index -a --prefix="$MCGS_DIR/"
    rm -f "$IDX"
    make -C "$MCGS_DIR" -j2 MCGS DEBUG=0 >"$MCGS_DIR/build.log" 2>&1
fi

files=${*:-}
if [ -z "$files" ]; then
    files="toppling_dominoes_autotests/td_3x10.test basic_cgt_autotests/random_cgt_games1.test
        misc_autotests/misc.test misc_autotests/all_game_types.test
        clobber_1xn_autotests/clobber_1xn_le_4_moves.test
        clobber_1xn_autotests/clobber_1xn_le_8_moves.test
        clobber_1xn_autotests/clobber_1xn_le_12_moves.test
        clobber_1xn_autotests/clobber_1xn_le_14_moves.test
        clobber_autotests/clobber_from_1xn_le_14_moves.test
        amazons_autotests/4x4.test domineering_autotests/4x4_easy.test
        domineering_autotests/7x7_15_stones.test domineering_autotests/7x7_20_stones.test
        domineering_autotests/6x6.test toppling_dominoes_autotests/td_3x20.test"
fi

make -s -j2 BUILD="$BUILD" all >/dev/null
. "$HERE/lib.sh"
GRUNDYD=${GRUNDYD:-$PWD/$BUILD/grundyd}
gr_bench_start --log-format off --max-analysis-seconds "$TIMEOUT"

echo "load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores; commit $(git rev-parse --short HEAD); timeout ${TIMEOUT} s a case"
# shellcheck disable=SC2086
python3 "$HERE/mcgs_sums.py" "$URL" "$PID" "$MCGS_DIR" "$TIMEOUT" $files 2>"$TMP/err" || rc=$?
cat "$TMP/err" >&2
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
n=$(grep -c DISAGREE "$TMP/err" || true)
echo "mcgs_sums: $n disagreements"
[ "${rc:-0}" -eq 0 ] && [ "$n" -eq 0 ]
