"""Memory: each request's arena honours --max-request-memory (over it: a
413 problem, and the daemon keeps serving), and resident memory stays flat
across thousands of large requests."""
import concurrent.futures
import json
import random
import time

from common import expect_problem, figure, rss_kb, running, start


def big_requests(rng):
    """Large but valid requests of several endpoints (path, body)."""
    out = []
    for _ in range(6):
        out.append(("/v1/nim", json.dumps({"piles": [rng.randrange(1, 2**40) for _ in range(20000)],
                                           "all_winning_moves": True})))
    for _ in range(6):
        n = 20000
        parent = [-1] + [rng.randrange(max(0, i - 50), i) for i in range(1, n)]
        out.append(("/v1/hackenbush/tree", json.dumps({"parent": parent})))
    for _ in range(4):
        n = 5000
        edges = [[rng.randrange(n), rng.randrange(n)] for _ in range(10000)]
        out.append(("/v1/hackenbush/graph", json.dumps({"edges": edges, "ground": [0],
                                                        "all_winning_moves": True})))
    for _ in range(4):
        out.append(("/v1/subtraction", json.dumps({"piles": [rng.randrange(1, 2**50) for _ in range(5000)],
                                                   "subtraction_set": [2, 5, 7, 11]})))
    return out


def test_request_over_max_request_memory_gets_413_and_daemon_serves_on():
    with running(["--max-request-memory", "2M"]) as srv:
        rng = random.Random(5)
        cases = [
            ("/v1/nim", json.dumps({"piles": [1] * 150000})),                # fits the body, not the parse
            ("/v1/nim", json.dumps({"piles": [rng.randrange(2**40) for _ in range(300000)]})),  # body alone > 2M
            ("/v1/hackenbush/tree", json.dumps({"parent": [-1] + list(range(0, 99999))})),
            ("/v1/hackenbush/graph", json.dumps({"edges": [[i, i + 1] for i in range(60000)],
                                                 "ground": [0]})),
            ("/v1/ordinal-trees", json.dumps({"trees": [[[]] * 60000]})),
        ]
        statuses = []
        for path, body in cases:
            r = srv.post_raw(path, body)
            statuses.append(r.status)
            p = expect_problem(r, 413)
            assert p["type"].endswith("/memory-budget-exceeded"), p
            ok = srv.post_json("/v1/nim", {"piles": [3, 4, 5]})
            assert ok.status == 200, ok
        peak = [ln for ln in srv.get("/metrics").body.decode().splitlines()
                if ln.startswith("grundyd_arena_peak_bytes")]
        figure(f"--max-request-memory 2M: {len(cases)} large requests (nim, tree, graph, ordinal) "
               f"-> {statuses}; a small request served after each; {peak[0] if peak else ''}")
        assert srv.get("/healthz").status == 200


def test_rss_flat_across_thousands_of_large_requests():
    with running(["--threads", "2"]) as srv:
        rng = random.Random(7)
        reqs = big_requests(rng)

        def send(item):
            path, body = item
            r = srv.post_raw(path, body, check=False, timeout=120)
            assert r.status == 200, (path, r)
            return len(body)

        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as ex:
            list(ex.map(send, reqs * 10))            # warm-up: allocator pools settle
        before = rss_kb(srv.proc.pid)
        t0 = time.time()
        n = 2000
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as ex:
            sent = sum(ex.map(send, (reqs[i % len(reqs)] for i in range(n))))
        after = rss_kb(srv.proc.pid)
        figure(f"RSS before/after {n} large requests ({sent / 2**20:.0f} MB of JSON, "
               f"{time.time() - t0:.0f} s): {before / 1024:.1f} MB / {after / 1024:.1f} MB")
        # A leaked arena per request would be gigabytes here; allow allocator slack.
        assert after <= before * 1.5 + 32 * 1024, f"RSS grew from {before} kB to {after} kB"


def test_process_budget_across_requests():
    """--max-memory bounds every request arena together: four concurrent
    66-byte game graphs of 3,000,000 positions (about 0.5 GB each) under a
    700 MB budget stay below 800 MB resident, those that do not fit get 503
    with Retry-After, and the memory goes back to the system afterwards."""
    import http.client
    import threading

    srv = start(["--max-memory", "700M"])
    body = json.dumps({"positions": 3000000, "moves": [], "start": [0], "include_values": True})
    peak = [0]
    done = threading.Event()

    def watch():
        while not done.is_set():
            peak[0] = max(peak[0], rss_kb(srv.proc.pid))
            time.sleep(0.01)

    results = []

    def one():
        c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=120)
        c.request("POST", "/v1/game-graph", body=body, headers={"Content-Type": "application/json"})
        r = c.getresponse()
        data = r.read()
        results.append((r.status, r.getheader("Retry-After"), data))
        c.close()

    try:
        w = threading.Thread(target=watch)
        w.start()
        ts = [threading.Thread(target=one) for _ in range(4)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        time.sleep(5)
        done.set()
        w.join()
        after = rss_kb(srv.proc.pid)
        statuses = sorted(s for s, _, _ in results)
        for status, retry, data in results:
            assert status in (200, 503), (status, data[:300])
            if status == 503:
                doc = json.loads(data)
                assert doc["type"].endswith("/memory-unavailable"), doc
                assert retry is not None
        assert peak[0] < 800 * 1024, peak[0]
        assert after < 150 * 1024, after
        figure(f"4 x 3,000,000-position game graphs, --max-memory 700M: statuses {statuses}, "
               f"peak RSS {peak[0] // 1024} MB, {after // 1024} MB 5 s later")
    finally:
        done.set()
        assert srv.stop() == 0
