"""Shared helpers of the reliability suite (tests/reliability/*.py).

Each module has test_* functions taking no argument; each starts the
daemon(s) it needs with its own flags (tests/api/harness.py's Server, so
every answer is still checked against api/openapi.yaml) and prints the
figures it measured with figure().  run.py runs them all.
"""
import contextlib
import json
import os
import socket
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "api"))

import harness  # noqa: E402,F401
from harness import Server, expect_problem  # noqa: E402,F401


def figure(text):
    print(f"    figure: {text}", flush=True)


def start(args, env=None, binary=None, popen_kw=None):
    return Server(binary=binary, args=["--log-format", "off"] + list(args), env=env,
                  popen_kw=popen_kw).start(timeout=60)


@contextlib.contextmanager
def running(args, **kw):
    """start()'s daemon for a with-block, which must exit 0 on SIGTERM at
    its end (a sanitizer report or a leak makes it exit otherwise)."""
    srv = start(args, **kw)
    try:
        yield srv
    finally:
        assert srv.stop() == 0


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def connect(port, source="127.0.0.1", timeout=10):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def request_bytes(method, path, body=b"", ctype="application/json", extra=""):
    if isinstance(body, str):
        body = body.encode()
    head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}"
            f"Content-Type: {ctype}\r\nContent-Length: {len(body)}\r\n\r\n")
    return head.encode() + body


def read_response(sock, deadline=30):
    """Reads one HTTP/1.1 response with a Content-Length; returns
    (status, headers, body) or raises on EOF/timeout."""
    sock.settimeout(deadline)
    buf = b""
    while b"\r\n\r\n" not in buf:
        d = sock.recv(65536)
        if not d:
            raise ConnectionError(f"EOF before the end of the headers ({len(buf)} bytes)")
        buf += d
    head, rest = buf.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for ln in lines[1:]:
        k, _, v = ln.partition(":")
        headers[k.strip().lower()] = v.strip()
    n = int(headers.get("content-length", "0"))
    while len(rest) < n:
        d = sock.recv(65536)
        if not d:
            raise ConnectionError(f"EOF in the body ({len(rest)}/{n} bytes)")
        rest += d
    return status, headers, rest[:n]


def is_closed(sock, wait=0.0):
    """True when the peer closed (EOF or reset) within `wait` seconds."""
    sock.settimeout(wait if wait > 0 else 0.0001)
    try:
        d = sock.recv(65536)
        return d == b""
    except (socket.timeout, BlockingIOError):
        return False
    except OSError:
        return True


def nim_body(npiles, seed=1):
    import random
    rng = random.Random(seed)
    return json.dumps({"piles": [rng.randrange(1, 2**40) for _ in range(npiles)]},
                      separators=(",", ":"))
