#!/usr/bin/env python3
"""Subtraction and octal games end to end: huge piles, long periods, hard
codes.  Each scenario is POSTed to a grundyd RUNS times; prints the best
wall time, the response size and the facts that explain the time (period,
values computed).  Bodies are seeded, so runs compare.

    bench/piles_bench.py                      # starts build/grundyd on a free port
    GRUNDYD=path/to/grundyd bench/piles_bench.py
    URL=http://127.0.0.1:8080 bench/piles_bench.py
    RUNS=5 PILES=100000 bench/piles_bench.py
"""
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = int(os.environ.get("RUNS", "3"))
PILES = int(os.environ.get("PILES", "100000"))
HUGE = 2**63 - 1


def start():
    url = os.environ.get("URL")
    if url:
        return url, None
    binary = os.environ.get("GRUNDYD", os.path.join(HERE, "..", "build", "grundyd"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([binary, "--bind", "127.0.0.1", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            time.sleep(0.05)
    return f"http://127.0.0.1:{port}", proc


def post(url, path, body):
    u = urllib.parse.urlparse(url)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=300)
    t0 = time.perf_counter()
    conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    r = conn.getresponse()
    data = r.read()
    dt = time.perf_counter() - t0
    conn.close()
    return r.status, data, dt


def scenarios():
    rng = random.Random(2026)
    huge = [str(HUGE - rng.randrange(0, 2**40)) for _ in range(PILES)]
    small = [rng.randrange(0, 10**6) for _ in range(PILES)]
    yield ("subtraction max_take=2^62, %d huge piles, all moves" % PILES, "/v1/subtraction",
           {"piles": huge, "max_take": str(2**62), "all_winning_moves": True})
    yield ("subtraction S={2,5,7}, %d huge piles, all moves" % PILES, "/v1/subtraction",
           {"piles": huge, "subtraction_set": [2, 5, 7], "all_winning_moves": True})
    s = sorted(rng.sample(range(1, 1001), 40))
    yield ("subtraction 40 random takes <= 1000, %d huge piles, all moves" % PILES,
           "/v1/subtraction", {"piles": huge, "subtraction_set": s, "all_winning_moves": True})
    yield ("subtraction S={10^6} (period 2*10^6, windows of 10^6)", "/v1/subtraction",
           {"piles": [str(HUGE)], "subtraction_set": [10**6]})
    s = [10**6 - 1000 * i for i in range(300)]
    yield ("subtraction 300 takes near 10^6 (work bound)", "/v1/subtraction",
           {"piles": [str(HUGE)], "subtraction_set": s})
    s = list(range(1, 10001))
    yield ("subtraction S={1..10^4}, %d piles < 10^6" % PILES, "/v1/subtraction",
           {"piles": small, "subtraction_set": s, "all_winning_moves": True})
    for code in ("0.77", "0.137", "0.156", "0.165", "0.356"):
        yield ("octal %s, 1000 huge heaps, all moves (max 1000)" % code, "/v1/octal",
               {"code": code, "heaps": huge[:1000], "all_winning_moves": True})
    yield ("octal 0.356, %d huge heaps, all moves (split counts per residue)" % PILES,
           "/v1/octal", {"code": "0.356", "heaps": huge, "all_winning_moves": True})
    for code in ("0.6", "0.14", "0.344"):
        yield ("octal %s unconfirmed (32768 values), one heap" % code, "/v1/octal",
               {"code": code, "heaps": [30000]})


def main():
    url, proc = start()
    try:
        print(f"runs: best of {RUNS}; piles: {PILES}")
        for name, path, obj in scenarios():
            body = json.dumps(obj, separators=(",", ":")).encode()
            best = None
            for _ in range(RUNS):
                status, data, dt = post(url, path, body)
                best = dt if best is None else min(best, dt)
            facts = ""
            if status == 200:
                r = json.loads(data)
                facts = "period=%s" % json.dumps(r.get("period"), separators=(",", ":"))
                if "values_computed" in r:
                    facts += " values=%d" % r["values_computed"]
                if "winning_move_count" in r:
                    facts += " moves=%s" % r["winning_move_count"]
            print(f"{best * 1000:9.1f} ms  {status}  {len(body) / 1e6:6.2f} MB in "
                  f"{len(data) / 1e6:6.2f} MB out  {name}  {facts}")
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait()


if __name__ == "__main__":
    sys.exit(main())
