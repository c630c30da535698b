"""Hostile clients: stalled connections, connection limits, the idle
timeout, and bodies over --max-body, all on loopback.

Stalled connections come from 127.0.0.2/127.0.0.3 so that the per-IP limit
(when set) applies to them and not to the well-behaved client on 127.0.0.1.
"""
import http.client
import os
import socket
import statistics
import time

from common import (connect, expect_problem, figure, is_closed, read_response, request_bytes,
                    running)
from harness import LONG_WORK_ARGS, long_search

NIM = b'{"piles":[3,4,5]}'


def normal_latencies(srv, n=20):
    out = []
    for _ in range(n):
        t = time.time()
        s = connect(srv.port)
        s.sendall(request_bytes("POST", "/v1/nim", NIM, extra="Connection: close\r\n"))
        status, _, body = read_response(s, deadline=10)
        s.close()
        assert status == 200, (status, body)
        out.append(time.time() - t)
    return out


def open_stalled(port, n, source):
    """n connections in three flavours: half a header, a whole header with
    half the declared body, nothing at all."""
    socks = []
    for i in range(n):
        s = connect(port, source=source)
        if i % 3 == 0:
            s.sendall(b"POST /v1/nim HTTP/1.1\r\nHost: x\r\nContent-Ty")
        elif i % 3 == 1:
            s.sendall(b"POST /v1/nim HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 1000\r\n\r\n{\"piles\":[1,")
        socks.append(s)
    return socks


def wait_closed(socks, deadline):
    """Seconds until each socket was closed by the server (None if not)."""
    t0 = time.time()
    closed = [None] * len(socks)
    while time.time() < deadline and None in closed:
        for i, s in enumerate(socks):
            if closed[i] is None and is_closed(s):
                closed[i] = time.time() - t0
        time.sleep(0.05)
    return closed


def test_stalled_connections_do_not_delay_a_normal_request_and_time_out():
    timeout = 2
    with running(["--timeout", str(timeout), "--threads", "2"]) as srv:
        base = normal_latencies(srv)
        t_open = time.time()
        socks = open_stalled(srv.port, 300, "127.0.0.2")
        time.sleep(0.3)
        held = sum(1 for s in socks if not is_closed(s))
        assert held == 300, f"only {held} of 300 stalled connections were held open"
        lat = normal_latencies(srv)
        figure(f"stalled connections held: {held} (100 half headers, 100 half bodies, "
               f"100 silent) from 127.0.0.2")
        figure(f"normal request from 127.0.0.1 meanwhile: p50 {statistics.median(lat)*1000:.1f} ms,"
               f" max {max(lat)*1000:.1f} ms (before: p50 {statistics.median(base)*1000:.1f} ms)")
        assert max(lat) < 1.0, f"a normal request took {max(lat):.2f} s behind stalled clients"
        closed = wait_closed(socks, t_open + timeout + 6)
        t_wait = time.time() - t_open
        n = sum(1 for c in closed if c is not None)
        last = max((c for c in closed if c is not None), default=0) + (t_wait - max(
            (c for c in closed if c is not None), default=0)) if n == 300 else None
        figure(f"stalled connections closed by --timeout {timeout}: {n}/300"
               + (f", all within {last:.1f} s of opening" if last is not None else ""))
        assert n == 300, f"{300 - n} stalled connections outlived --timeout {timeout}"
        assert srv.get("/healthz").status == 200
        for s in socks:
            s.close()


def test_per_ip_connection_limit():
    with running(["--max-connections-per-ip", "20", "--timeout", "10"]) as srv:
        socks = [connect(srv.port, source="127.0.0.3") for _ in range(30)]
        time.sleep(0.5)
        refused = sum(1 for s in socks if is_closed(s, 0.05))
        lat = normal_latencies(srv, 5)
        figure(f"--max-connections-per-ip 20: 30 opened from 127.0.0.3, {refused} closed at once;"
               f" 127.0.0.1 still served (max {max(lat)*1000:.1f} ms)")
        assert refused == 10, f"expected 10 connections over the per-IP limit closed, got {refused}"
        for s in socks:
            s.close()


def test_connection_limit_then_recovery():
    """At --max-connections libmicrohttpd stops accepting: the excess waits
    in the listen backlog (or is closed), the daemon's descriptors stay
    bounded, and once --timeout closes the idle holders a queued request
    is served."""
    timeout = 2
    with running(["--max-connections", "40", "--threads", "2", "--timeout", str(timeout)]) as srv:
        socks = [connect(srv.port, source="127.0.0.2") for _ in range(60)]
        time.sleep(0.5)
        fds = len(os.listdir(f"/proc/{srv.proc.pid}/fd"))
        closed_at_once = sum(1 for s in socks if is_closed(s, 0.05))
        t0 = time.time()
        s = connect(srv.port)
        s.sendall(request_bytes("POST", "/v1/nim", NIM))
        status, _, _ = read_response(s, deadline=timeout + 8)
        waited = time.time() - t0
        s.close()
        figure(f"--max-connections 40: 60 idle opened, {closed_at_once} closed at once, daemon "
               f"holds {fds} descriptors; a request queued behind them served after "
               f"{waited:.1f} s (--timeout {timeout})")
        assert status == 200
        assert fds < 40 + 20, f"the daemon holds {fds} descriptors past --max-connections 40"
        for s in socks:
            s.close()


def test_body_over_max_body_gets_413_at_once():
    with running(["--max-body", "1024", "--timeout", "30"]) as srv:
        # Content-Length over the limit, no body sent: refused from the header.
        s = connect(srv.port)
        t = time.time()
        s.sendall(b"POST /v1/nim HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 1000000000\r\n\r\n")
        status, headers, body = read_response(s, deadline=5)
        t_cl = time.time() - t
        assert status == 413 and headers["content-type"].startswith("application/problem+json")
        s.close()
        # Chunked: no length up front; past 1024 bytes the 413 must come at
        # once although the client stalls without ending the body.
        s = connect(srv.port)
        s.sendall(b"POST /v1/nim HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b'{"piles":[' + b"1," * 1500
        t = time.time()
        s.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
        status, headers, body = read_response(s, deadline=5)
        t_ch = time.time() - t
        assert status == 413, status
        assert headers["content-type"].startswith("application/problem+json")
        assert b'"status":413' in body
        assert is_closed(s, 2), "the connection stayed open after the mid-body 413"
        s.close()
        # A client that writes a slightly oversized chunked body to the end
        # before reading still gets its 413 (not a reset).
        conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
        conn.request("POST", "/v1/nim", body=iter([b'{"piles":[' + b"1," * 700, b"1]}"]),
                     encode_chunked=True, headers={"Content-Type": "application/json",
                                                   "Transfer-Encoding": "chunked"})
        r = conn.getresponse()
        assert r.status == 413 and b'"status":413' in r.read()
        conn.close()
        figure(f"413 for a body over --max-body 1024: declared {t_cl*1000:.1f} ms, chunked "
               f"(client stalls after 3 KB) {t_ch*1000:.1f} ms")
        assert t_cl < 1 and t_ch < 1
        assert srv.get("/healthz").status == 200


def test_a_long_analysis_does_not_hold_up_other_connections():
    """Analyses run on the solver pool, not on libmicrohttpd's threads: with
    a single thread of each, probes are answered while a long analysis runs
    (another analysis would queue for the one solver thread: --threads sets
    how many run at once)."""
    import json
    import threading
    # A search longer than the time limit on any machine (harness.long_search):
    # it is still running when the probes come, however fast the machine,
    # and ends at the limit with its 422.
    with running(["--threads", "1", "--max-analysis-seconds", "5"] + LONG_WORK_ARGS) as srv:
        comp = long_search(16)
        del comp["game"]
        body = json.dumps(comp).encode()
        out = []

        def slow():
            s = connect(srv.port)
            s.sendall(request_bytes("POST", "/v1/node-kayles", body))
            out.append(read_response(s, deadline=120)[0])
            s.close()
        t = threading.Thread(target=slow)
        t0 = time.time()
        t.start()
        time.sleep(0.2)
        lat = []
        for path in ("/healthz", "/readyz", "/metrics"):
            t1 = time.time()
            assert srv.get(path).status == 200
            lat.append(time.time() - t1)
        busy = not out
        t.join(120)
        figure(f"--threads 1, a {time.time() - t0:.1f} s analysis running: /healthz, /readyz, "
               f"/metrics answered in at most {max(lat) * 1000:.1f} ms")
        assert busy, "the long analysis ended before the probes"
        assert out == [422]
        assert max(lat) < 0.5, lat
