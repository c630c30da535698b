#!/bin/sh
# `make bench`: every benchmark in bench/, in a few minutes, then one table.
#
#   sh bench/run.sh                      (grundyd from build/, like make bench)
#   BUILD=build-x sh bench/run.sh        (another build directory)
#   QUICK=1 sh bench/run.sh              (fewer rounds/repeats: a smoke run)
#   ONLY="small graph" sh bench/run.sh   (a subset: small graph memory tree
#                                         ordinal piles game_graph)
#
# Each part keeps its own script (its owner's), run here with its output
# saved in $BUILD/bench/logs/<part>.log; the figures that the performance
# goals (bench/RESULTS.md, "The table") are about are pulled out of those
# logs into the table at the end (also written to $BUILD/bench/summary.txt).
#   small      bench/small_requests.sh   wrk, grundyd vs a bare libmicrohttpd
#   graph      bench/graph_bench.sh      10^6-edge graph end to end vs plain C
#   memory     (here)                    VmHWM of a fresh daemon per 10^6-edge
#                                        request, text edge list and JSON
#   tree       bench/tree_bench.sh       10^6-edge Green Hackenbush trees
#   ordinal    (here, bench/ordinal_gen.py bodies)  10^6-node ordinal forests
#   piles      bench/piles_bench.py      huge piles, long periods, octal codes
#   game_graph bench/game_graph_bench.sh 10^6-move loopy game graphs
#   octal      bench/octal_bench.sh      0.56, 0.354, 0.376, Grundy's game vs a
#                                        reference (only when ONLY names it)
# Generated inputs are seeded and cached in $DATA (default
# /tmp/grundyd-bench-data; the graph inputs in /tmp/grundyd-graph-bench).
set -eu
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
DATA=${DATA:-/tmp/grundyd-bench-data}
ONLY=${ONLY:-small graph memory tree ordinal piles game_graph}
if [ -n "${QUICK:-}" ]; then
    SMALL_ROUNDS=1 SMALL_SECS=3 REPEAT=1
else
    SMALL_ROUNDS=${SMALL_ROUNDS:-4} SMALL_SECS=${SMALL_SECS:-8} REPEAT=${REPEAT:-3}
fi
LOGS=$BUILD/bench/logs
mkdir -p "$LOGS" "$DATA"
SUMMARY=$BUILD/bench/summary.txt
: > "$SUMMARY.rows"
make -s BUILD="$BUILD" all >/dev/null
BIN=$ROOT/$BUILD/grundyd

want() { case " $ONLY " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
say() { printf '%s\n' "$*" >&2; }
# row NAME FIGURE GOAL STATUS
row() { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >> "$SUMMARY.rows"; }
# verdict VALUE OP LIMIT -> met / MISSED / ?
verdict() {
    awk -v v="$1" -v op="$2" -v l="$3" 'BEGIN {
        if (v == "" || v == "-") { print "?"; exit }
        ok = (op == "<=") ? (v + 0 <= l + 0) : (v + 0 >= l + 0);
        print ok ? "met" : "MISSED" }'
}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
PID=
stop_daemon() {
    if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; PID=; fi
}
trap 'stop_daemon' EXIT INT TERM
start_daemon() { # sets PID and URL; a fresh daemon, log off
    PORT=$(free_port)
    "$BIN" --bind 127.0.0.1 --port "$PORT" --log-format off >/dev/null 2>&1 &
    PID=$!
    URL=http://127.0.0.1:$PORT
    i=0
    until curl -s -o /dev/null "$URL/healthz"; do
        i=$((i + 1)); [ $i -lt 200 ] || { say "grundyd did not start"; exit 1; }
        sleep 0.05
    done
}

START=$(date -u '+%Y-%m-%d %H:%M:%S UTC')
LOAD0=$(cut -d' ' -f1-3 /proc/loadavg)
T0=$(date +%s)

# ---- small requests ----------------------------------------------------------
if want small; then
    say "== small requests (bench/small_requests.sh $SMALL_ROUNDS rounds x ${SMALL_SECS}s)"
    BUILD=$BUILD sh bench/small_requests.sh "$SMALL_ROUNDS" "$SMALL_SECS" | tee "$LOGS/small.log" >&2
    r_off=$(awk '/^small-requests ratio/ {print $3}' "$LOGS/small.log")
    r_txt=$(awk '/^small-requests ratio/ {print $6}' "$LOGS/small.log")
    c_off=$(awk '/^small-requests cpu ratio/ {print $4}' "$LOGS/small.log")
    c_txt=$(awk '/^small-requests cpu ratio/ {print $7}' "$LOGS/small.log")
    bad=$(awk '/^small-requests ratio/ {print $NF}' "$LOGS/small.log")
    rps=$(awk '/^mean req\/s/ {gsub(",", ""); print $4 " / " $8 " / " $12}' "$LOGS/small.log")
    cpu=$(awk '/^mean server cpu/ {gsub(",", ""); print $6 " / " $10 " / " $14}' "$LOGS/small.log")
    row "small: req/s bare / grundyd log off / text log" "$rps" "" ""
    row "small: server CPU us/req bare / off / text" "$cpu" "" ""
    row "small: req/s ratio grundyd/bare, log off" "${r_off}x" ">= 0.9x" "$(verdict "$r_off" '>=' 0.9)"
    row "small: req/s ratio grundyd/bare, text log" "${r_txt}x" ">= 0.9x" "$(verdict "$r_txt" '>=' 0.9)"
    row "small: CPU/req ratio bare/grundyd, log off" "${c_off}x" "(>= 0.9x)" "$(verdict "$c_off" '>=' 0.9)"
    row "small: CPU/req ratio bare/grundyd, text log" "${c_txt}x" "(>= 0.9x)" "$(verdict "$c_txt" '>=' 0.9)"
    row "small: grundyd non-2xx answers" "$bad" "0" "$(verdict "$bad" '<=' 0)"
    lat=$(awk '/^mean latency/ {gsub(",", ""); print $6 " / " $10 " / " $14}' "$LOGS/small.log")
    row "small: latency p50/p99 ms bare / off / text" "$lat" "" ""
    awk -F': ' '/^extra / { sub(/^extra /, "", $1); printf "small: patched build %s\t%s\t\t\n", $1, $2 }' \
        "$LOGS/small.log" | sort >> "$SUMMARY.rows"
fi

# ---- graphs: end to end against the plain-C baseline ---------------------------
if want graph; then
    say "== Green Hackenbush graphs (bench/graph_bench.sh, min/median of $REPEAT)"
    BUILD=$BUILD REPEAT=$REPEAT PORT=$(free_port) sh bench/graph_bench.sh | tee "$LOGS/graph.log" >&2
    # rows "name  min/median  min/median  min/median" (ms); ratios of the minima
    # (on a shared machine other work only ever adds time) and of the medians
    # shellcheck disable=SC2046 # six numbers, split on purpose
    set -- $(awk '$1 == "random1e6" && NF == 4 && $2 ~ /\// {print $2, $3, $4; exit}' \
             "$LOGS/graph.log" | tr '/' ' ')
    if [ $# -eq 6 ]; then
        rt=$(awk -v b="$1" -v t="$3" 'BEGIN {printf "%.2f", t / b}')
        rj=$(awk -v b="$1" -v j="$5" 'BEGIN {printf "%.2f", j / b}')
        mt=$(awk -v b="$2" -v t="$4" 'BEGIN {printf "%.2f", t / b}')
        mj=$(awk -v b="$2" -v j="$6" 'BEGIN {printf "%.2f", j / b}')
        row "graph 10^6 edges: baseline (plain C, value only), min/median" "$1 / $2 ms" "" ""
        row "graph 10^6 edges: text edge list, HTTP value+move" "$3 / $4 ms = ${rt}x / ${mt}x" "<= 1.0x" "$(verdict "$rt" '<=' 1.0)"
        row "graph 10^6 edges: JSON, HTTP value+move" "$5 / $6 ms = ${rj}x / ${mj}x" "<= 1.5x" "$(verdict "$rj" '<=' 1.5)"
    else
        row "graph 10^6 edges" "no figure (see $LOGS/graph.log)" "" "?"
    fi
    awk 'NF == 4 && $1 != "input" && $1 != "random1e6" && $2 ~ /\// {
            printf "graph %s: baseline / text / JSON, min/median ms\t%s  %s  %s\t\t\n", $1, $2, $3, $4 }
         /^ring30000 all moves/ { printf "graph ring30000, all winning moves: text / JSON\t%s  %s\t\t\n", $5, $6 }' \
        "$LOGS/graph.log" >> "$SUMMARY.rows"
fi

# ---- peak memory of a 10^6-edge request: a fresh daemon each --------------------
if want memory; then
    say "== peak memory (VmHWM of a fresh grundyd per request)"
    G=/tmp/grundyd-graph-bench
    [ -f "$G/random1e6.txt" ] || python3 bench/graph_gen.py random 1000000 1 "$G/random1e6"
    : > "$LOGS/memory.log"
    for kind in txt:text/plain:100 json:application/json:300; do
        ext=${kind%%:*}; rest=${kind#*:}; ct=${rest%%:*}; goal=${rest#*:}
        start_daemon
        before=$(awk '/^VmHWM/ {print $2}' "/proc/$PID/status")
        code=$(curl -s -o /dev/null -w '%{http_code}' -H "Content-Type: $ct" \
               --data-binary @"$G/random1e6.$ext" "$URL/v1/hackenbush/graph")
        after=$(awk '/^VmHWM/ {print $2}' "/proc/$PID/status")
        stop_daemon
        mb=$(awk -v k="$after" 'BEGIN {printf "%.0f", k / 1024}')
        echo "random1e6.$ext HTTP $code VmHWM before ${before} kB after ${after} kB" | tee -a "$LOGS/memory.log" >&2
        row "graph 10^6 edges: peak memory, $ct" "$mb MB (HTTP $code)" "<= $goal MB" "$(verdict "$mb" '<=' "$goal")"
    done
fi

# ---- trees -------------------------------------------------------------------
if want tree; then
    say "== Green Hackenbush trees, 10^6 edges (bench/tree_bench.sh)"
    GRUNDYD=$BIN RUNS=$REPEAT sh bench/tree_bench.sh | tee "$LOGS/tree.log" >&2
    awk 'NR > 1 && NF >= 4 { printf "tree 10^6 edges, %s (all moves)\t%.0f ms (%s MB body)\t\t\n", $1, $3 * 1000, $2 }' \
        "$LOGS/tree.log" >> "$SUMMARY.rows"
fi

# ---- ordinal forests -----------------------------------------------------------
if want ordinal; then
    say "== ordinal trees, 10^6 nodes (bench/ordinal_gen.py bodies, best of $REPEAT)"
    mkdir -p "$DATA/ordinal"
    : > "$LOGS/ordinal.log"
    start_daemon
    for kind in random star bushy; do
        f=$DATA/ordinal/$kind-1000000.json
        [ -f "$f" ] || python3 bench/ordinal_gen.py 1000000 1 "$kind" > "$f"
        best=
        for _ in $(seq "$REPEAT"); do
            t=$(curl -s -o "$DATA/ordinal/out" -w '%{http_code} %{time_total}' \
                -H 'Content-Type: application/json' --data-binary @"$f" "$URL/v1/ordinal-trees")
            best=$(echo "${t#* } $best" | tr ' ' '\n' | grep . | sort -g | head -1)
        done
        out=$(wc -c < "$DATA/ordinal/out")
        echo "$kind HTTP ${t% *} best ${best} s, body $(wc -c < "$f") bytes, answer $out bytes" | tee -a "$LOGS/ordinal.log" >&2
        row "ordinal forest 10^6 nodes, $kind (all moves)" \
            "$(awk -v s="$best" 'BEGIN {printf "%.0f ms", s * 1000}') (HTTP ${t% *})" "" ""
    done
    stop_daemon
fi

# ---- piles ---------------------------------------------------------------------
if want piles; then
    say "== subtraction and octal games (bench/piles_bench.py)"
    GRUNDYD=$BIN RUNS=$REPEAT python3 bench/piles_bench.py | tee "$LOGS/piles.log" >&2
    # "  228.0 ms  200    2.20 MB in   2.29 MB out  NAME  FACTS"
    awk '$2 == "ms" && $5 == "MB" {
            ms = $1; name = "";
            for (i = 10; i <= NF && $i !~ /^(period|values|moves)=/; i++) name = name (name == "" ? "" : " ") $i;
            printf "piles: %s\t%.1f ms (HTTP %s)\t\t\n", name, ms, $3 }' "$LOGS/piles.log" >> "$SUMMARY.rows"
fi

# ---- octal games at research scale (optional: ONLY="... octal", ~2 min) ---------
if want octal; then
    say "== octal games at research scale (bench/octal_bench.sh)"
    BUILD=$BUILD GRUNDYD=$BIN sh bench/octal_bench.sh | tee "$LOGS/octal.log" >&2
    # "octal: CODE  period ... reference R s  grundyd G s end to end (ratio X) ..."
    awk '/^octal: / { for (i = 1; i <= NF; i++) { if ($i == "reference" && $(i + 2) == "s") r = $(i + 1);
                                               if ($i == "grundyd") g = $(i + 1) }
                      printf "octal %s (vs reference %s s)\t%s s\t\t\n", $2, r, g }' \
        "$LOGS/octal.log" >> "$SUMMARY.rows"
fi

# ---- game graphs ---------------------------------------------------------------
if want game_graph; then
    if [ -f bench/game_graph_bench.sh ]; then
        say "== game graphs, 10^5 positions, 10^6 moves (bench/game_graph_bench.sh)"
        GRUNDYD=$BIN RUNS=$REPEAT sh bench/game_graph_bench.sh | tee "$LOGS/game_graph.log" >&2
        awk '{ for (i = 1; i < NF; i++) if ($i ~ /^[0-9.]+$/ && $(i + 1) == "s") {
                 printf "game graph %s, %s positions %s moves\t%.0f ms\t\t\n", $1, $2, $4, $i * 1000; break } }' \
            "$LOGS/game_graph.log" >> "$SUMMARY.rows"
    fi
fi

# ---- the table -----------------------------------------------------------------
T1=$(date +%s)
{
    echo "grundyd benchmarks, $START, $(( T1 - T0 )) s"
    echo "machine: $(nproc) cores, $(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo), kernel $(uname -r)"
    echo "load average at start $LOAD0, at end $(cut -d' ' -f1-3 /proc/loadavg) (higher than the core count = shared machine: noisy)"
    echo "logs: $LOGS/"
    echo
    awk -F '\t' '
        { n++; a[n] = $1; b[n] = $2; c[n] = $3; d[n] = $4; if (length($1) > w) w = length($1);
          if (length($2) > v) v = length($2) }
        END {
            printf "%-" w "s  %-" v "s  %-10s %s\n", "benchmark", "figure", "goal", "status";
            for (i = 1; i <= n; i++) printf "%-" w "s  %-" v "s  %-10s %s\n", a[i], b[i], c[i], d[i]
        }' "$SUMMARY.rows"
} > "$SUMMARY"
rm -f "$SUMMARY.rows"
echo
cat "$SUMMARY"
