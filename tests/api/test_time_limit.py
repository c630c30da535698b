"""--max-analysis-seconds: a sum of many hard components stops with a 422.

Each game's own work is bounded by its limits (an octal code's table stops
at 32768 values), but a sum multiplies it: 36 octal components of codes
with up to 64 digits took 18 s of CPU from a 3 KB body before the limit
existed.  With a 1 s limit the sum must stop at a component boundary,
say which component it stopped before, and leave the daemon serving.
"""
import json
import random
import time

from harness import expect_problem

SERVER_ARGS = ["--max-analysis-seconds", "1", "--max-octal-values", "32768"]

# Hard octal games: long codes whose periodicity is not confirmed early, so
# every component computes its whole table (about 0.5 s each here).
CODES = ["0.1337777777777777777777777777777777777777777777777777777777777777"[:i]
         for i in range(30, 66)]


def test_long_sum_stops_with_422(srv):
    body = {"components": [{"game": "octal", "code": c, "heaps": [30000]} for c in CODES]}
    p = expect_problem(srv.post_json("/v1/sum", body), 422)
    assert "--max-analysis-seconds" in p["detail"], p
    assert p["pointer"].startswith("/components/"), p
    stopped = int(p["pointer"].split("/")[2])
    # it stopped early: at least one component was solved, not all of them
    assert 1 <= stopped < len(CODES), p


def test_daemon_keeps_serving_after_the_limit(srv):
    body = {"components": [{"game": "octal", "code": c, "heaps": [30000]} for c in CODES]}
    expect_problem(srv.post_json("/v1/sum", body), 422)
    r = srv.post_json("/v1/nim", {"piles": [1, 2]})
    assert r.status == 200 and r.json()["grundy"] == 3


def octal_brute(digits, n):
    """Grundy value of a heap of n in the octal game 0.d1d2... by mex."""
    g = [0] * (n + 1)
    for h in range(1, n + 1):
        seen = set()
        for j, d in enumerate(digits, start=1):
            if j > h:
                break
            r = h - j
            if d & 1 and r == 0:
                seen.add(0)
            if d & 2 and r >= 1:
                seen.add(g[r])
            if d & 4 and r >= 2:
                seen.update(g[a] ^ g[r - a] for a in range(1, r))
        g[h] = min(set(range(len(seen) + 1)) - seen)
    return g[n]


def test_short_sums_are_unaffected(srv):
    body = {"components": [{"game": "nim", "piles": [5]},
                           {"game": "octal", "code": "0.07", "heaps": [9]},
                           {"game": "subtraction", "max_take": 3, "piles": [6]}]}
    r = srv.post_json("/v1/sum", body)
    assert r.status == 200, r.json()
    want = [5, octal_brute([0, 7], 9), 6 % 4]
    assert r.json()["component_grundy"] == want
    assert r.json()["grundy"] == want[0] ^ want[1] ^ want[2]


def test_search_stops_at_the_time_limit(srv):
    # Node Kayles on G(50, 0.12): about 5 s of search within the default
    # node budget, so the 1 s limit stops it first (the engine polls
    # gr_arena_check), with the time limit's 422 and its flag named.
    rng = random.Random(5)
    n = 50
    edges = [[u, v] for u in range(n) for v in range(u + 1, n) if rng.random() < 0.12]
    t0 = time.monotonic()
    p = expect_problem(srv.post_json("/v1/node-kayles", {"vertices": n, "edges": edges}), 422)
    assert time.monotonic() - t0 < 3, "the search ran well past the 1 s limit"
    assert "--max-analysis-seconds" in p["detail"], p
    r = srv.post_json("/v1/chomp", {"rows": 3, "cols": 3})
    assert r.status == 200 and r.json()["grundy"] == 5


def test_three_heap_listing_on_a_huge_heap_stops_in_time(srv):
    """0.F (hex: a move may leave three heaps) is periodic, so a heap of
    2*10^10 + 1 is answered from the period; listing its winning moves
    enumerates three-heap splits, m/2 of them for the first heap alone,
    and must stop at the time limit (or the work bound), not run on."""
    for extra in ({"all_winning_moves": True}, {"all_moves": True, "max_moves": 3}):
        t0 = time.time()
        body = dict({"code": "0.F", "heaps": [20000000001]}, **extra)
        p = expect_problem(srv.post_json("/v1/octal", body, timeout=20), 422)
        took = time.time() - t0
        assert took < 5, (extra, took, p)
    # a winning move alone is found at once, and the daemon still serves
    r = srv.post_json("/v1/octal", {"code": "0.F", "heaps": [20000000001]})
    assert r.status == 200 and json.loads(r.body)["winning_move"] is not None
    assert srv.get("/healthz").status == 200
