#!/usr/bin/env bash
# Scale-out test (`make deploy-test`): deploy/nginx.conf for real.
#
# Two grundyd replicas on loopback behind Debian's nginx, run as a private
# instance (its own prefix, pid file and logs under a temporary directory;
# the system nginx service is never touched).  Checks:
#   - the generated configuration passes `nginx -t`;
#   - requests through nginx get the right answers and are spread over both
#     replicas (nginx's access log names the upstream of each request, and
#     each replica's /metrics counts what it answered);
#   - after one replica is killed (SIGKILL, as a crash), every request still
#     succeeds (proxy_next_upstream), answered by the survivor;
#   - the Kubernetes manifests in deploy/ parse and keep their promises
#     (probes, non-root, read-only root filesystem, resources).
# Everything started here is stopped, by its own pid, on exit.
#
# Environment: GRUNDYD (default build/grundyd), REQUESTS per phase (default 40).
set -u

cd "$(dirname "$0")/../.." || exit 2
GRUNDYD=${GRUNDYD:-$PWD/build/grundyd}
REQUESTS=${REQUESTS:-40}
pass=0
fail=0
pids=()
nginx_pid=
tmp=$(mktemp -d /tmp/grundyd-nginx.XXXXXX)
chmod 755 "$tmp" # nginx's worker (user nobody) reads under it

ok() { pass=$((pass + 1)); printf 'ok   %s\n' "$*"; }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; }
finish() {
    printf '%d passed, %d failed\n' "$pass" "$fail"
    [ "$fail" -eq 0 ] && exit 0
    exit 1
}
stop_pid() { # pid: TERM, wait up to 5 s, then KILL
    kill -0 "$1" 2>/dev/null || return 0
    kill -TERM "$1" 2>/dev/null
    for _ in $(seq 1 50); do
        kill -0 "$1" 2>/dev/null || break
        sleep 0.1
    done
    kill -KILL "$1" 2>/dev/null
    wait "$1" 2>/dev/null
}
cleanup() {
    [ -n "$nginx_pid" ] && stop_pid "$nginx_pid"
    for p in "${pids[@]}"; do stop_pid "$p"; done
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'bad interrupted; finish' INT TERM

# ---- the Kubernetes manifests -------------------------------------------
if python3 -c 'import yaml' 2>/dev/null ||
    { [ "$(id -u)" -eq 0 ] && DEBIAN_FRONTEND=noninteractive \
        apt-get -o DPkg::Lock::Timeout=600 install -y -qq python3-yaml >/dev/null 2>&1; }; then
    if python3 tests/deploy/check_manifests.py deploy; then
        ok "deploy/*.yaml manifests"
    else
        bad "deploy/*.yaml manifests"
    fi
else
    bad "python3-yaml missing (needed to read deploy/*.yaml)"
fi

# ---- nginx and two replicas ---------------------------------------------
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
if [ ! -x "$NGINX" ]; then
    if [ "$(id -u)" -ne 0 ]; then
        bad "nginx is not installed and installing it needs root"
        finish
    fi
    echo "==> installing nginx"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get -o DPkg::Lock::Timeout=600 install -y -qq nginx ||
        { apt-get -o DPkg::Lock::Timeout=600 update -qq &&
            apt-get -o DPkg::Lock::Timeout=600 install -y -qq nginx; }; } >"$tmp/apt.log" 2>&1
    NGINX=/usr/sbin/nginx
    [ -x "$NGINX" ] || { tail "$tmp/apt.log"; bad "apt-get install nginx"; finish; }
fi
# Installing the package may start the system service; that one is not ours
# and is left alone (it listens on :80, not on our ports).
if [ ! -x "$GRUNDYD" ]; then
    bad "no daemon at $GRUNDYD (make all first)"
    finish
fi

# Each replica picks a free port itself (--port 0) and prints it in its
# "listening on 127.0.0.1:PORT" line.
"$GRUNDYD" --bind 127.0.0.1 --port 0 --threads 2 --trusted-proxies 127.0.0.1 >"$tmp/grundyd1.log" 2>&1 &
pid1=$!
pids+=("$pid1")
"$GRUNDYD" --bind 127.0.0.1 --port 0 --threads 2 --trusted-proxies 127.0.0.1 >"$tmp/grundyd2.log" 2>&1 &
pid2=$!
pids+=("$pid2")
replica_port() {
    local port=
    for _ in $(seq 1 100); do
        port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$tmp/grundyd$1.log" | head -1)
        [ -n "$port" ] && break
        sleep 0.05
    done
    echo "$port"
}
port1=$(replica_port 1)
port2=$(replica_port 2)
if [ -z "$port1" ] || [ -z "$port2" ]; then
    cat "$tmp"/grundyd*.log
    bad "starting two grundyd replicas"
    finish
fi
ok "replicas on 127.0.0.1:$port1 (pid $pid1) and 127.0.0.1:$port2 (pid $pid2)"

listen=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# deploy/nginx.conf with its ports and log path rewritten, inside a minimal
# main configuration of our own.
sed -e "s/server 127\.0\.0\.1:8081 /server 127.0.0.1:$port1 /" \
    -e "s/server 127\.0\.0\.1:8082 /server 127.0.0.1:$port2 /" \
    -e "s/listen 127\.0\.0\.1:8080;/listen 127.0.0.1:$listen;/" \
    -e "s|access_log /var/log/nginx/grundyd.access.log|access_log $tmp/access.log|" \
    deploy/nginx.conf >"$tmp/grundyd.conf"
for want in "127.0.0.1:$port1" "127.0.0.1:$port2" "listen 127.0.0.1:$listen;" "$tmp/access.log"; do
    grep -qF "$want" "$tmp/grundyd.conf" || bad "deploy/nginx.conf: could not rewrite to '$want'"
done
mkdir -p "$tmp/logs" "$tmp/body" "$tmp/proxy"
cat >"$tmp/nginx.conf" <<EOF
worker_processes 1;
pid $tmp/nginx.pid;
error_log $tmp/error.log warn;
events { worker_connections 256; }
http {
    client_body_temp_path $tmp/body;
    proxy_temp_path $tmp/proxy;
    fastcgi_temp_path $tmp/proxy;
    uwsgi_temp_path $tmp/proxy;
    scgi_temp_path $tmp/proxy;
    include $tmp/grundyd.conf;
}
EOF
if "$NGINX" -t -q -p "$tmp" -e "$tmp/error.log" -c "$tmp/nginx.conf" >"$tmp/nginx-t.log" 2>&1; then
    ok "nginx -t accepts the generated configuration"
else
    cat "$tmp/nginx-t.log"
    bad "nginx -t"
    finish
fi
# In the foreground (daemon off) so that $! is the master's pid.
"$NGINX" -p "$tmp" -e "$tmp/error.log" -c "$tmp/nginx.conf" -g 'daemon off;' >"$tmp/nginx.out" 2>&1 &
nginx_pid=$!
up=0
for _ in $(seq 1 100); do
    if python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 0.2)' "$listen" 2>/dev/null; then
        up=1
        break
    fi
    kill -0 "$nginx_pid" 2>/dev/null || break
    sleep 0.05
done
if [ "$up" -eq 1 ]; then
    ok "nginx (pid $nginx_pid) on 127.0.0.1:$listen"
else
    cat "$tmp/nginx.out" "$tmp/error.log" 2>/dev/null
    bad "nginx did not start"
    finish
fi

# ---- traffic ------------------------------------------------------------
# send PHASE: REQUESTS Nim requests (seeded), each checked against the XOR
# of its piles; prints "ok" lines count and failures.
send() {
    python3 - "$listen" "$REQUESTS" "$1" <<'EOF'
import functools, http.client, json, random, sys
port, n, phase = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(phase)
bad = 0
for i in range(n):
    piles = [rng.randrange(0, 1000) for _ in range(rng.randrange(1, 8))]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("POST", "/v1/nim", json.dumps({"piles": piles}),
                     {"Content-Type": "application/json"})
        r = conn.getresponse()
        body = r.read()
        want = functools.reduce(lambda a, b: a ^ b, piles, 0)
        if r.status != 200 or json.loads(body).get("grundy") != want:
            bad += 1
            print("  request %d: status %d, body %r" % (i, r.status, body[:200]))
    except Exception as e:  # connection refused, reset, timeout
        bad += 1
        print("  request %d: %s" % (i, e))
    finally:
        conn.close()
print("%d/%d" % (n - bad, n))
sys.exit(1 if bad else 0)
EOF
}
# send_checked PHASE GOOD BAD: send PHASE; ok "N GOOD" when every answer
# was right, else its output and bad BAD.
send_checked() {
    if out=$(send "$1"); then
        ok "$out $2"
    else
        printf '%s\n' "$out"
        bad "$3"
    fi
}

# served PORT: how many access-log lines name that upstream as the one that
# answered (the last address in $upstream_addr).
served() {
    grep -c "upstream=\([0-9.:]*, \)*127\.0\.0\.1:$1 upstream_status=\([0-9]*, \)*200 " "$tmp/access.log" 2>/dev/null
}
# nim_count PORT: the replica's own count of 200 answers on /v1/nim.
nim_count() {
    python3 - "$1" <<'EOF'
import re, sys, urllib.request
text = urllib.request.urlopen("http://127.0.0.1:%s/metrics" % sys.argv[1], timeout=5).read().decode()
total = 0
for line in text.splitlines():
    if line.startswith("grundyd_requests_total{") and 'endpoint="/v1/nim"' in line \
            and 'status="200"' in line:
        total += int(float(line.rsplit(" ", 1)[1]))
print(total)
EOF
}

send_checked spread "answers through nginx correct" "requests through nginx with both replicas up"
a=$(served "$port1")
b=$(served "$port2")
if [ "${a:-0}" -gt 0 ] && [ "${b:-0}" -gt 0 ]; then
    ok "spread over both replicas (access log: $a and $b)"
else
    bad "not spread over both replicas (access log: ${a:-0} and ${b:-0})"
fi
m1=$(nim_count "$port1")
m2=$(nim_count "$port2")
if [ "${m1:-0}" -gt 0 ] && [ "${m2:-0}" -gt 0 ] && [ $((m1 + m2)) -eq "$REQUESTS" ]; then
    ok "replicas' /metrics agree: $m1 + $m2 = $REQUESTS"
else
    bad "replicas' /metrics: '$m1' + '$m2', want both > 0 summing to $REQUESTS"
fi

# X-Request-Id: the client's is passed through, else nginx makes one; the
# replica echoes it and nginx logs it.
ids=$(python3 - "$listen" <<'EOF'
import http.client, sys
def rid(headers):
    c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=10)
    c.request("GET", "/healthz", headers=headers)
    r = c.getresponse()
    r.read()
    return r.getheader("X-Request-Id") or "-"
print(rid({"X-Request-Id": "nginx-test-42"}), rid({}))
EOF
)
given=${ids%% *}
made=${ids##* }
if [ "$given" = nginx-test-42 ] && [ "$made" != - ] && grep -q "id=$made\$" "$tmp/access.log"; then
    ok "X-Request-Id passed through and generated ($made)"
else
    bad "X-Request-Id: got '$ids'"
fi

# ---- one replica dies ---------------------------------------------------
{ kill -KILL "$pid1" && wait "$pid1"; } 2>/dev/null
ok "replica 1 killed (SIGKILL)"
before=$(served "$port2")
send_checked failover "answers correct with one replica down (proxy_next_upstream)" \
    "requests failed after a replica was killed"
after=$(served "$port2")
if [ $((after - before)) -eq "$REQUESTS" ]; then
    ok "the survivor answered all $REQUESTS"
else
    bad "the survivor answered $((after - before)) of $REQUESTS"
fi
if grep -q "upstream=127\.0\.0\.1:$port1, 127\.0\.0\.1:$port2" "$tmp/access.log"; then
    ok "nginx retried a request on the survivor after the dead replica failed"
else
    echo "  (no request was first tried on the dead replica: it was already marked down)"
fi

finish
