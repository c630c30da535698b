"""Misère quotients are built once (issue 39, item 7; docs/misere.md,
"Computed once"): concurrent identical quotient GETs share one build,
repeated GETs and POSTs are answered from the table cache, and a quotient
proven complete (or a build stopped by a limit) answers the other bounds its
build covers.  grundyd_quotient_builds_total counts the builds: the
assertions are on counts and on bodies, never on time."""
import re
import socket
import threading
import time

import harness

Q = "/v1/octal/misere-quotient"


def builds(srv):
    text = srv.get("/metrics").body.decode()
    return int(re.search(r"^grundyd_quotient_builds_total (\d+)$", text, re.M).group(1))


def fresh_bodies(paths):
    """Each GET on a daemon of its own: the quotient built for that bound."""
    out = {}
    for p in paths:
        d = harness.Server().start()
        try:
            r = d.get(p, check=False)
            out[p] = (r.status, r.body)
        finally:
            assert d.stop() == 0
    return out


def test_concurrent_identical_gets_build_once(srv):
    path = Q + "?code=0.07&max_heap=29"
    before = builds(srv)
    results = [None] * 8

    def one(i):
        results[i] = srv.get(path, check=False)

    ts = [threading.Thread(target=one, args=(i,)) for i in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert [r.status for r in results] == [200] * 8, [r.body[:200] for r in results]
    assert len({r.body for r in results}) == 1
    assert results[0].json()["order"] == 176
    assert builds(srv) == before + 1
    # the repeated GET is a hit
    again = srv.get(path)
    assert again.body == results[0].body
    assert builds(srv) == before + 1


def test_a_limit_is_built_once_for_every_bound_past_it(srv):
    # 0.07's construction stops at heap 30: the same 422 for 30 and beyond
    first = srv.get(Q + "?code=0.07&max_heap=30", check=False)
    harness.expect_problem(first, 422, "/query/max_heap")
    n = builds(srv)
    for m in (30, 31, 64):
        r = srv.get(Q + f"?code=0.07&max_heap={m}", check=False)
        assert r.status == 422 and r.json()["detail"] == first.json()["detail"]
    assert builds(srv) == n


def test_a_complete_quotient_answers_the_bounds_past_its_proof(srv):
    # 0.123 is proven complete (preperiod 5, period 5) within 60 heaps: the
    # builds for 30 and 200 stop at the same heap, so they are answered from
    # it, byte for byte what a daemon building them afresh answers; a bound
    # below the proof heap is built for itself
    paths = [Q + f"?code=0.123&max_heap={m}" for m in (60, 30, 200, 3)]
    want = fresh_bodies(paths)
    n = builds(srv)
    got = {p: srv.get(p, check=False) for p in paths}
    for p in paths:
        assert (got[p].status, got[p].body) == want[p], p
    assert got[paths[0]].json()["complete"] is True
    assert got[paths[2]].json()["max_heap"] == 200
    assert builds(srv) == n + 2  # 60, then 3; 30 and 200 from 60's
    for p in paths:
        assert srv.get(p).body == want[p][1]
    assert builds(srv) == n + 2


def test_the_repeated_post_uses_the_cached_quotient(srv):
    body = {"code": "0.34", "heaps": [90, 17, 5], "misere": True, "all_winning_moves": True}
    a = srv.post_json("/v1/octal", body)
    n = builds(srv)
    b = srv.post_json("/v1/octal", body)
    assert a.status == b.status == 200 and a.body == b.body
    assert b'"misere_quotient":{' in a.body
    assert builds(srv) == n


def raw_get(port, path):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    return s


def test_a_waiter_takes_over_when_the_builder_leaves(srv):
    # a client asks and hangs up while a second waits for the same build:
    # the second is answered in full whichever of them began the build
    path = Q + "?code=0.07&max_heap=28"
    n = builds(srv)
    leaver = raw_get(srv.port, path)
    for _ in range(3000):  # until its build has begun (no time asserted)
        if builds(srv) > n:
            break
        time.sleep(0.02)
    result = []
    t = threading.Thread(target=lambda: result.append(srv.get(path, check=False)))
    t.start()
    leaver.close()
    t.join()
    assert result[0].status == 200, result[0].body[:300]
    assert result[0].json()["max_heap"] == 28
    assert builds(srv) <= n + 2
