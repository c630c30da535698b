"""Fairness between clients, measured (bench/RESULTS.md, "Fairness").

Two clients told apart by source address: 127.0.0.2 is heavy, 127.0.0.3
light.  The light client sends small POST /v1/nim requests on one
keep-alive connection and its latencies are reported (p50, p99, max):

  idle      nothing else running
  heavy     the heavy client opens 30 event streams of cold sequences and
            16 Node Kayles searches at once
  shared    the heavy client opens 40 event streams of one cold sequence
  clients   40 other clients open one event stream each of one cold sequence
            (ten values of it); bulk: all 100,000 (430 KB each); bulk-json:
            the same as plain JSON GETs

each once with the default per-client limits and once with them off
(--max-inflight-per-client 0 --rate-per-client 0), which is the daemon's
queueing alone.  Then the CPU of 10,000 idle keep-alive connections plus
1,000 parked event streams (their jobs queued behind one that computes;
the computing worker thread's CPU left out: threads are named).

Usage: python3 bench/fairness.py [LIGHT_REQUESTS] (default 200)
  GRUNDYD  the daemon (default build/grundyd)
Prints one line per figure; a few seconds per scenario.
"""
import json
import os
import random
import resource
import socket
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BIN = os.environ.get("GRUNDYD", os.path.join(ROOT, "build", "grundyd"))
HEAVY, LIGHT = "127.0.0.2", "127.0.0.3"


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


class Daemon:
    def __init__(self, args):
        self.port = free_port()
        env = dict(os.environ)
        self.proc = subprocess.Popen([BIN, "--bind", "127.0.0.1", "--port", str(self.port),
                                      "--log-format", "off"] + args,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("grundyd did not start")

    def stop(self):
        self.proc.terminate()
        self.proc.wait(60)

    def cpu(self, skip=("gr-worker", "gr-background")):
        total = 0
        pid = self.proc.pid
        for tid in os.listdir(f"/proc/{pid}/task"):
            try:
                text = open(f"/proc/{pid}/task/{tid}/stat").read()
            except OSError:
                continue
            if text[text.index("(") + 1:text.rindex(")")] in skip:
                continue
            f = text.rsplit(")", 1)[1].split()
            total += int(f[11]) + int(f[12])
        return total / os.sysconf("SC_CLK_TCK")

    def cpu_by_name(self):
        out = {}
        for tid in os.listdir(f"/proc/{self.proc.pid}/task"):
            try:
                text = open(f"/proc/{self.proc.pid}/task/{tid}/stat").read()
            except OSError:
                continue
            name = text[text.index("(") + 1:text.rindex(")")]
            f = text.rsplit(")", 1)[1].split()
            out[name] = out.get(name, 0) + (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
        return out


def conn(port, source, timeout=60):
    s = socket.socket()
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def post(method, path, body=b"", extra=""):
    return (f"{method} {path} HTTP/1.1\r\nHost: x\r\n{extra}Content-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


def read_one(s):
    buf = b""
    while b"\r\n\r\n" not in buf:
        d = s.recv(65536)
        if not d:
            raise ConnectionError("eof")
        buf += d
    head, rest = buf.split(b"\r\n\r\n", 1)
    n = 0
    for ln in head.split(b"\r\n"):
        if ln.lower().startswith(b"content-length:"):
            n = int(ln.split(b":")[1])
    while len(rest) < n:
        rest += s.recv(65536)
    return int(head.split()[1])


def light_latencies(port, n):
    s = conn(port, LIGHT)
    req = post("POST", "/v1/nim", b'{"piles":[3,4,5]}')
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        s.sendall(req)
        st = read_one(s)
        out.append(time.perf_counter() - t0)
        assert st == 200, st
        time.sleep(0.025)  # a user (40 a second, under --rate-per-client), not a load generator
    s.close()
    out.sort()
    return out


def pct(xs, p):
    return xs[min(len(xs) - 1, int(p * len(xs)))] * 1000


def nk_body(seed, n=46, p=0.12):
    rng = random.Random(seed)
    edges = [[i, j] for i in range(n) for j in range(i + 1, n) if rng.random() < p]
    return json.dumps({"vertices": n, "edges": edges}).encode()


def open_heavy(port, kind):
    socks, statuses = [], []
    if kind == "heavy":
        for i in range(30):
            s = conn(port, HEAVY)
            s.sendall(post("GET", f"/v1/octal/sequence?code=0.7777777{100 + i}&count=100000", b"",
                           "Accept: text/event-stream\r\n"))
            socks.append(s)
        for i in range(16):
            s = conn(port, HEAVY)
            s.sendall(post("POST", "/v1/node-kayles", nk_body(i)))
            socks.append(s)
    elif kind in ("clients", "bulk", "bulk-json"):
        # 40 clients (40 addresses) each with one request of a shared cold
        # sequence, every one admitted under the default limits: "clients"
        # streams ten values of it, "bulk" streams all 100,000 (40 x 430 KB
        # of results sent at once when the table is done), "bulk-json" asks
        # the same as plain JSON (the delivery's cost without streams)
        q = ("/v1/octal/sequence?code=0.7777765&from=99990&count=10" if kind == "clients"
             else "/v1/octal/sequence?code=0.7777765&count=100000")
        accept = "" if kind == "bulk-json" else "Accept: text/event-stream\r\n"
        for i in range(40):
            s = conn(port, "127.0.0.%d" % (10 + i))
            s.sendall(post("GET", q, b"", accept))
            socks.append(s)
    else:
        for i in range(40):
            s = conn(port, HEAVY)
            s.sendall(post("GET", "/v1/octal/sequence?code=0.7777765&count=100000", b"",
                           "Accept: text/event-stream\r\n"))
            socks.append(s)
    time.sleep(0.3)
    for s in socks:
        s.settimeout(0.2)
        try:
            d = s.recv(256)
            statuses.append(int(d.split()[1]) if d else 0)
        except (socket.timeout, IndexError, ValueError):
            statuses.append(-1)
    return socks, statuses


def close_all(socks):
    for s in socks:
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        s.close()


def scenario(name, kind, limits, n):
    args = [] if limits else ["--max-inflight-per-client", "0", "--rate-per-client", "0"]
    d = Daemon(args + ["--max-inflight", "256", "--max-analysis-seconds", "10"])
    try:
        socks, statuses = ([], []) if kind == "idle" else open_heavy(d.port, kind)
        lat = light_latencies(d.port, n)
        counts = {s: statuses.count(s) for s in sorted(set(statuses))}
        print(f"fairness {name:<9} limits {'on ' if limits else 'off'}: light p50 "
              f"{pct(lat, 0.5):6.2f} ms  p99 {pct(lat, 0.99):7.2f} ms  max {lat[-1] * 1000:7.2f} ms"
              f"  (heavy client's first answers: {counts or '-'})", flush=True)
        close_all(socks)
    finally:
        d.stop()
    return pct(lat, 0.99)


def idle_cpu(conns, streams):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = conns + streams + 100
    if soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(need, hard), hard))
    d = Daemon(["--threads", "2", "--max-connections", str(need), "--max-inflight", str(max(64, 2 * streams)),
                "--max-inflight-per-client", "0", "--rate-per-client", "0",
                "--max-queue-seconds", "0", "--timeout", "600",
                "--max-search-nodes", "1000000000000", "--max-analysis-seconds", "120"])
    held = []
    try:
        # two blockers keep both workers busy, so the streams' jobs wait: Node
        # Kayles searches far longer than the window (node budget lifted; an
        # octal table would now be answered in steps and let the streams run)
        for i in range(2):
            s = conn(d.port, HEAVY)
            s.sendall(post("POST", "/v1/node-kayles", nk_body(1000 + i, 64, 0.1)))
            held.append(s)
        time.sleep(0.3)
        for i in range(streams):
            s = conn(d.port, LIGHT)
            s.sendall(post("GET", f"/v1/octal/sequence?code=0.07&from={i}&count=3", b"",
                           "Accept: text/event-stream\r\n"))
            held.append(s)
        for i in range(conns):
            s = conn(d.port, "127.0.0.%d" % (4 + i % 200))
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            held.append(s)
        for s in held[2 + streams:]:
            read_one(s)
        time.sleep(2)  # past the young-idle window of the front door
        all0, c0, t0 = d.cpu(skip=()), d.cpu(), time.monotonic()
        by0 = d.cpu_by_name()
        time.sleep(5)
        used = d.cpu() - c0
        dt = time.monotonic() - t0
        workers = (d.cpu(skip=()) - all0) - used
        by1 = d.cpu_by_name()
        parts = ", ".join(f"{k} {(by1[k] - by0.get(k, 0)) / dt * 100:.2f}%" for k in sorted(by1)
                          if k not in ("gr-worker", "gr-background") and by1[k] > by0.get(k, 0))
        # the figure means something only while both blockers computed:
        # neither may have been answered yet
        for s in held[:2]:
            s.setblocking(False)
            try:
                got = s.recv(1, socket.MSG_PEEK)
            except BlockingIOError:
                got = None
            assert got is None, "a blocker was answered inside the window"
        print(f"fairness idle cpu: {conns} idle keep-alive connections + {streams} parked "
              f"streams: {used / dt * 100:.2f}% of a core (all threads but the workers, "
              f"{dt:.1f} s: {parts or 'none'}; workers {workers / dt * 100:.0f}%)", flush=True)
    finally:
        close_all(held)
        d.stop()


def main(argv):
    n = int(argv[1]) if len(argv) > 1 else 200
    idle = scenario("idle", "idle", True, n)
    for kind in ("heavy", "shared", "clients", "bulk", "bulk-json"):
        for limits in ((True, False) if kind in ("heavy", "shared") else (True,)):
            p99 = scenario(kind, kind, limits, n)
            print(f"fairness {kind:<9} limits {'on ' if limits else 'off'}: p99 above idle "
                  f"{p99 - idle:+.2f} ms", flush=True)
    idle_cpu(int(os.environ.get("CONNS", "10000")), int(os.environ.get("STREAMS", "1000")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
