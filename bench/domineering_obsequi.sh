#!/bin/sh
# Domineering outcomes, grundyd's core against Obsequi (N. Bullock's solver,
# github.com/nathanbullock/obsequi, GPLv2), interleaved in one run.
#
#   bench/domineering_obsequi.sh [R1xC1 R2xC2 ...]
#
# Default boards: every rectangle from 2 x 2 to 8 x 8.  For each board,
# one after the other: grundyd's outcome class (bench/partizan_bench
# outcome R C: Left first and Right first in one process) and Obsequi's
# two solves ("V" first, then "H" first), each timed in CPU seconds
# (user + system, /usr/bin/time), and the ratio grundyd / Obsequi.  The
# two answers are compared: the script fails on any disagreement.
#
# Obsequi is built outside the repository (never vendored; GPLv2): fetch
# its source to $OBSEQUI_DIR (default /work/peers/obsequi) and build the
# command-line solver:
#     cd $OBSEQUI_DIR/obsequi && mkdir -p objs
#     (score-board.cc's protobuf export, score_board_get_metrics, is
#      wrapped in #ifndef OBSEQUI_NO_PROTO: the solver never calls it and
#      the machine has no protoc)
#     F="-std=c++11 -O3 -march=native -include cstdio -include cstdlib \
#        -include cstring -DOBSEQUI_NO_PROTO"
#     for f in obsequi base board negamax positional-values move \
#              transposition stats bitops score-board; do
#         g++ $F -c $f.cc -o objs/$f.o; done
#     g++ $F objs/*.o -o Obsequi
# Obsequi's table has 2^bits entries, allocated and cleared up front; bits
# is $OBSEQUI_BITS (default: 16 under 40 cells, 20 up to 64 cells -- the
# fastest of 20/22/24/26 on 8 x 8 on this machine -- else 24).
#
# CAP=S caps each solve at S CPU seconds (ulimit -t: CPU time, not wall
# time, so a loaded machine does not cut a run short); a solve stopped by
# it is "cap" in the table and its board counts as unfinished, not as a
# disagreement.  bench/domineering_big.sh runs 8x8, 9x9, 8x10 and 10x8.
set -eu
. "$(dirname "$0")/obsequi_common.sh"

boards=${*:-}
if [ -z "$boards" ]; then
    for r in 2 3 4 5 6 7 8; do
        for c in 2 3 4 5 6 7 8; do boards="$boards ${r}x$c"; done
    done
fi

cpu() { # FILE: the "U+S" line /usr/bin/time wrote last, summed
    tail -n 1 "$1" | awk -F+ '{ printf "%.2f", $1 + $2 }'
}

capped() { # COMMAND...: run under the CPU cap, if any
    if [ -n "${CAP:-}" ]; then (ulimit -t "$CAP" && exec "$@"); else "$@"; fi
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
printf '| board | outcome | grundyd s | Obsequi s (V + H) | ratio | grundyd nodes | Obsequi nodes (V + H) |\n'
printf '|---|---|---|---|---|---|---|\n'
fails=0
tg=0
to=0
for b in $boards; do
    r=${b%x*}
    c=${b#*x}
    bits=${OBSEQUI_BITS:-}
    if [ -z "$bits" ]; then
        if [ $((r * c)) -lt 40 ]; then bits=16; elif [ $((r * c)) -le 64 ]; then bits=20; else bits=24; fi
    fi
    capped /usr/bin/time -f %U+%S -o "$TMP/tg" "$B" outcome "$r" "$c" >"$TMP/g" 2>&1 || true
    echo "solve rows $r cols $c bits $bits V" | capped /usr/bin/time -f %U+%S -o "$TMP/tv" "$OBSEQUI" >"$TMP/v" 2>&1 || true
    echo "solve rows $r cols $c bits $bits H" | capped /usr/bin/time -f %U+%S -o "$TMP/th" "$OBSEQUI" >"$TMP/h" 2>&1 || true
    o=$(sed -n 's/.*outcome=\([LRNP]\).*/\1/p' "$TMP/g")
    gn=$(sed -n 's/.* nodes=\([0-9]*\).*/\1/p' "$TMP/g")
    # Obsequi: "winner V" with V first means Left wins moving first
    wv=$(sed -n 's/^winner \([VH]\),.*/\1/p' "$TMP/v")
    wh=$(sed -n 's/^winner \([VH]\),.*/\1/p' "$TMP/h")
    nv=$(sed -n 's/^winner.*nodes \([0-9,]*\)\..*/\1/p' "$TMP/v" | tr -d ,)
    nh=$(sed -n 's/^winner.*nodes \([0-9,]*\)\..*/\1/p' "$TMP/h" | tr -d ,)
    case "$wv$wh" in
    VH) oo=N ;; VV) oo=L ;; HH) oo=R ;; HV) oo=P ;; *) oo=? ;;
    esac
    g=$(cpu "$TMP/tg")
    ov=$(cpu "$TMP/tv")
    oh=$(cpu "$TMP/th")
    os=$(awk -v a="$ov" -v b="$oh" 'BEGIN { printf "%.2f", a + b }')
    ratio=$(awk -v a="$g" -v b="$os" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    tg=$(awk -v a="$tg" -v b="$g" 'BEGIN { printf "%.2f", a + b }')
    to=$(awk -v a="$to" -v b="$os" 'BEGIN { printf "%.2f", a + b }')
    mark=
    [ -n "$o" ] || { o=cap; g="$g (cap)"; }
    [ -n "$wv" ] || ov="$ov (cap)"
    [ -n "$wh" ] || oh="$oh (cap)"
    if [ "$o" = cap ] || [ "$oo" = "?" ]; then
        mark=" (unfinished)"
        ratio="-" # a capped time is a lower bound: no ratio
    elif [ "$o" != "$oo" ]; then
        mark=" DISAGREE (Obsequi $oo)"
        fails=$((fails + 1))
    fi
    echo "| ${r}x$c | $o$mark | $g | $os ($ov + $oh) | $ratio | $gn | $nv + $nh |"
done
echo "| total | | $tg | $to | $(awk -v a="$tg" -v b="$to" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }') | | |"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); Obsequi bits: ${OBSEQUI_BITS:-16 / 20 / 24 by size}"
echo "domineering_obsequi: $fails disagreements"
[ "$fails" -eq 0 ]
