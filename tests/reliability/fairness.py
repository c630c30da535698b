"""Fairness: one client's heavy work does not hold up another client.

Clients are told apart by source address (127.0.0.2 heavy, 127.0.0.3
light).  What is asserted are order and count properties, never speeds:
the light client's requests are answered while the heavy client's queue
is still non-empty; the 51st job of one client is 429; a parked event
stream receives no heartbeat while its job waits; shutdown with streams
parked and jobs queued exits 0 under ASan.  Latencies and CPU are printed
as figures only (bench/fairness.sh reports them in bench/RESULTS.md)."""
import json
import os
import re
import socket
import threading
import time

from common import connect, figure, read_response, request_bytes
from common import start as start_daemon
import harness  # noqa: E402 (common puts tests/api on the path)

HEAVY, LIGHT = "127.0.0.2", "127.0.0.3"
HEAVY_ARGS = ["--rate-per-client", "0", "--max-inflight", "1000", "--max-queue-seconds", "0"]


def start(args, **kw):
    # the node budget lifted: slow() searches run until the clock, a
    # hang-up or the shutdown stops them
    return start_daemon(harness.LONG_WORK_ARGS + list(args), **kw)


def slow(i):
    """A search far longer than any time limit, on any machine: stopped
    when its client hangs up (POST /v1/node-kayles, hold()'s default)."""
    body = dict(harness.long_search(i + 1))
    del body["game"]
    return json.dumps(body).encode()


def metric(srv, name):
    text = srv.get("/metrics").body.decode()
    return int(re.search(r"^" + re.escape(name) + r" (\d+)", text, re.M).group(1))


def wait_for(cond, what, timeout=60):
    deadline = time.time() + timeout
    while not cond():
        assert time.time() < deadline, what
        time.sleep(0.02)


def hold(port, body, source, path="/v1/node-kayles"):
    s = connect(port, source=source, timeout=120)
    s.sendall(request_bytes("POST", path, body))
    return s


def hang_up(socks):
    for s in socks:
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        s.close()


def cpu_seconds(pid, skip="gr-worker"):
    """CPU time of the daemon's threads but its workers (named gr-worker):
    what the network side costs while a job computes."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                text = f.read()
        except OSError:
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        if name == skip:
            continue
        fields = text.rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def test_light_client_is_served_while_the_heavy_queue_is_not_empty():
    # each heavy job takes its 2 s time limit (wall clock, whatever the
    # machine's speed); a worker is not taken from a running job, so the
    # light client's worker-bound requests wait for one to end, then go
    # before the heavy client's queue
    srv = start(["--threads", "2", "--max-inflight-per-client", "0",
                 "--max-analysis-seconds", "2"] + HEAVY_ARGS)
    held = []
    try:
        for i in range(32):  # 2 running, 30 queued behind them
            held.append(hold(srv.port, slow(i), HEAVY))
        wait_for(lambda: metric(srv, "grundyd_queue_jobs") >= 28, "the heavy jobs were not queued")
        # the light client's requests on the pool's path (large bodies are
        # not answered inline) and inline ones
        big = json.dumps({"piles": list(range(1, 3000))}).encode()
        light = connect(srv.port, source=LIGHT)
        took = []
        for i in range(10):
            t0 = time.monotonic()
            light.sendall(request_bytes("POST", "/v1/nim", big if i % 2 else b'{"piles":[3,5]}'))
            st, _, _ = read_response(light, deadline=60)
            took.append(time.monotonic() - t0)
            assert st == 200, st
            # answered while the heavy client still has work waiting
            assert metric(srv, "grundyd_queue_jobs") >= 1, "the heavy queue drained first"
        took.sort()
        figure(f"heavy client 2 running + 30 queued: light client's 10 requests answered with "
               f"the heavy queue non-empty; p50 {took[5] * 1000:.1f} ms, "
               f"max {took[-1] * 1000:.1f} ms (worker-bound ones wait for a running job)")
        light.close()
    finally:
        hang_up(held)
        assert srv.stop() == 0


def test_the_51st_job_of_one_client_is_429():
    srv = start(["--threads", "1", "--max-inflight-per-client", "50"] + HEAVY_ARGS)
    held = []
    try:
        for i in range(50):
            held.append(hold(srv.port, slow(0), HEAVY))
        wait_for(lambda: metric(srv, "grundyd_queue_jobs") == 49, "the 50 were not all taken")
        s = hold(srv.port, slow(0), HEAVY)
        st, hdrs, body = read_response(s, deadline=60)
        s.close()
        assert st == 429 and json.loads(body)["type"].endswith("/client-busy"), (st, body)
        assert int(hdrs["retry-after"]) >= 1
        # another client's is queued, and served next: ahead of the 49
        s = hold(srv.port, json.dumps({"piles": list(range(1, 3000))}).encode(), LIGHT,
                 path="/v1/nim")
        wait_for(lambda: metric(srv, "grundyd_queue_clients") == 2, "the other was not queued")
        hang_up(held[:1])  # the running job stops: the worker takes the next client's
        st, _, _ = read_response(s, deadline=60)
        s.close()
        assert st == 200
        left = metric(srv, "grundyd_queue_jobs")
        figure(f"--max-inflight-per-client 50: 50 accepted, the 51st 429 (client-busy); "
               f"another client's job ran next, {left} of the 49 still queued")
        assert left >= 40, left
    finally:
        hang_up(held)
        assert srv.stop() == 0


def open_stream(port, query):
    s = connect(port, source=LIGHT, timeout=60)
    s.sendall(f"GET {query} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
    return s


def read_some(s, wait):
    s.settimeout(wait)
    try:
        return s.recv(65536)
    except (socket.timeout, BlockingIOError):
        return b""


def test_parked_streams_are_quiet_and_end_with_their_result():
    srv = start(["--threads", "1", "--max-inflight-per-client", "0",
                 "--max-streams-per-client", "0"] + HEAVY_ARGS)
    held, streams = [], []
    try:
        held.append(hold(srv.port, slow(7), HEAVY))
        wait_for(lambda: metric(srv, "grundyd_queue_running_jobs") == 1, "the blocker never ran")
        n = 200
        for i in range(n):
            streams.append(open_stream(srv.port, f"/v1/octal/sequence?code=0.07&from={i}&count=5"))
        wait_for(lambda: metric(srv, "grundyd_queue_jobs") == n, "the streams were not queued")
        first = [read_some(s, 10) for s in streams]
        assert all(b"200" in f.split(b"\r\n", 1)[0] for f in first), first[0]
        # each has had its first progress event; now they are parked
        time.sleep(0.3)
        for s in streams:
            read_some(s, 0.01)
        c0, t0 = cpu_seconds(srv.proc.pid), time.monotonic()
        time.sleep(2)
        beats = sum(read_some(s, 0.001).count(b":\n\n") for s in streams)
        cpu = cpu_seconds(srv.proc.pid) - c0
        dt = time.monotonic() - t0
        figure(f"{n} streams parked behind a running job: {beats} heartbeats in {dt:.1f} s, "
               f"daemon CPU but the worker's {cpu / dt * 100:.2f}% of a core")
        assert beats <= n, beats  # at most one each (their idle beat is 15 s apart)
        hang_up(held)  # the blocker stops; the streams' jobs run (one table, cached)
        ends = 0
        for s in streams:
            data = b""
            s.settimeout(60)
            while b"event: result" not in data and b"event: problem" not in data:
                d = s.recv(65536)
                if not d:
                    break
                data += d
            ends += b"event: result" in data
        figure(f"after the blocker left: {ends}/{n} streams ended with their result")
        assert ends == n, ends
    finally:
        hang_up(held)
        hang_up(streams)
        assert srv.stop() == 0


def test_shutdown_with_parked_streams_and_queued_jobs():
    binary = os.environ.get("GRUNDYD_ASAN")
    srv = start(["--threads", "1", "--max-inflight-per-client", "0", "--shutdown-timeout", "1"]
                + HEAVY_ARGS, binary=binary,
                env={"ASAN_OPTIONS": "detect_leaks=1"} if binary else None)
    held, streams = [], []
    try:
        for i in range(3):
            held.append(hold(srv.port, slow(20 + i), HEAVY))
        for i in range(20):
            streams.append(open_stream(srv.port, f"/v1/octal/sequence?code=0.7777777{30 + i}"
                                                 f"&count=100000"))
        wait_for(lambda: metric(srv, "grundyd_queue_jobs") == 22, "not queued", timeout=120)
        t0 = time.monotonic()
        rc = srv.stop(timeout=60)
        took = time.monotonic() - t0
        answers = []
        for s in held:
            try:
                answers.append(read_response(s, deadline=5)[0])
            except OSError as e:
                answers.append(type(e).__name__)
        problems = 0
        for s in streams:
            data = b""
            s.settimeout(5)
            try:
                while True:
                    d = s.recv(65536)
                    if not d:
                        break
                    data += d
            except OSError:
                pass
            problems += b"event: problem" in data
        figure(f"SIGTERM with 1 job running, 2 + 20 streams queued ({'ASan' if binary else 'plain'}"
               f" daemon): exit {rc} in {took:.1f} s; jobs {answers}; "
               f"{problems}/20 streams ended with a problem event")
        assert rc == 0, srv.log_text()[-3000:]
        assert answers.count(503) >= 2, answers
        assert problems == 20, problems
    finally:
        hang_up(held)
        hang_up(streams)
        if srv.alive():
            srv.stop()
