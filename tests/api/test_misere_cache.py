"""The misère quotients a POST uses are kept in the table cache: a request
answered from a cached quotient (or from a cached "no quotient within the
limits") is byte for byte the answer of a daemon that builds it afresh,
whatever was asked before, and the cache counts the hit."""
import re

import harness

# Answered through a quotient (heaps past the first search's reach), through
# a complete quotient past its proof (heaps past 10^11, and heaps up to the
# POST's cap of 256, which the answer's max_heap names), or by the first
# search (small heaps).
REQUESTS = [
    {"code": "0.77", "heaps": [7, 12, 30], "misere": True, "all_winning_moves": True},
    {"code": "0.77", "heaps": ["300000000001", 7], "misere": True, "all_winning_moves": True},
    {"code": "0.77", "heaps": [200, 31, 9], "misere": True, "all_moves": True},
    {"code": "0.75", "heaps": [40, 1000], "misere": True, "all_winning_moves": True},
    {"code": "0.75", "heaps": [23, 12], "misere": True},
    {"code": "0.34", "heaps": [90, 17, 5], "misere": True, "all_winning_moves": True},
    {"code": "0.04", "heaps": [9, 4], "misere": True, "all_moves": True},
]


def hits(srv):
    text = srv.get("/metrics").body.decode()
    return int(re.search(r"^grundyd_table_cache_hits_total (\d+)$", text, re.M).group(1))


def answers(srv, order):
    out = {}
    for i in order:
        r = srv.post_json("/v1/octal", REQUESTS[i])
        out[i] = (r.status, r.body)
    return out


def test_cached_answers_are_the_fresh_ones(srv):
    # each request alone on a daemon of its own: every quotient built anew
    want = {}
    for i in range(len(REQUESTS)):
        fresh = harness.Server().start()
        try:
            want.update(answers(fresh, [i]))
        finally:
            assert fresh.stop() == 0
    for status, body in want.values():
        assert status == 200, body
    assert b'"misere_quotient":{' in want[1][1] and b'"complete":true' in want[1][1]
    # in two orders on one daemon: small heaps before huge ones and after
    first = answers(srv, range(len(REQUESTS)))
    before = hits(srv)
    again = answers(srv, reversed(range(len(REQUESTS))))
    assert hits(srv) > before
    assert first == want and again == want


def test_the_construction_stopping_is_cached_too(srv):
    # past the first search's reach, so the quotient is looked up: 0.04's
    # construction stops within a POST's limits (a split), and the second
    # request finds that in the cache instead of building again; whatever
    # the construction gives, the two answers are one
    body = {"code": "0.04", "heaps": [40, 33], "misere": True, "all_moves": True}
    a = srv.post_json("/v1/octal", body)
    before = hits(srv)
    b = srv.post_json("/v1/octal", body)
    assert hits(srv) > before
    assert a.status == b.status == 200 and a.body == b.body
    assert len(a.json()["moves"]) > 0


def test_a_search_past_its_limits_is_not_run_again(_):
    # 0.4 has no complete quotient covering heaps 40-43, and exhaustive
    # search of the position passes a budget of 20,000 positions: a 422.
    # The same request again is the same 422, found in the cache (one hit
    # more than a first request of another such position counts: the
    # quotient's lookups hit in both) instead of the same search re-run.
    srv = harness.Server(args=["--max-search-nodes", "20000"]).start()
    try:
        a = {"code": "0.4", "heaps": [40, 41, 42, 43], "misere": True}
        b = {"code": "0.4", "heaps": [40, 41, 42, 44], "misere": True}
        first = srv.post_json("/v1/octal", a, check=False)
        harness.expect_problem(first, 422, "/heaps")
        h0 = hits(srv)
        other = srv.post_json("/v1/octal", b, check=False)
        harness.expect_problem(other, 422, "/heaps")
        h1 = hits(srv)
        again = srv.post_json("/v1/octal", a, check=False)
        h2 = hits(srv)
        assert again.status == 422 and again.body == first.body
        assert h2 - h1 == (h1 - h0) + 1, (h0, h1, h2)
        # another budget, another answer: a daemon allowed the default
        # budget is not told "declined" by this one's cache (each daemon
        # its own cache), and a position in another order is its own key
        flipped = srv.post_json("/v1/octal", dict(a, heaps=[43, 42, 41, 40]), check=False)
        harness.expect_problem(flipped, 422, "/heaps")
        assert hits(srv) - h2 == h1 - h0
    finally:
        assert srv.stop() == 0
