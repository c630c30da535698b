#!/bin/sh
# Sums with large Domineering components (issue 37 item 4): the build that
# values every component (OLD_REV, default f25fbc8, before the components
# were searched as positions) against this tree's build, and MCGS v1.5 on
# the same sums, interleaved per sum in one run (bench/sum_positions.py).
#
#   bench/sum_positions.sh [OLD_REV] [rulesets]
#
# With "rulesets", the ruleset sums of bench/sum_positions.py (Clobber,
# NoGo, Konane, Amazons, Toads and Frogs components plus *) instead of the
# Domineering ones.
#
# OLD_REV is built from `git archive` into a scratch directory; MCGS is
# $MCGS_DIR (default /work/peers/mcgs-v1.5, built as bench/mcgs_sums.sh
# says; "-" to leave it out); each program may take $TIMEOUT s a sum
# (default 20).  Fails on any disagreement.
set -eu
cd "$(dirname "$0")/.."
OLD_REV=${1:-f25fbc8}
BUILD=${BUILD:-build}
TIMEOUT=${TIMEOUT:-20}
MCGS_DIR=${MCGS_DIR:-/work/peers/mcgs-v1.5}
[ -x "$MCGS_DIR/MCGS" ] || MCGS_DIR=-
OLD=$(mktemp -d)
trap 'rm -rf "$OLD"' EXIT INT TERM
git archive "$OLD_REV" | tar -x -C "$OLD"
make -C "$OLD" -j2 all >/dev/null
make -j2 all >/dev/null
echo "old: $OLD_REV; new: $(git rev-parse --short HEAD)$(git diff --quiet || echo '+changes'); $(uptime)"
python3 bench/sum_positions.py "$OLD/build/grundyd" "$BUILD/grundyd" "$MCGS_DIR" "$TIMEOUT" ${2:-}
