"""Overload: at most --max-inflight analyses are solved at once; past it a
request gets 503 with Retry-After at once (before its body is read)
instead of queueing work and memory without bound."""
import json
import re
import threading
import time

from common import connect, expect_problem, figure, read_response, request_bytes, running
import harness  # noqa: E402 (common puts tests/api on the path)

# A search far longer than any limit on any machine (the node budget lifted
# below): only the time limit ends it.
SLOW = json.dumps({k: v for k, v in harness.long_search(1).items() if k != "game"}).encode()


def in_flight(srv):
    text = srv.get("/metrics").body.decode()
    m = re.search(r"^grundyd_requests_in_flight (\d+)", text, re.M)
    return int(m.group(1))


def slow_request(port, out, i):
    s = connect(port)
    s.sendall(request_bytes("POST", "/v1/node-kayles", SLOW))
    try:
        out[i] = read_response(s, deadline=120)[0]
    except OSError as e:
        out[i] = repr(e)
    s.close()


def test_max_inflight_gives_503_with_retry_after():
    with running(["--threads", "8", "--max-inflight", "2", "--max-analysis-seconds", "5"]
                 + harness.LONG_WORK_ARGS) as srv:
        results = [None, None]
        threads = []
        # One at a time: a worker busy solving accepts no new connection, so
        # the second slow request lands on another worker and both solve.
        for i in range(2):
            t = threading.Thread(target=slow_request, args=(srv.port, results, i))
            t.start()
            threads.append(t)
            deadline = time.time() + 20
            while in_flight(srv) < i + 2 and time.time() < deadline:  # +1: /metrics itself
                time.sleep(0.02)
        assert all(r is None for r in results), f"the slow requests ended too soon: {results}"
        probes = []
        for _ in range(5):
            t0 = time.time()
            r = srv.post_raw("/v1/nim", b'{"piles":[1,2]}', check=True)
            probes.append((r, time.time() - t0))
        busy = all(r is None for r in results)
        for t in threads:
            t.join(120)
        after = srv.post_raw("/v1/nim", b'{"piles":[1,2]}')
        n503 = sum(1 for r, _ in probes if r.status == 503)
        figure(f"--max-inflight 2 with 2 slow analyses solving: {n503}/5 further requests got 503 "
               f"(Retry-After: {probes[0][0].header('retry-after')}) in at most "
               f"{max(t for _, t in probes) * 1000:.1f} ms; the slow ones: {results}; "
               f"afterwards: {after.status}")
        assert busy, "the slow requests finished before the probes were done; make them slower"
        for r, _ in probes:
            p = expect_problem(r, 503)
            assert p["type"].endswith("/overloaded")
            assert r.header("retry-after") == "1"
        # the slow ones were not disturbed: they ran to their time limit (their
        # search is longer than any) and were answered 422 then
        assert results == [422, 422], results
        assert after.status == 200
