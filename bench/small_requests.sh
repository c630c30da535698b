#!/bin/sh
# Small requests: wrk against grundyd's POST /v1/nim and against a bare
# libmicrohttpd server with the same threading (bench/bare_server.c) that
# reads the body and answers a fixed document.  Rounds alternate between
# the servers in one run so drift on the machine hits both alike, and the
# order rotates from round to round so no server always runs first.
#
#   sh bench/small_requests.sh [ROUNDS] [SECONDS]     (defaults 3 and 8)
#   BUILD=build-x CONNS=64 sh bench/small_requests.sh  (grundyd from $BUILD)
#   EXTRA="p1=/path/grundyd p2=/other/grundyd" sh bench/small_requests.sh
#       also runs those daemons (log off) in the same alternation, to
#       measure what a change buys (bench/RESULTS.md)
#
# Two figures per server:
#   req/s      -- wrk's requests per second (wrk runs on the same cores, as
#                 the goals in bench/RESULTS.md ask: loopback, same machine);
#   cpu_us/req -- the server process's CPU time (utime+stime from
#                 /proc/PID/stat) over the requests wrk completed in that
#                 round.  It is the cost of one request to the server and is
#                 much less disturbed than req/s when other work shares
#                 the machine.
# Prints a table and two summary lines, "small-requests ratio R ..." (mean
# req/s over mean req/s) and "small-requests cpu ratio C ..." (bare's
# cpu_us/req over grundyd's: >= 0.9 means grundyd costs at most 1/0.9 of
# the bare server per request).
set -eu
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
SECS=${2:-8}
CONNS=${CONNS:-64}
THREADS=$(nproc)
BUILD=${BUILD:-build}
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null; }
mkdir -p "$BUILD/bench"
# shellcheck disable=SC2046 # compiler flags, split on purpose
cc -O2 -std=c11 -D_DEFAULT_SOURCE -o "$BUILD/bench/bare_server" bench/bare_server.c \
   $(pkg-config --cflags --libs libmicrohttpd) -lpthread
[ -x "$BUILD/grundyd" ] || make -s BUILD="$BUILD" all

port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
P_BARE=$(port); P_OFF=$(port); P_LOG=$(port)
"$BUILD/bench/bare_server" "$P_BARE" "$THREADS" & BARE=$!
"$BUILD/grundyd" --bind 127.0.0.1 --port "$P_OFF" --log-format off 2>/dev/null & GOFF=$!
"$BUILD/grundyd" --bind 127.0.0.1 --port "$P_LOG" 2>/dev/null & GLOG=$!
EXTRA=${EXTRA:-}
XPIDS=
XLIST=
for x in $EXTRA; do
    p=$(port)
    "${x#*=}" --bind 127.0.0.1 --port "$p" --log-format off 2>/dev/null &
    XPIDS="$XPIDS $!"
    XLIST="$XLIST ${x%%=*}:$p:$!"
done
OUT=$(mktemp)
trap 'kill $BARE $GOFF $GLOG $XPIDS 2>/dev/null; wait 2>/dev/null; rm -f "$OUT" "$OUT.all"' EXIT
sleep 0.5
TICK=$(getconf CLK_TCK)

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

run() { # name port pid
    c0=$(cpu_ticks "$3")
    wrk -t2 -c"$CONNS" -d"${SECS}s" --latency -s bench/nim.lua "http://127.0.0.1:$2/v1/nim" > "$OUT"
    c1=$(cpu_ticks "$3")
    rps=$(awk '/Requests\/sec/ {print $2}' "$OUT")
    reqs=$(awk '/requests in/ {print $1}' "$OUT")
    non2xx=$(awk '/Non-2xx/ {print $5}' "$OUT"); non2xx=${non2xx:-0}
    p50=$(awk '$1=="50%" {print $2}' "$OUT"); p90=$(awk '$1=="90%" {print $2}' "$OUT")
    p99=$(awk '$1=="99%" {print $2}' "$OUT")
    cpu=$(awk -v a="$c0" -v b="$c1" -v t="$TICK" -v n="$reqs" \
          'BEGIN { printf "%.2f", (b - a) / t * 1e6 / (n > 0 ? n : 1) }')
    printf '%-18s %10s %10s %8s %8s %8s %7s\n' "$1" "$rps" "$cpu" "$p50" "$p90" "$p99" "$non2xx"
    echo "$1 $rps $non2xx $cpu $p50 $p99" >> "$OUT.all"
}
printf '%-18s %10s %10s %8s %8s %8s %7s\n' server req/s cpu_us/req p50 p90 p99 non2xx
# Each round starts one server later than the one before: a server's place
# in the round matters (the one after another keeps more of its TIME_WAIT
# sockets and cache misses; the same binary measured 2nd and 4th differed by
# ~0.8 us/req), so every server takes every place in turn.
SERVERS="bare:$P_BARE:$BARE grundyd-log-off:$P_OFF:$GOFF grundyd-log-text:$P_LOG:$GLOG $XLIST"
NSERVERS=$(echo $SERVERS | wc -w)
for r in $(seq "$ROUNDS"); do
    shift_by=$(( (r - 1) % NSERVERS ))
    i=0
    ORDER=
    for x in $SERVERS; do
        if [ "$i" -ge "$shift_by" ]; then ORDER="$ORDER $x"; fi
        i=$((i + 1))
    done
    i=0
    for x in $SERVERS; do
        if [ "$i" -lt "$shift_by" ]; then ORDER="$ORDER $x"; fi
        i=$((i + 1))
    done
    for x in $ORDER; do
        n=${x%%:*}; rest=${x#*:}
        run "$n" "${rest%%:*}" "${rest#*:}"
    done
done
awk '
  function ms(x) { return x ~ /us$/ ? x / 1000 : x ~ /ms$/ ? x + 0 : x ~ /s$/ ? x * 1000 : x }
  { sum[$1] += $2; cpu[$1] += $4; n[$1]++; xbad[$1] += $3; p50[$1] += ms($5); p99[$1] += ms($6);
    bad += ($1 == "grundyd-log-off" || $1 == "grundyd-log-text") ? $3 : 0 }
  END {
    b = sum["bare"] / n["bare"]; o = sum["grundyd-log-off"] / n["grundyd-log-off"];
    l = sum["grundyd-log-text"] / n["grundyd-log-text"];
    cb = cpu["bare"] / n["bare"]; co = cpu["grundyd-log-off"] / n["grundyd-log-off"];
    cl = cpu["grundyd-log-text"] / n["grundyd-log-text"];
    printf "mean req/s: bare %.0f, grundyd (log off) %.0f, grundyd (text log) %.0f\n", b, o, l;
    printf "mean server cpu us/req: bare %.2f, grundyd (log off) %.2f, grundyd (text log) %.2f\n", cb, co, cl;
    printf "small-requests ratio %.3f (log off), %.3f (text log); grundyd non-2xx %d\n", o / b, l / b, bad;
    printf "small-requests cpu ratio %.3f (log off), %.3f (text log)\n", cb / co, cb / cl;
    printf "mean latency p50/p99 ms: bare %.2f/%.2f, grundyd (log off) %.2f/%.2f, grundyd (text log) %.2f/%.2f\n",
           p50["bare"] / n["bare"], p99["bare"] / n["bare"],
           p50["grundyd-log-off"] / n["grundyd-log-off"], p99["grundyd-log-off"] / n["grundyd-log-off"],
           p50["grundyd-log-text"] / n["grundyd-log-text"], p99["grundyd-log-text"] / n["grundyd-log-text"];
    for (k in n) if (k != "bare" && k !~ /^grundyd-log-/)
        printf "extra %s: mean req/s %.0f (ratio %.3f), cpu us/req %.2f (cpu ratio %.3f), p50/p99 %.2f/%.2f ms, non-2xx %d\n",
               k, sum[k] / n[k], sum[k] / n[k] / b, cpu[k] / n[k], cb / (cpu[k] / n[k]),
               p50[k] / n[k], p99[k] / n[k], xbad[k]
  }' "$OUT.all"
