"""--max-analysis-seconds: work longer than the limit stops with a 422.

Every game's own work is bounded by its limits, but a sum multiplies it,
and a search may be exponential.  The work here is long on any machine:
Node Kayles on random graphs of 64 vertices (harness.long_search) runs
past 30 s on the reference machine, and the node budget is lifted so that
only the clock can stop it.  So the 1 s limit fires
whatever the machine's speed, and the tests assert only what the limit
guarantees (a 422 naming the flag and the component), never how long it
took; the client's timeout is a guard against a search that never stops.
"""
import json

from harness import LONG_WORK_ARGS, expect_problem, long_search, octal_values

SERVER_ARGS = ["--max-analysis-seconds", "1"] + LONG_WORK_ARGS
HANG = 120  # seconds: the client gives up only on a daemon that never stops


# Two instant components, then the long ones: the stop is in the third.
LONG_SUM = {"components": [{"game": "nim", "piles": [3]}, {"game": "nim", "piles": [5]}]
            + [long_search(s) for s in range(1, 4)]}


def test_long_sum_stops_with_422(srv):
    p = expect_problem(srv.post_json("/v1/sum", LONG_SUM, timeout=HANG), 422)
    assert "--max-analysis-seconds" in p["detail"], p
    assert p["pointer"].startswith("/components/"), p
    stopped = int(p["pointer"].split("/")[2])
    # the nim components are answered; it stops in a search
    assert 2 <= stopped < len(LONG_SUM["components"]), p


def test_daemon_keeps_serving_after_the_limit(srv):
    expect_problem(srv.post_json("/v1/sum", LONG_SUM, timeout=HANG), 422)
    r = srv.post_json("/v1/nim", {"piles": [1, 2]})
    assert r.status == 200 and r.json()["grundy"] == 3


def test_short_sums_are_unaffected(srv):
    body = {"components": [{"game": "nim", "piles": [5]},
                           {"game": "octal", "code": "0.07", "heaps": [9]},
                           {"game": "subtraction", "max_take": 3, "piles": [6]}]}
    r = srv.post_json("/v1/sum", body)
    assert r.status == 200, r.json()
    want = [5, octal_values("0.07", 10)[9], 6 % 4]
    assert r.json()["component_grundy"] == want
    assert r.json()["grundy"] == want[0] ^ want[1] ^ want[2]


def test_search_stops_at_the_time_limit(srv):
    # the engine polls gr_arena_check, so the search itself stops, with the
    # time limit's 422 and its flag named
    body = dict(long_search(5))
    del body["game"]
    p = expect_problem(srv.post_json("/v1/node-kayles", body, timeout=HANG), 422)
    assert "--max-analysis-seconds" in p["detail"], p
    r = srv.post_json("/v1/chomp", {"rows": 3, "cols": 3})
    assert r.status == 200 and r.json()["grundy"] == 5


def test_three_heap_listing_on_a_huge_heap_stops_in_time(srv):
    """0.F (hex: a move may leave three heaps) is periodic, so a heap of
    2*10^10 + 1 is answered from the period; listing its winning moves
    enumerates three-heap splits, m/2 of them for the first heap alone,
    and must stop at the time limit (or the work bound), not run on."""
    for extra in ({"all_winning_moves": True}, {"all_moves": True, "max_moves": 3}):
        body = dict({"code": "0.F", "heaps": [20000000001]}, **extra)
        expect_problem(srv.post_json("/v1/octal", body, timeout=HANG), 422)
    # a winning move alone is found at once, and the daemon still serves
    r = srv.post_json("/v1/octal", {"code": "0.F", "heaps": [20000000001]})
    assert r.status == 200 and json.loads(r.body)["winning_move"] is not None
    assert srv.get("/healthz").status == 200
