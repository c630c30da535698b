"""A private daemon at its default flags refuses no well-behaved client
(issue 39, item 1): no token bucket unless configured, a generous
per-client share of --max-inflight, and a client's slot free before its
answer leaves (a client that sends its next request the moment it has an
answer is never told it is busy).

The per-client limits are at their defaults here: the harness turns them
off for the other modules (one test process is one client), so these
daemons drop its environment overrides.  No assertion depends on speed:
every check is a count of answers."""
import http.client
import json
import threading

import harness

NO_SERVER = True


def start(args=()):
    srv = harness.Server(args=["--log-format", "off"] + list(args))
    for k in ("GRUNDYD_RATE_PER_CLIENT", "GRUNDYD_MAX_INFLIGHT_PER_CLIENT",
              "GRUNDYD_RATE_BURST", "GRUNDYD_MAX_INFLIGHT"):
        srv.env.pop(k, None)
    return srv.start()


def keepalive_posts(srv, path, bodies):
    """POSTs each body in turn on one keep-alive connection; the statuses."""
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=300)
    out = []
    try:
        for b in bodies:
            conn.request("POST", path, body=json.dumps(b),
                         headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            r.read()
            out.append(r.status)
    finally:
        conn.close()
    return out


def test_thousand_sequential_requests_all_answered(_):
    srv = start()
    try:
        statuses = keepalive_posts(srv, "/v1/nim", [{"piles": [i % 7 + 1, 3, 5]}
                                                    for i in range(1000)])
        refused = [s for s in statuses if s != 200]
        assert not refused, f"{len(refused)} of 1000 refused: {sorted(set(refused))}"
    finally:
        assert srv.stop() == 0


def test_pooled_requests_one_at_a_time_never_busy(_):
    # One slot per client: the next request, sent the moment the answer
    # is in, must find the slot free (pool.c frees it before the answer
    # is handed back).  /v1/cgt runs on the worker pool.
    srv = start(["--max-inflight-per-client", "1"])
    try:
        exprs = [{"expression": "{%d|%d}" % (i % 5, -(i % 3))} for i in range(300)]
        statuses = keepalive_posts(srv, "/v1/cgt", exprs)
        busy = statuses.count(429)
        assert busy == 0 and set(statuses) == {200}, f"{busy} of 300 answered 429"
    finally:
        assert srv.stop() == 0


def test_sixteen_at_a_time_all_answered(_):
    srv = start()
    try:
        results = []
        lock = threading.Lock()

        def client(k):
            bodies = [{"code": "0.%d7" % (1 + (k + i) % 3), "heaps": [5 + k, 9, 13 + i]}
                      for i in range(3)]
            st = keepalive_posts(srv, "/v1/octal", bodies)
            with lock:
                results.extend(st)

        ts = [threading.Thread(target=client, args=(k,)) for k in range(16)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        assert len(results) == 48, results
        assert set(results) == {200}, f"not all 200: {sorted(results)}"
    finally:
        assert srv.stop() == 0


def test_event_stream_q0_is_not_a_stream(_):
    srv = start()
    try:
        q = "/v1/octal/sequence?code=0.07&count=20"
        for accept in ("text/event-stream;q=0", "text/event-stream; q=0.0, application/json",
                       "application/json, text/event-stream;q=0.000"):
            r = srv.get(q, headers={"Accept": accept})
            assert r.status == 200 and r.header("content-type") == "application/json", (accept, r)
            assert len(r.json()["sequence"]) == 20
        for accept in ("text/event-stream", "application/json;q=0.5, text/event-stream;q=0.1",
                       "TEXT/EVENT-STREAM ;q=1"):
            r = srv.get(q, headers={"Accept": accept})
            assert r.header("content-type") == "text/event-stream", (accept, r)
            assert b"event: result" in r.body
    finally:
        assert srv.stop() == 0


def test_make_run_binds_loopback_unless_told(_):
    import os
    import subprocess
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")

    def run_line(env_bind):
        env = dict(os.environ)
        env.pop("BIND", None)
        if env_bind is not None:
            env["BIND"] = env_bind
        out = subprocess.run(["make", "-n", "-s", "run"], cwd=root, env=env, check=True,
                             capture_output=True, text=True).stdout
        return [ln for ln in out.splitlines() if "--table-dir" in ln][0]

    assert "--bind 127.0.0.1 " in run_line(None)
    assert "--bind 0.0.0.0 " in run_line("0.0.0.0")
