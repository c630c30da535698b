"""Domineering outcomes by proof search ("outcome_only": true) over HTTP.

Published outcomes of empty rectangles (Breuker, Uiterwijk and van den
Herik 2000; Lachmann, Moore and Rapaport 2002): 6x6 and 7x7 are first-player
wins (N), 6x7 a win for Left, the vertical player, whoever starts (L), 7x6
one for Right (R).  Each winning move is replayed: the board it leaves,
asked again, must be lost by the other player moving first.  Random boards
of up to 18 empty cells in an 8x8 frame are checked against minimax from
the definitions.  The 8x8 board (N) is asked of the daemon at its default
limits: about 1 s of CPU per request on the development machine (bench/
RESULTS.md, "Domineering against Obsequi"), so well inside the 30 s
analysis limit on a machine several times slower, or under a sanitizer.
"""
import functools
import random

DOM = "/v1/domineering"


def post(srv, body):
    r = srv.post_json(DOM, body)
    assert r.status == 200, (body, r.status, r.body[:400])
    return r.json()


def after_move(rows, side, mv):
    (r1, c1), (r2, c2) = mv["cells"]
    assert (r2, c2) == ((r1 + 1, c1) if side == 0 else (r1, c1 + 1)), mv
    grid = [list(row) for row in rows]
    assert grid[r1][c1] == "." and grid[r2][c2] == ".", (rows, mv)
    grid[r1][c1] = grid[r2][c2] = "#"
    return ["".join(row) for row in grid]


def replay(srv, rows, ans):
    """The opponent, moving first after each winning move, loses."""
    for side, key in ((0, "left_move"), (1, "right_move")):
        if ans[key] is None:
            continue
        after = post(srv, {"board": after_move(rows, side, ans[key]), "outcome_only": True})
        assert after["outcome"] in (("L", "P") if side == 0 else ("R", "P")), (rows, ans, after)


def minimax_outcome(rows):
    cells = frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == ".")

    @functools.lru_cache(maxsize=None)
    def wins(pos, side):
        for (r, c) in pos:
            other = (r + 1, c) if side == 0 else (r, c + 1)
            if other in pos and not wins(pos - {(r, c), other}, 1 - side):
                return True
        return False

    lw, rw = wins(cells, 0), wins(cells, 1)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(lw, rw)]


def test_published_rectangles(srv):
    for (rows, cols, want) in ((6, 6, "N"), (6, 7, "L"), (7, 6, "R"), (7, 7, "N")):
        board = ["." * cols] * rows
        ans = post(srv, {"board": board, "outcome_only": True})
        assert ans["outcome"] == want, (rows, cols, ans)
        assert (ans["left_move"] is not None) == (want in "NL")
        assert (ans["right_move"] is not None) == (want in "NR")
        replay(srv, board, ans)


def test_random_boards_against_minimax(srv):
    rnd = random.Random(64)
    for _ in range(40):
        rows, cols = rnd.randint(4, 8), rnd.randint(4, 8)
        empty = set(rnd.sample([(r, c) for r in range(rows) for c in range(cols)],
                               min(rows * cols, rnd.randint(8, 18))))
        board = ["".join("." if (r, c) in empty else "#" for c in range(cols))
                 for r in range(rows)]
        ans = post(srv, {"board": board, "outcome_only": True})
        assert ans["outcome"] == minimax_outcome(board), (board, ans)
        replay(srv, board, ans)


def test_eight_by_eight_at_default_limits(srv):
    """8x8 is a first-player win (Breuker, Uiterwijk and van den Herik
    2000); both winning moves replayed, each a further 62-cell proof."""
    board = ["." * 8] * 8
    ans = post(srv, {"board": board, "outcome_only": True})
    assert ans["outcome"] == "N", ans
    replay(srv, board, ans)
