#!/bin/sh
# Instructions per small request, the steady figure of bench/RESULTS.md:
# callgrind counts instructions, so load on the machine cannot move it.
# The daemon runs under callgrind with one thread and the access log off;
# one keep-alive connection sends N requests of POST /v1/nim
# {"piles":[3,4,5]}; the cost of a request is (Ir of a run of BIG requests
# - Ir of a run of SMALL) / (BIG - SMALL), so start-up and shutdown cancel.
#
#   sh bench/small_callgrind.sh [GRUNDYD]      (default build/grundyd)
#   SMALL=500 BIG=2500 sh bench/small_callgrind.sh /path/to/grundyd
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-build/grundyd}
SMALL=${SMALL:-500}
BIG=${BIG:-2500}
command -v valgrind >/dev/null || { apt-get install -y -qq valgrind >/dev/null; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

ir_of() { # requests
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    valgrind --tool=callgrind --callgrind-out-file="$TMP/cg.$1" \
        "$BIN" --bind 127.0.0.1 --port "$port" --threads 1 --log-format off \
        --background-threads 0 --rate-per-client 0 \
        2>"$TMP/vg.$1" &
    pid=$!
    python3 - "$port" "$1" <<'PY'
import http.client, sys, time
port, n = int(sys.argv[1]), int(sys.argv[2])
for _ in range(600):
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        c.request("GET", "/healthz")
        c.getresponse().read()
        break
    except OSError:
        time.sleep(0.1)
body = b'{"piles":[3,4,5]}'
for _ in range(n):
    c.request("POST", "/v1/nim", body, {"Content-Type": "application/json"})
    r = c.getresponse()
    r.read()
    assert r.status == 200, r.status
c.close()
PY
    kill -TERM "$pid"
    wait "$pid" || true
    awk '/^summary:/ {print $2}' "$TMP/cg.$1"
}
a=$(ir_of "$SMALL")
b=$(ir_of "$BIG")
echo "small-request instructions $(( (b - a) / (BIG - SMALL) )) per POST /v1/nim ($BIN)"
