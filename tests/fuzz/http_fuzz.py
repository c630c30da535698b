"""Network fuzzer of the HTTP layer: raw request bytes, mutated, sent over
loopback to a running (ASan+UBSan) grundyd, for a bounded time.

The libFuzzer harnesses start after the HTTP layer (fuzz_endpoints.c) or
at the head check alone (fuzz_head.c); bugs in how bytes reach them --
framing, chunked decoding, pipelining, a client that half-closes or
vanishes mid-request -- are only found by sending bytes to the daemon.

Each round takes a seed request (tests/fuzz/http/corpus/*.http), applies
a few mutations (byte flips, inserted CR/LF/NUL/SP, duplicated or deleted
header lines, altered Content-Length and chunk sizes, truncation, repeats),
and sends it over a fresh connection in random-sized pieces, sometimes
half-closing or resetting.  Every answer must be well-formed HTTP (a
status line; problem+json on errors that grundyd writes) and every
hundred rounds /healthz must answer 200.  The daemon must survive the run
and exit 0 on SIGTERM (a sanitizer report makes it exit non-zero).
Regression inputs (tests/fuzz/http/regressions/*.http) are sent first.

Two daemons are fuzzed at once, with the per-client limits on and the
loopback peer trusted as a proxy: one reads X-Forwarded-For, the other
Forwarded, so the mutated headers pick the client (and fill its table),
bursts meet the token bucket (429), heavy requests the in-flight cap
(429) and the queue deadline (503), and event streams park and resume.

Usage: http_fuzz.py SECONDS  (GRUNDYD: the daemon binary)
"""
import glob
import os
import random
import socket
import struct
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "api"))

from harness import Server  # noqa: E402

TOKENS = [b"\r\n", b"\n", b"\r", b"\x00", b" ", b"\t", b":", b",", b"chunked", b"0\r\n\r\n",
          b"Content-Length: 5\r\n", b"Transfer-Encoding: chunked\r\n", b"Host: y\r\n",
          b"Content-Length: -1\r\n", b"%00", b"%0a", b"ffffffffffffffff\r\n", b"\r\n\r\n",
          b"Expect: 100-continue\r\n", b"Connection: close\r\n", b"\xff\xfe",
          b"X-Forwarded-For: ", b"Forwarded: for=", b"[::1]:80", b"unknown", b"_hidden", b'"',
          b";", b"2001:db8::", b"Accept: text/event-stream\r\n"]


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randrange(1, 5)):
        op = rng.randrange(9)
        pos = rng.randrange(len(data) + 1)
        if op == 0 and data:
            data[min(pos, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif op == 1:
            data[pos:pos] = rng.choice(TOKENS)
        elif op == 2 and data:
            del data[pos:pos + rng.randrange(1, 16)]
        elif op == 3:
            lines = bytes(data).split(b"\r\n")
            if len(lines) > 2:
                i = rng.randrange(1, len(lines) - 1)
                lines.insert(i, lines[i])
                data = bytearray(b"\r\n".join(lines))
        elif op == 4:
            data = data[:pos]
        elif op == 5:
            data += data[:rng.randrange(len(data) + 1)]
        elif op == 6:
            digits = str(rng.choice([0, 1, 7, 99, 4096, 2**31, 2**63, 10**30])).encode()
            data = bytearray(bytes(data).replace(b"Content-Length: ", b"Content-Length: " + digits, 1))
        elif op == 7:
            data = bytearray(bytes(data).replace(b"\r\n", b"\n", rng.randrange(1, 4)))
        else:
            data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8)))
    return bytes(data)


def send(port, rng, data):
    """Sends data in pieces; returns what came back (or None on reset)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(2.0)
    try:
        s.connect(("127.0.0.1", port))
        i = 0
        while i < len(data):
            n = rng.choice([1, 7, 64, 1000, len(data)])
            s.sendall(data[i:i + n])
            i += n
            if rng.random() < 0.05:
                time.sleep(0.01)
        how = rng.random()
        if how < 0.15:
            s.shutdown(socket.SHUT_WR)
        elif how < 0.22:
            # vanish with a reset
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.close()
            return None
        # Until the end of the stream, or a short silence once something
        # came back (a kept-alive connection never ends by itself).
        out = b""
        t0 = time.time()
        s.settimeout(0.5)
        while time.time() - t0 < 1.0:
            try:
                d = s.recv(65536)
            except socket.timeout:
                break
            if not d:
                break
            out += d
            s.settimeout(0.05)
        return out
    except OSError:
        return None
    finally:
        s.close()


def check_answer(out):
    """Whatever came back is a sequence of HTTP/1.1 responses."""
    if not out:
        return
    if not out.startswith(b"HTTP/1.1 "):
        raise AssertionError(f"not an HTTP response: {out[:200]!r}")
    head = out.split(b"\r\n\r\n", 1)[0]
    status = int(head.split(b" ", 2)[1])
    assert 100 <= status < 600, head


def healthy(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    out = b""
    while True:
        d = s.recv(65536)
        if not d:
            break
        out += d
    s.close()
    return out.startswith(b"HTTP/1.1 200")


def main(argv):
    secs = float(argv[1]) if len(argv) > 1 else 30
    seeds = [open(f, "rb").read() for f in sorted(glob.glob(os.path.join(HERE, "http", "corpus", "*.http")))]
    regs = [open(f, "rb").read() for f in sorted(glob.glob(os.path.join(HERE, "http", "regressions", "*.http")))]
    common = ["--log-format", "off", "--timeout", "2", "--max-body", "1M",
              "--max-analysis-seconds", "2", "--rate-per-client", "100", "--rate-burst", "40",
              "--max-inflight-per-client", "3", "--max-queue-seconds", "1",
              "--max-streams", "24", "--max-streams-per-client", "4",
              "--trusted-proxies", "127.0.0.0/8,::1"]
    srvs = [Server(args=common).start(timeout=60),
            Server(args=common + ["--forwarded-header", "forwarded"]).start(timeout=60)]
    seed = int(os.environ.get("HTTP_FUZZ_SEED", "16"))
    rounds = [0]
    fails = []
    lock = threading.Lock()
    t_end = time.time() + secs

    def worker(k):
        rng = random.Random(seed * 1000 + k)
        while time.time() < t_end and not fails:
            data = mutate(rng, rng.choice(seeds))
            target = rng.choice(srvs)
            try:
                check_answer(send(target.port, rng, data))
            except AssertionError as e:
                with lock:
                    fails.append((data, str(e)))
            with lock:
                rounds[0] += 1
                check = rounds[0] % 200 == 0
            if check and not all(x.alive() and healthy(x.port) for x in srvs):
                with lock:
                    fails.append((data, "daemon unhealthy after this input"))

    try:
        rng = random.Random(seed)
        for data in regs:
            for x in srvs:
                check_answer(send(x.port, rng, data))
        ts = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        alive = all(x.alive() and healthy(x.port) for x in srvs)
    finally:
        rcs = [x.stop() for x in srvs]
    rc = next((r for r in rcs if r != 0), 0)
    rounds = rounds[0]
    if not alive or rc != 0:
        fails.append((b"", f"daemon alive={alive} exits={rcs}\n"
                           + "".join(x.log_text()[-2000:] for x in srvs)))
    for data, why in fails[:5]:
        name = os.path.join(HERE, "http", "found-%08x.http" % (hash(data) & 0xffffffff))
        with open(name, "wb") as f:
            f.write(data)
        print(f"http-fuzz: FAIL {why[:2000]} (input kept as {name})")
    print(f"http-fuzz: {rounds} mutated requests in {secs:.0f} s, {len(regs)} regressions, "
          f"{len(fails)} failures")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
