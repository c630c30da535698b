#!/bin/sh
# Small requests: wrk against grundyd's POST /v1/nim and against a bare
# libmicrohttpd server with the same threading (bench/bare_server.c) that
# reads the body and answers a fixed document.  Rounds alternate between
# the servers in one run so drift on the machine hits both alike.
#
#   sh bench/small_requests.sh [ROUNDS] [SECONDS]     (defaults 3 and 8)
# Prints a table and one summary line: "small-requests ratio R".
set -eu
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
SECS=${2:-8}
CONNS=${CONNS:-64}
THREADS=$(nproc)
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null; }
mkdir -p build/bench
cc -O2 -std=c11 -D_DEFAULT_SOURCE -o build/bench/bare_server bench/bare_server.c \
   $(pkg-config --cflags --libs libmicrohttpd) -lpthread
[ -x build/grundyd ] || make -s all

port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
P_BARE=$(port); P_OFF=$(port); P_LOG=$(port)
build/bench/bare_server "$P_BARE" "$THREADS" & BARE=$!
build/grundyd --bind 127.0.0.1 --port "$P_OFF" --log-format off 2>/dev/null & GOFF=$!
build/grundyd --bind 127.0.0.1 --port "$P_LOG" 2>/dev/null & GLOG=$!
trap 'kill $BARE $GOFF $GLOG 2>/dev/null; wait 2>/dev/null' EXIT
sleep 0.5

OUT=$(mktemp)
run() { # name port
    wrk -t2 -c"$CONNS" -d"${SECS}s" --latency -s bench/nim.lua "http://127.0.0.1:$2/v1/nim" > "$OUT"
    rps=$(awk '/Requests\/sec/ {print $2}' "$OUT")
    non2xx=$(awk '/Non-2xx/ {print $5}' "$OUT"); non2xx=${non2xx:-0}
    p50=$(awk '$1=="50%" {print $2}' "$OUT"); p90=$(awk '$1=="90%" {print $2}' "$OUT")
    p99=$(awk '$1=="99%" {print $2}' "$OUT")
    printf '%-22s %10s %8s %8s %8s %7s\n' "$1" "$rps" "$p50" "$p90" "$p99" "$non2xx"
    echo "$1 $rps $non2xx" >> "$OUT.all"
}
printf '%-22s %10s %8s %8s %8s %7s\n' server req/s p50 p90 p99 non2xx
for r in $(seq "$ROUNDS"); do
    run bare "$P_BARE"
    run grundyd-log-off "$P_OFF"
    run grundyd-log-text "$P_LOG"
done
awk '
  { sum[$1] += $2; n[$1]++; bad += ($1 != "bare") ? $3 : 0 }
  END {
    b = sum["bare"] / n["bare"]; o = sum["grundyd-log-off"] / n["grundyd-log-off"];
    l = sum["grundyd-log-text"] / n["grundyd-log-text"];
    printf "mean req/s: bare %.0f, grundyd (log off) %.0f, grundyd (text log) %.0f\n", b, o, l;
    printf "small-requests ratio %.3f (log off), %.3f (text log); grundyd non-2xx %d\n", o / b, l / b, bad
  }' "$OUT.all"
rm -f "$OUT" "$OUT.all"
