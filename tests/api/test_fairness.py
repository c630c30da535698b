"""Fairness between clients: the per-client token bucket and in-flight cap
(429 with Retry-After and a problem), who the client is behind a trusted
proxy (X-Forwarded-For, Forwarded), the round-robin order of the worker
pool's queues, and the queue deadline (503 queue-timeout).

Clients are told apart by source address: 127.0.0.2 and 127.0.0.3 are
loopback addresses too on Linux.  No assertion depends on speed: slow work
is made slow by the server's own bounds, and every check is an order or
count property (a light request answered while a heavy client's queue is
still non-empty)."""
import json
import re
import socket
import threading
import time

import harness
from harness import Server, check_contract, expect_problem

HEAVY, LIGHT = "127.0.0.2", "127.0.0.3"


def start(args):
    return Server(args=["--log-format", "off"] + harness.LONG_WORK_ARGS + list(args)).start()


def raw(port, method, path, body=b"", source="127.0.0.1", headers=None, timeout=120):
    """One request on its own connection from `source`; (status, headers, body)."""
    s = socket.socket()
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
    head = (f"{method} {path} HTTP/1.1\r\nHost: x\r\n{extra}Content-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n")
    s.sendall(head.encode() + body)
    buf = b""
    try:
        while True:
            d = s.recv(65536)
            if not d:
                break
            buf += d
    finally:
        s.close()
    head, _, rest = buf.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    hdrs = {}
    for ln in lines[1:]:
        k, _, v = ln.partition(":")
        hdrs[k.strip().lower()] = v.strip()
    status = int(lines[0].split()[1])
    ctype = hdrs.get("content-type", "")
    check_contract(method, path.split("?")[0], status, ctype, rest)
    return status, hdrs, rest


def metric(srv, name):
    text = srv.get("/metrics").body.decode()
    m = re.search(r"^" + re.escape(name) + r" (\d+)", text, re.M)
    return int(m.group(1))


def problem(status, hdrs, body, want_status, slug):
    assert status == want_status, (status, body)
    doc = json.loads(body)
    assert doc["status"] == want_status and doc["type"].endswith("/" + slug), doc
    assert int(hdrs["retry-after"]) >= 1, hdrs
    return doc


SLOW = "/v1/node-kayles"


def slow_body(i):
    # a search far longer than any time limit on any machine (the node
    # budget lifted by LONG_WORK_ARGS): only --max-analysis-seconds, or its
    # client hanging up, stops it
    body = dict(harness.long_search(i + 1))
    del body["game"]
    return json.dumps(body).encode()


class Held:
    """A heavy request from `source` kept open on its own thread."""

    def __init__(self, port, body, source):
        self.result = None
        self.sock = socket.socket()
        self.sock.settimeout(120)
        self.sock.bind((source, 0))
        self.sock.connect(("127.0.0.1", port))
        head = (f"POST {SLOW} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        self.sock.sendall(head + body)
        self.t = threading.Thread(target=self._read, daemon=True)
        self.t.start()

    def _read(self):
        try:
            d = self.sock.recv(65536)
            self.result = int(d.split()[1]) if d else "eof"
        except OSError as e:
            self.result = repr(e)

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)  # the hang-up cancels the analysis
        except OSError:
            pass
        self.t.join(30)
        self.sock.close()


def wait_for(cond, what, timeout=60):
    deadline = time.time() + timeout
    while not cond():
        assert time.time() < deadline, what
        time.sleep(0.02)


def test_rate_limit_per_client(_srv):
    srv = start(["--rate-per-client", "1", "--rate-burst", "5"])
    try:
        t0 = time.monotonic()
        statuses = []
        for _ in range(40):
            st, hdrs, body = raw(srv.port, "GET", "/v1", source=HEAVY)
            statuses.append(st)
            if st == 429:
                doc = problem(st, hdrs, body, 429, "rate-limited")
                assert "--rate-per-client" in doc["detail"]
                break
        elapsed = time.monotonic() - t0
        assert statuses[-1] == 429, statuses
        # a bucket of 5 regaining 1 a second lets through 5 + elapsed
        assert 5 <= statuses.count(200) <= 5 + int(elapsed) + 1, (statuses, elapsed)
        # another client is not affected; probes and /metrics are never counted
        assert raw(srv.port, "GET", "/v1", source=LIGHT)[0] == 200
        for path in ("/healthz", "/readyz", "/metrics"):
            assert raw(srv.port, "GET", path, source=HEAVY)[0] == 200
        assert raw(srv.port, "POST", "/v1/nim", b'{"piles":[1]}', source=HEAVY)[0] == 429
        text = srv.get("/metrics").body.decode()
        m = re.search(r'^grundyd_client_refusals_total\{reason="rate"\} (\d+)', text, re.M)
        assert int(m.group(1)) >= 2, text
        assert 'grundyd_requests_total{endpoint="/v1",status="429"}' in text
    finally:
        assert srv.stop() == 0


def test_client_behind_trusted_proxies(_srv):
    # the test's loopback peer is the "proxy"
    srv = start(["--rate-per-client", "1", "--rate-burst", "2",
                 "--trusted-proxies", "127.0.0.1/32, ::1"])
    try:
        def get(hdrs):
            return raw(srv.port, "GET", "/v1", headers=hdrs)[0]
        a = {"X-Forwarded-For": "203.0.113.1"}
        assert [get(a), get(a)] == [200, 200]
        assert get(a) == 429
        # a forged entry left of what the proxy wrote changes nothing
        assert get({"X-Forwarded-For": "198.51.100.9, 203.0.113.1"}) == 429
        # another forwarded client has a bucket of its own
        assert get({"X-Forwarded-For": "203.0.113.2"}) == 200
        # Forwarded is not read unless --forwarded-header says so: this is
        # the proxy itself (no X-Forwarded-For), a client of its own
        assert get({"Forwarded": "for=203.0.113.1"}) == 200
        # a peer that is not trusted: the header is not believed
        st = raw(srv.port, "GET", "/v1", source=HEAVY, headers={"X-Forwarded-For": "203.0.113.3"})[0]
        st2 = raw(srv.port, "GET", "/v1", source=HEAVY, headers={"X-Forwarded-For": "203.0.113.4"})[0]
        st3 = raw(srv.port, "GET", "/v1", source=HEAVY, headers={"X-Forwarded-For": "203.0.113.5"})[0]
        assert [st, st2, st3] == [200, 200, 429]
    finally:
        assert srv.stop() == 0
    srv = start(["--rate-per-client", "1", "--rate-burst", "1", "--trusted-proxies", "127.0.0.0/8",
                 "--forwarded-header", "forwarded"])
    try:
        def get(hdrs):
            return raw(srv.port, "GET", "/v1", headers=hdrs)[0]
        f = {"Forwarded": 'for="[2001:db8::17]:4711";proto=http, for=127.0.0.5'}
        assert get(f) == 200
        # the same /64
        assert get({"Forwarded": 'for="[2001:db8::99]"'}) == 429
        assert get({"Forwarded": 'for="[2001:db8:0:1::17]"'}) == 200
        # obfuscated: the last trusted hop (here the peer) is the client
        assert get({"Forwarded": "for=_hidden"}) == 200
        assert get({"Forwarded": "for=unknown"}) == 429
    finally:
        assert srv.stop() == 0
    for bad in (["--trusted-proxies", "10.0.0.0/33"], ["--forwarded-header", "via"]):
        s = Server(args=bad)
        try:
            s.start(timeout=5)
            raise AssertionError(f"{bad} was accepted")
        except RuntimeError as e:
            assert "exited early (2)" in str(e), e


def test_inflight_per_client_and_round_robin(_srv):
    srv = start(["--threads", "1", "--max-inflight-per-client", "3",
                 "--max-analysis-seconds", "20"])
    held = []
    try:
        # the heavy client: one analysis running, two queued behind it
        held.append(Held(srv.port, slow_body(0), HEAVY))
        wait_for(lambda: metric(srv, "grundyd_queue_running_jobs") == 1, "the first never ran")
        for i in (1, 2):
            held.append(Held(srv.port, slow_body(i), HEAVY))
        wait_for(lambda: metric(srv, "grundyd_queue_jobs") == 2, "the others were not queued")
        # its fourth is refused at once, nobody else's is
        st, hdrs, body = raw(srv.port, "POST", SLOW, slow_body(3), source=HEAVY)
        problem(st, hdrs, body, 429, "client-busy")
        # the light client's heavy-path request (a large body is not
        # answered inline) is served next: before the heavy client's queue
        # has drained, not after it
        piles = json.dumps({"piles": list(range(1, 2000))}).encode()
        done = {}

        def light():
            done["r"] = raw(srv.port, "POST", "/v1/nim", piles, source=LIGHT)
        t = threading.Thread(target=light)
        t.start()
        wait_for(lambda: metric(srv, "grundyd_queue_clients") == 2 or "r" in done,
                 "the light request was not queued")
        held[0].close()  # the running one stops: the worker takes the next client's job
        t.join(60)
        assert done["r"][0] == 200, done["r"]
        # the worker then takes the heavy client's next job (how soon depends
        # on the machine: wait for it, boundedly)
        wait_for(lambda: metric(srv, "grundyd_queue_jobs") == 1 and
                 metric(srv, "grundyd_queue_running_jobs") == 1, "the next job did not start")
        queued = metric(srv, "grundyd_queue_jobs")
        running = metric(srv, "grundyd_queue_running_jobs")
        results = [h.result for h in held[1:]]
        assert queued == 1 and running == 1 and results == [None, None], (queued, running, results)
        text = srv.get("/metrics").body.decode()
        assert re.search(r'^grundyd_client_refusals_total\{reason="inflight"\} 1$', text, re.M)
    finally:
        for h in held:
            h.close()
        assert srv.stop() == 0


def test_queue_timeout(_srv):
    srv = start(["--threads", "1", "--max-queue-seconds", "1", "--max-analysis-seconds", "30"])
    held = []
    try:
        held.append(Held(srv.port, slow_body(4), HEAVY))
        wait_for(lambda: metric(srv, "grundyd_queue_running_jobs") == 1, "the first never ran")
        st, hdrs, body = raw(srv.port, "POST", SLOW, slow_body(5), source=LIGHT)
        assert held[0].result is None, "the running analysis ended first; make it slower"
        doc = problem(st, hdrs, body, 503, "queue-timeout")
        assert "--max-queue-seconds" in doc["detail"] and hdrs["retry-after"] == "5"
        assert metric(srv, "grundyd_queue_timeouts_total") == 1
        # a small sequence GET takes the light lane: answered while the
        # only main worker is busy (sequence_light.c)
        st, hdrs, body = raw(srv.port, "GET", "/v1/octal/sequence?code=0.07&count=500",
                             source=LIGHT)
        assert st == 200, (st, body[:200])
        seq = json.loads(body)["sequence"]  # Dawson's Kayles
        assert len(seq) == 500 and seq[:10] == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0], seq[:10]
        # a larger one queued as long gets the same answer as the POST, as
        # a plain problem or as the stream's problem event
        st, hdrs, body = raw(srv.port, "GET",
                             "/v1/octal/sequence?code=0.7777777125&from=70000&count=5000",
                             source=LIGHT)
        problem(st, hdrs, body, 503, "queue-timeout")
        st, hdrs, body = raw(srv.port, "GET", "/v1/octal/sequence?code=0.7777777124&count=5000",
                             source=LIGHT, headers={"Accept": "text/event-stream"})
        assert st == 200 and b"event: problem" in body and b"queue-timeout" in body, body
        assert metric(srv, "grundyd_queue_timeouts_total") == 3
    finally:
        for h in held:
            h.close()
        assert srv.stop() == 0


def test_access_log_names_the_forwarded_client(_srv):
    srv = Server(args=["--trusted-proxies", "127.0.0.1"]).start()
    try:
        assert raw(srv.port, "GET", "/v1", headers={"X-Forwarded-For": "203.0.113.50"})[0] == 200
        assert raw(srv.port, "GET", "/v1", source=LIGHT,
                   headers={"X-Forwarded-For": "203.0.113.51"})[0] == 200
    finally:
        assert srv.stop() == 0
    log = srv.log_text()
    # the trusted proxy's request is logged as its client's; an untrusted
    # peer's as the peer's, whatever its header says
    assert "203.0.113.50" in log and "203.0.113.51" not in log and LIGHT in log, log


def test_requests_that_fit_alone_wait_for_memory(_srv):
    # a 2.3 MB Nim body takes ~23 MB to read and answer (the pool's path:
    # it is not small); two at once do not fit in 36M together.  Without
    # waiting, one of them would be 503 memory-unavailable.
    srv = start(["--threads", "2", "--max-memory", "36M"])
    try:
        piles = list(range(1, 300000))
        body = json.dumps({"piles": piles}).encode()
        want = 0
        for p in piles:
            want ^= p
        out = {}

        def one(i):
            out[i] = raw(srv.port, "POST", "/v1/nim", body, source=LIGHT)
        ts = [threading.Thread(target=one, args=(i,)) for i in range(3)]
        for t in ts:
            t.start()
        for t in ts:
            t.join(120)
        statuses = [out[i][0] for i in range(3)]
        waits = metric(srv, "grundyd_memory_waits_total")
        print(f"    three ~23 MB requests under --max-memory 36M: {statuses}, "
              f"{waits} waits for memory")
        assert statuses == [200, 200, 200], out
        assert all(json.loads(out[i][2])["grundy"] == want for i in range(3))
        assert metric(srv, "grundyd_queue_memory_waits") == 0
    finally:
        assert srv.stop() == 0
