"""First answers on a fresh daemon: the server time (the access log's
duration_ms) of the first POST /v1/octal for each code, heaps up to 100.

    python3 bench/first_answer.py [build/grundyd]

Codes: every octal code of one and two digits, 60 three-digit codes and 20
hexadecimal codes drawn with a fixed seed, Grundy's game and the aliases
(226 codes); each asked once, first, with three heaps from 0..100 (heap 100
among them).  A fresh daemon answers each from a table grown only as far as
the question, so the goal is under 10 ms each; before, the first request
for a code without a short period computed its whole table (up to 2^25
values or the 30 s time limit).  Prints the distribution and the slowest
codes; the line "first-answer: ..." is what bench/RESULTS.md quotes.
"""
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def codes():
    rng = random.Random(2026)
    out = [f"0.{a}" for a in "1234567"]
    out += [f"0.{a}{b}" for a in "01234567" for b in "1234567"]
    out += ["0." + "".join(rng.choice("01234567") for _ in range(2)) + rng.choice("1234567")
            for _ in range(60)]
    out += ["0." + "".join(rng.choice("0123456789ABCDEF") for _ in range(2)) +
            rng.choice("123456789ABCDEF") for _ in range(20)]
    out += ["grundy", "kayles", "dawsons-kayles", "dawsons-chess", "treblecross"]
    seen, uniq = set(), []
    for c in out:
        if c not in seen:
            seen.add(c)
            uniq.append(c)
    return uniq, rng


def main(argv):
    binary = argv[1] if len(argv) > 1 else os.path.join(ROOT, "build", "grundyd")
    log = tempfile.NamedTemporaryFile(prefix="grundyd-first-", suffix=".log", delete=False)
    port = free_port()
    proc = subprocess.Popen([binary, "--bind", "127.0.0.1", "--port", str(port),
                             "--log-format", "json", "--log-flush-ms", "0"],
                            stdout=subprocess.DEVNULL, stderr=log)
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(url + "/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.05)
        cs, rng = codes()
        wall = {}
        for code in cs:
            heaps = [rng.randrange(0, 101), rng.randrange(0, 101), 100]
            body = json.dumps({"code": code, "heaps": heaps}).encode()
            req = urllib.request.Request(url + "/v1/octal", data=body,
                                         headers={"Content-Type": "application/json"})
            t0 = time.perf_counter()
            with urllib.request.urlopen(req, timeout=120) as r:
                r.read()
            wall[code] = (time.perf_counter() - t0) * 1000
    finally:
        proc.terminate()
        proc.wait()
    server = []
    with open(log.name, encoding="utf-8") as f:
        for line in f:
            if line.startswith("{") and '"/v1/octal"' in line:
                server.append(json.loads(line)["duration_ms"])
    os.unlink(log.name)
    assert len(server) == len(cs), (len(server), len(cs))
    pairs = sorted(zip(server, cs), reverse=True)
    srt = sorted(server)
    p50, p99 = srt[len(srt) // 2], srt[min(len(srt) - 1, int(len(srt) * 0.99))]
    print("slowest first answers (server ms, code):")
    for ms, code in pairs[:8]:
        print(f"  {ms:8.3f}  {code}  (client {wall[code]:.1f} ms)")
    under = sum(1 for ms in server if ms < 10)
    print(f"first-answer: {len(cs)} codes, server time p50 {p50:.3f} ms, p99 {p99:.3f} ms, "
          f"max {srt[-1]:.3f} ms ({pairs[0][1]}); {under}/{len(cs)} under 10 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
