"""Domineering values refused up front by their forecast cost (issue 37 item 5).

Before the canonical-form search, the daemon forecasts its cost in the
search's own nodes (src/core/domineering_estimate.c, a lower estimate from
the largest region's placements) and compares it with the request's
budgets converted to nodes (src/games/domineering.c).  A board over them is
answered at once with the problem a client got when the search ran out --
413 `memory-budget-exceeded` for memory, 422 `limit-exceeded` for the node
budget or the time limit -- plus an `estimate` member.  Nothing here reads a
clock: a board "not refused up front" is one whose answer is a value, or a
problem without `estimate` (the search itself ran and stopped).

References: values of small empty rectangles from the definitions (the 2x2
board is {1|-1} = ±1, a 1xn strip -floor(n/2); the 5x5 board is 0 by its
symmetry: it is its own transposition, so G = -G), and the outcome classes
of MCGS's ten 7x7 boards with 15 stones (CGSuite 2.1.1, in MCGS's
input/autotests/domineering_autotests/7x7_15_stones.test; B = Left).
"""
from harness import Server, expect_problem

DOM, SUM = "/v1/domineering", "/v1/sum"

# MCGS's 7x7 boards with 15 stones and CGSuite's outcome (B first, W first)
MCGS_7X7_15 = (
    (".#.##..|.###.#.|.#....#|.#....#|.......|......#|....###", "N"),
    ("......#|..#...#|.##..##|##..#.#|##...#.|.......|....#..", "L"),
    ("##..#..|.#...#.|.#..#..|......#|....##.|###....|..#...#", "R"),
    ("..#....|...#..#|......#|.#..###|.#.....|#..#...|.#.#.##", "N"),
    ("...#..#|......#|...#...|#...##.|#.....#|#.....#|##..#.#", "N"),
    (".....#.|....#.#|..##.#.|####...|.##....|..##...|...#...", "N"),
    ("....#.#|###...#|....###|.#.##..|......#|#....#.|.......", "R"),
    (".#.....|...#...|##.###.|.##....|#...#..|......#|..###..", "R"),
    (".#....#|...#.#.|.....#.|...###.|.#....#|#.#....|..#..##", "L"),
    ("...##..|....##.|.#.###.|..#....|##..#..|..#..#.|....#..", "N"),
)


def rect(r, c):
    return ["." * c] * r


def refused(resp, status, limit):
    p = expect_problem(resp, status)
    e = p["estimate"]
    assert e["limit"] == limit, p
    assert e["search_nodes"] > e["limit_nodes"] > 0, p
    assert "outcome_only" in p["detail"] and limit in p["detail"], p
    return p


def test_large_boards_refused_at_the_defaults(srv):
    # 6x6 used to end 413 after 12-24 s: the memory budget (512 MiB) is the
    # first the search would exceed, so 413 with the same type
    for r, c in ((6, 6), (6, 7), (7, 7), (8, 8), (5, 8)):
        p = refused(srv.post_json(DOM, {"board": rect(r, c)}), 413, "--max-request-memory")
        assert p["type"].endswith("/memory-budget-exceeded"), p
        assert "pointer" not in p, p
    # in a sum such a board is not valued but searched as a position
    # (issue 37 item 4, tests/api/test_sum_partizan_positions.py)
    body = {"components": [{"game": "nim", "piles": [3]},
                           {"game": "domineering", "board": rect(6, 6)}]}
    a = srv.post_json(SUM, body).json()
    assert a["method"] == "search" and a["searched_components"] == [1], a
    # who wins is still answered, by the proof search
    ans = srv.post_json(DOM, {"board": rect(6, 6), "outcome_only": True}).json()
    assert ans["outcome"] == "N", ans


def test_small_boards_still_answer(srv):
    want = {(1, 2): "-1", (2, 1): "1", (2, 2): "±1", (1, 4): "-2", (5, 5): "0",
            (3, 8): "{-1/2|-3||-13/4|-11/2}"}
    for (r, c), v in want.items():
        ans = srv.post_json(DOM, {"board": rect(r, c)}).json()
        assert ans["value"] == v, (r, c, ans)
    # the transposed board is the negative
    assert srv.post_json(DOM, {"board": rect(8, 3)}).json()["value"] == "{11/2|13/4||3|1/2}"


def test_boards_that_fit_are_searched(_):
    """Under a 1 s time limit (10^6 nodes by the forecast's count) every
    board that finishes at the defaults is still searched: its answer is a
    value or the search's own stop, never a refusal with an estimate."""
    srv = Server(args=["--max-analysis-seconds", "1"]).start()
    try:
        boards = [(rect(r, c), None) for r, c in ((4, 7), (5, 6), (6, 5), (3, 10), (4, 8))]
        boards += [(b.split("|"), o) for b, o in MCGS_7X7_15]
        for rows, outcome in boards:
            r = srv.post_json(DOM, {"board": rows}, check=False)
            if r.status == 200:
                ans = r.json()
                assert outcome is None or ans["outcome"] == outcome, (rows, ans)
                continue
            p = expect_problem(r, 422)
            assert "estimate" not in p and "time limit" in p["detail"], (rows, p)
        # and 6x6 is refused there by the time limit
        refused(srv.post_json(DOM, {"board": rect(6, 6)}), 422, "--max-analysis-seconds")
    finally:
        assert srv.stop() == 0


def test_node_budget_refusal(_):
    srv = Server(args=["--max-search-nodes", "50000"]).start()
    try:
        p = refused(srv.post_json(DOM, {"board": rect(5, 6)}), 422, "--max-search-nodes")
        assert p["type"].endswith("/limit-exceeded"), p
        assert p["estimate"]["limit_nodes"] == 50000, p
        # 4x6 needs 22,320 nodes: answered
        ans = srv.post_json(DOM, {"board": rect(4, 6)}).json()
        assert ans["outcome"] == "N", ans
    finally:
        assert srv.stop() == 0
