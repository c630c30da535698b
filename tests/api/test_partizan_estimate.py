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
import random

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


# --- "outcome_only": the proof search's refusal up front -------------------
#
# A board whose largest region has 74 empty cells or more has a forecast
# (src/core/domineering_estimate.c, log10(nodes) = 6.4 + 0.08 (cells - 74));
# when it exceeds the request's budget in nodes, the search first runs under
# a hundredth of that budget, and only a board that probe leaves open is
# refused: 422, the flag of the budget, an "estimate" member.

def wide(r, c, filled=lambda i, j: False):
    return ["".join("#" if filled(i, j) else "." for j in range(c)) for i in range(r)]


def outcome_refused(resp, limit):
    p = expect_problem(resp, 422, "/board")
    e = p["estimate"]
    assert e["limit"] == limit, p
    assert e["search_nodes"] > e["limit_nodes"] > 0, p
    assert "outcome_only" in p["detail"] and "probe" in p["detail"] and limit in p["detail"], p
    return p


def transposed(rows):
    return ["".join(row[i] for row in rows) for i in range(len(rows[0]))]


def test_outcome_refused_at_the_defaults(srv):
    """9x9, 9x10 and 10x10 held a worker for the whole 30 s time limit and
    ended 422; a random 10x10 board with 12 filled cells likewise (88
    cells; the line refuses from 81 on at the defaults)."""
    rnd = random.Random(37)
    holes = set(rnd.sample(range(100), 12))
    boards = [wide(9, 9), wide(9, 10), wide(10, 10),
              wide(10, 10, lambda i, j: i * 10 + j in holes)]
    for rows in boards:
        p = outcome_refused(srv.post_json(DOM, {"board": rows, "outcome_only": True}),
                            "--max-search-nodes")
        assert p["type"].endswith("/limit-exceeded"), p
        assert p["estimate"]["limit_nodes"] == 8000000, p
        cells = sum(row.count(".") for row in rows)
        assert f"{cells} empty cells" in p["detail"], p
    # the value of the same board is still the 64-cell limit's 422, no estimate
    p = expect_problem(srv.post_json(DOM, {"board": wide(9, 9)}), 422, "/board")
    assert "estimate" not in p, p


def replayed(srv, rows, ans):
    """The opponent, moving first after each winning move, loses."""
    for side, key in ((0, "left_move"), (1, "right_move")):
        if ans[key] is None:
            continue
        (r1, c1), (r2, c2) = ans[key]["cells"]
        grid = [list(row) for row in rows]
        assert grid[r1][c1] == "." and grid[r2][c2] == ".", (rows, ans)
        grid[r1][c1] = grid[r2][c2] = "#"
        after = srv.post_json(DOM, {"board": ["".join(g) for g in grid], "outcome_only": True})
        assert after.json()["outcome"] in (("L", "P") if side == 0 else ("R", "P")), (ans, after.body)


def test_outcome_probe_answers_a_lopsided_board(_):
    """80 empty cells in one region, over the line under a node budget of
    10^6 (forecast 7.6 M), but Right's horizontal dominoes fit only in the
    six full rows (the other four keep every other cell filled) while
    Left's vertical ones cross them: the probe (10,001 nodes) settles it
    (about 4,600), so it is answered, not refused.  The same board
    transposed is Right's; each winning move replayed."""
    srv = Server(args=["--max-search-nodes", "1000000"]).start()
    try:
        rows = wide(10, 10, lambda i, j: i % 3 == 0 and j % 2 == 1)
        for board, want in ((rows, "L"), (transposed(rows), "R")):
            ans = srv.post_json(DOM, {"board": board, "outcome_only": True}).json()
            assert ans["outcome"] == want, ans
            replayed(srv, board, ans)
        # a board as large that the probe leaves open is refused there
        p = outcome_refused(srv.post_json(DOM, {"board": wide(8, 10), "outcome_only": True}),
                            "--max-search-nodes")
        assert p["estimate"]["limit_nodes"] == 1000000 and "80 empty cells" in p["detail"], p
    finally:
        assert srv.stop() == 0


def test_outcome_under_the_line_is_searched(_):
    """Under a node budget of 200,000 the line refuses from 74 cells on;
    a board of 73 (8x10 with 7 cells filled, in one region) or 72 (8x9) is
    searched and stopped by the search itself (422, no estimate), boards
    of two regions under 74 cells each likewise, and a padded 6x7 board
    (L, published) is answered."""
    srv = Server(args=["--max-search-nodes", "200000"]).start()
    try:
        for rows in (wide(8, 10, lambda i, j: i == 3 and j < 7), wide(8, 9),
                     wide(10, 10, lambda i, j: i == 5)):
            r = srv.post_json(DOM, {"board": rows, "outcome_only": True})
            p = expect_problem(r, 422)
            assert "estimate" not in p and p["type"].endswith("/limit-exceeded"), (rows, p)
        p = outcome_refused(srv.post_json(DOM, {"board": wide(8, 10, lambda i, j: i == 3 and j < 6),
                                                "outcome_only": True}), "--max-search-nodes")
        assert p["estimate"]["limit_nodes"] == 200000 and "74 empty cells" in p["detail"], p
        padded = wide(10, 10, lambda i, j: not (2 <= i < 8 and 1 <= j < 8))
        assert srv.post_json(DOM, {"board": padded, "outcome_only": True}).json()["outcome"] == "L"
    finally:
        assert srv.stop() == 0


def test_outcome_time_limit_refusal(_):
    """With the node budget raised, the time limit is the least budget: at
    2 * 10^6 nodes a second assumed (several times the measured rate), 1 s
    is 2 * 10^6 nodes; 10x10 is refused naming --max-analysis-seconds, and
    a 6x6 board is still answered (N, published)."""
    srv = Server(args=["--max-analysis-seconds", "1", "--max-search-nodes", "1000000000"]).start()
    try:
        p = outcome_refused(srv.post_json(DOM, {"board": wide(10, 10), "outcome_only": True}),
                            "--max-analysis-seconds")
        assert p["estimate"]["limit_nodes"] == 2000000, p
        ans = srv.post_json(DOM, {"board": wide(6, 6), "outcome_only": True}).json()
        assert ans["outcome"] == "N", ans
    finally:
        assert srv.stop() == 0
