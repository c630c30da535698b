#!/bin/sh
# Domineering's larger rectangles against Obsequi, one run, one player
# moving first at a time: on these boards one side is proved in minutes
# and the other in hours, so each side has its own row.  For each board
# and side, one after the other: grundyd's one-side solve
# (bench/partizan_bench outcome1 R C L|R: the 128-bit search alone) and
# Obsequi's solve with the same player first (Left = V, the vertical
# player; Right = H), each capped at $CAP CPU seconds (default 1200) and
# timed in CPU seconds (user + system, process start included).  A capped
# solve is "(cap)", with no ratio; grundyd's stopped line still gives its
# nodes and table use (partizan_bench stops at the soft cap, SIGXCPU).
# The answers are compared: the script fails on a disagreement.
#
#   CAP=600 bench/domineering_big.sh [RxC[:SIDES] ...]
#
# SIDES is L, R or LR (default LR); default boards 8x8 10x8 8x10 9x9:L
# (9 x 9 is its own transposition: Right first is Left first, turned).
# Obsequi is built as bench/domineering_obsequi.sh's top says, 2^24 table
# entries past 64 cells, 2^20 up to 64 ($OBSEQUI_BITS overrides).
# OLD=path/to/partizan_bench (an older build's) adds its time and nodes to
# each row, run just before the new build's: old and new and Obsequi in
# one run.
set -eu
. "$(dirname "$0")/obsequi_common.sh"
CAP=${CAP:-1200}

cpu() { # FILE: the "U+S" line /usr/bin/time wrote last, summed
    tail -n 1 "$1" | awk -F+ '{ printf "%.2f", $1 + $2 }'
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores; cap $CAP CPU s a solve;" \
    "commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'); $(date -u '+%Y-%m-%d %H:%M UTC')"
OLD=${OLD:-}
if [ -n "$OLD" ]; then
    printf '| board | first | wins? | old s | grundyd s | Obsequi s | ratio | old nodes | grundyd nodes | Obsequi nodes | grundyd table (used / entries) |\n'
    printf '|---|---|---|---|---|---|---|---|---|---|---|\n'
else
    printf '| board | first | wins? | grundyd s | Obsequi s | ratio | grundyd nodes | Obsequi nodes | grundyd table (used / entries) |\n'
    printf '|---|---|---|---|---|---|---|---|---|\n'
fi
fails=0
for spec in ${*:-8x8 10x8 8x10 9x9:L}; do
    b=${spec%%:*}
    sides=LR
    [ "$b" = "$spec" ] || sides=${spec#*:}
    r=${b%x*}
    c=${b#*x}
    bits=${OBSEQUI_BITS:-}
    [ -n "$bits" ] || { if [ $((r * c)) -le 64 ]; then bits=20; else bits=24; fi; }
    for side in $(echo "$sides" | sed 's/./& /g'); do
        o=V
        [ "$side" = L ] || o=H
        old=
        if [ -n "$OLD" ]; then
            (ulimit -S -t "$CAP" && exec /usr/bin/time -f %U+%S -o "$TMP/tx" "$OLD" outcome1 "$r" "$c" "$side") \
                >"$TMP/x" 2>&1 || true
            xs=$(cpu "$TMP/tx")
            grep -q 'outcome=' "$TMP/x" || xs="$xs (cap)"
            old="$xs | $(sed -n 's/.* nodes=\([0-9]*\).*/\1/p' "$TMP/x") |"
        fi
        # the soft CPU cap: the kernel's SIGXCPU, which partizan_bench turns into a stop
        (ulimit -S -t "$CAP" && exec /usr/bin/time -f %U+%S -o "$TMP/tg" "$B" outcome1 "$r" "$c" "$side") \
            >"$TMP/g" 2>&1 || true
        echo "solve rows $r cols $c bits $bits $o" |
            (ulimit -t "$CAP" && exec /usr/bin/time -f %U+%S -o "$TMP/to" "$OBSEQUI") >"$TMP/o" 2>&1 || true
        gw=$(sed -n 's/.*outcome=[LR]-first-\([a-z]*\).*/\1/p' "$TMP/g")
        gn=$(sed -n 's/.* nodes=\([0-9]*\).*/\1/p' "$TMP/g")
        gt=$(sed -n 's/.* tt_used=\([0-9]*\) tt_entries=\([0-9]*\).*/\1 \/ \2/p' "$TMP/g")
        ow=$(sed -n 's/^winner \([VH]\),.*/\1/p' "$TMP/o")
        on=$(sed -n 's/^winner.*nodes \([0-9,]*\)\..*/\1/p' "$TMP/o" | tr -d ,)
        g=$(cpu "$TMP/tg")
        os=$(cpu "$TMP/to")
        oa=
        [ -z "$ow" ] || { if [ "$ow" = "$o" ]; then oa=wins; else oa=loses; fi; }
        ratio=$(awk -v a="$g" -v b="$os" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
        [ -n "$gw" ] || { g="$g (cap)"; ratio=-; }
        [ -n "$oa" ] || { os="$os (cap)"; ratio=-; }
        ans=${gw:-$oa}
        if [ -n "$gw" ] && [ -n "$oa" ] && [ "$gw" != "$oa" ]; then
            ans="DISAGREE (grundyd $gw, Obsequi $oa)"
            fails=$((fails + 1))
        fi
        if [ -n "$OLD" ]; then
            echo "| ${r}x$c | $side ($o) | ${ans:-unfinished} | ${old%%|*}| $g | $os | $ratio |${old#*|} $gn | $on | $gt |"
        else
            echo "| ${r}x$c | $side ($o) | ${ans:-unfinished} | $g | $os | $ratio | $gn | $on | $gt |"
        fi
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "domineering_big: $fails disagreements"
[ "$fails" -eq 0 ]
