"""Cancellation and time: work whose client hung up is dropped, every
analysis is bounded by --max-analysis-seconds, and SIGTERM ends running
work at --shutdown-timeout (exit status 0).

The slow requests are sums of Node Kayles searches that outlast every
limit here on any machine (harness.long_search, the node budget lifted):
the tests assert what the limits guarantee, not how fast a machine is.
Client timeouts only guard against a daemon that never stops.
"""
import json
import os
import random
import signal
import socket
import time

from common import connect, figure, read_response, request_bytes, running, start
from harness import LONG_WORK_ARGS, long_search


def heavy_sum(seed, n=3):
    comps = [long_search(seed * 10 + i) for i in range(n)]
    return json.dumps({"components": comps}, separators=(",", ":"))


def metric(srv, name):
    for ln in srv.get("/metrics").body.decode().splitlines():
        if ln.startswith(name + " "):
            return float(ln.split()[1])
    return 0.0


def test_abandoned_work_is_cancelled():
    # without cancellation the sums would hold both workers for 600 s
    with running(["--threads", "2", "--max-analysis-seconds", "600"] + LONG_WORK_ARGS) as srv:
        socks = []
        for i in range(4):
            s = connect(srv.port)
            s.sendall(request_bytes("POST", "/v1/sum", heavy_sum(i)))
            socks.append(s)
        time.sleep(0.5)
        for s in socks:
            s.close()  # the clients hang up
        time.sleep(0.5)
        t0 = time.time()
        r = srv.post_json("/v1/subtraction", {"piles": [7], "max_take": 3}, timeout=120)
        took = time.time() - t0
        assert r.status == 200 and r.json()["grundy"] == 3, r.body
        deadline = time.time() + 60
        while metric(srv, "grundyd_requests_cancelled_total") < 4 and time.time() < deadline:
            time.sleep(0.1)
        cancelled = metric(srv, "grundyd_requests_cancelled_total")
        assert cancelled >= 4, cancelled
        figure(f"4 abandoned long sums on 2 workers: a trivial request "
               f"answered in {took * 1000:.0f} ms; {cancelled:.0f} cancelled")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_abandoned_sequences_are_cancelled():
    """A GET sequence waits suspended in libmicrohttpd, which does not read
    the socket: the front door must see the hang-up and stop the work, as
    for a queued analysis (not let it run to --max-analysis-seconds)."""
    with running(["--threads", "2", "--max-analysis-seconds", "60"]) as srv:
        rng = random.Random(7)
        socks = []
        for _ in range(2):
            code = "0." + "".join(rng.choice("1234567") for _ in range(16))
            s = connect(srv.port)
            # a heap past any table: the request grows the table to its bound
            s.sendall(request_bytes("GET", f"/v1/octal/sequence?code={code}"
                                    f"&from=9223372036854775797&count=10"))
            socks.append(s)
        # both on the worker pool's threads (a count, not a CPU share: the
        # machine may be busy with other work)
        deadline = time.time() + 20
        while metric(srv, "grundyd_queue_running_jobs") < 2 and time.time() < deadline:
            time.sleep(0.05)
        assert metric(srv, "grundyd_queue_running_jobs") == 2, "the sequences were not computed"
        for s in socks:
            s.close()
        deadline = time.time() + 20
        while metric(srv, "grundyd_requests_cancelled_total") < 2 and time.time() < deadline:
            time.sleep(0.1)
        while metric(srv, "grundyd_queue_running_jobs") > 0 and time.time() < deadline:
            time.sleep(0.05)
        jobs = metric(srv, "grundyd_queue_running_jobs")
        assert jobs == 0, f"still computing after the hang-ups: {jobs} jobs"
        before = cpu_seconds(srv.proc.pid)
        time.sleep(1.0)
        idle = cpu_seconds(srv.proc.pid) - before
        assert srv.get("/healthz").status == 200
        figure(f"2 abandoned GET sequences: stopped, {idle:.2f} s of CPU in the next second")


def test_time_limit_on_a_sum():
    with running(["--max-analysis-seconds", "1"] + LONG_WORK_ARGS) as srv:
        t0 = time.time()
        r = srv.post_raw("/v1/sum", heavy_sum(99), timeout=120)
        took = time.time() - t0
        assert r.status == 422, (r.status, r.body[:300])
        doc = r.json()
        assert doc["type"].endswith("/limit-exceeded"), doc
        assert doc["pointer"].startswith("/components/"), doc
        figure(f"--max-analysis-seconds 1: a long sum stopped with 422 after {took:.1f} s "
               f"at {doc['pointer']}")


def test_sigterm_cancels_running_work():
    srv = start(["--shutdown-timeout", "2", "--threads", "2"] + LONG_WORK_ARGS)
    s = connect(srv.port, timeout=15)
    s.sendall(request_bytes("POST", "/v1/sum", heavy_sum(7)))
    time.sleep(0.5)
    t0 = time.time()
    srv.proc.send_signal(signal.SIGTERM)
    status, headers, body = read_response(s, deadline=60)
    rc = srv.proc.wait(timeout=60)
    took = time.time() - t0
    s.close()
    assert rc == 0, (rc, srv.log_text()[-2000:])
    assert status == 503, (status, body[:300])
    assert headers.get("content-type", "").startswith("application/problem+json"), headers
    figure(f"SIGTERM with --shutdown-timeout 2 during a long sum: exit 0 after "
           f"{took:.1f} s, the client got 503")
