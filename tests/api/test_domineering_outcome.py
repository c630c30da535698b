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

Boards of 65 to 100 cells (at most 10 rows and 10 columns) go to the
128-bit search: random sparse boards against minimax, the published
rectangles and small strips padded with filled cells into 9x9 .. 10x10
frames (the same game, so the same outcome as the unpadded board, which the
64-cell search answers), each winning move replayed.  The 128-bit search's
table packs a key into 109 bits: boards whose empty cells reach both the
first and the last row and column of a 10x10 frame (a key's highest bit)
are checked against minimax; and under a memory budget too small for the
table to grow, 7x8 and 8x7 (R and L, about 117,000 positions each side on
a table of 65,536 entries) must still come out right, the table replacing
entries all the time.
"""
import functools
import random

from harness import Server, expect_problem

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


def check_minimax(srv, rows, cols, empty):
    """The board of these empty cells answered as minimax does, its
    winning moves replayed."""
    board = ["".join("." if (r, c) in empty else "#" for c in range(cols)) for r in range(rows)]
    ans = post(srv, {"board": board, "outcome_only": True})
    assert ans["outcome"] == minimax_outcome(board), (board, ans)
    replay(srv, board, ans)


def test_random_boards_against_minimax(srv):
    rnd = random.Random(64)
    for _ in range(40):
        rows, cols = rnd.randint(4, 8), rnd.randint(4, 8)
        empty = set(rnd.sample([(r, c) for r in range(rows) for c in range(cols)],
                               min(rows * cols, rnd.randint(8, 18))))
        check_minimax(srv, rows, cols, empty)


def test_eight_by_eight_at_default_limits(srv):
    """8x8 is a first-player win (Breuker, Uiterwijk and van den Herik
    2000); both winning moves replayed, each a further 62-cell proof."""
    board = ["." * 8] * 8
    ans = post(srv, {"board": board, "outcome_only": True})
    assert ans["outcome"] == "N", ans
    replay(srv, board, ans)


WIDE_FRAMES = ((9, 9), (10, 10), (8, 10), (10, 8), (9, 10), (10, 7), (7, 10), (9, 8))


def pad(board, rows, cols, r0, c0):
    """board inside a rows x cols frame of filled cells, at (r0, c0)."""
    grid = [["#"] * cols for _ in range(rows)]
    for r, row in enumerate(board):
        for c, ch in enumerate(row):
            grid[r0 + r][c0 + c] = ch
    return ["".join(row) for row in grid]


def test_wide_random_boards_against_minimax(srv):
    rnd = random.Random(100)
    for _ in range(40):
        rows, cols = rnd.choice(WIDE_FRAMES)
        empty = set(rnd.sample([(r, c) for r in range(rows) for c in range(cols)],
                               rnd.randint(8, 18)))
        # and a few dominoes' worth of neighbours, so the pieces connect
        for (r, c) in list(empty)[:6]:
            if r + 1 < rows:
                empty.add((r + 1, c))
            if c + 1 < cols:
                empty.add((r, c + 1))
        check_minimax(srv, rows, cols, empty)


def test_wide_padded_rectangles(srv):
    """Published rectangles (6x6, 7x7 N; 6x7 L; 7x6 R) in larger frames,
    and strips of 2 to 4 rows or columns against the 64-cell search's
    answer for the strip alone."""
    rnd = random.Random(37)
    cases = [(6, 6, "N"), (6, 7, "L"), (7, 6, "R"), (7, 7, "N")]
    for (h, w) in ((2, 9), (2, 10), (10, 2), (3, 10), (10, 3), (4, 9), (9, 4), (4, 10)):
        small = ["." * w] * h
        cases.append((h, w, post(srv, {"board": small, "outcome_only": True})["outcome"]))
    # and on the diagonal of a square frame: the board is its own
    # transposition, Right's answer read off Left's search
    cases += [(6, 6, "N", 0), (7, 7, "N", 1)]
    for (h, w, want, *at) in cases:
        frames = [(R, C) for (R, C) in WIDE_FRAMES if R >= h and C >= w]
        rows, cols = rnd.choice(frames) if not at else (9 + at[0], 9 + at[0])
        r0, c0 = (rnd.randint(0, rows - h), rnd.randint(0, cols - w)) if not at else (at[0], at[0])
        board = pad(["." * w] * h, rows, cols, r0, c0)
        ans = post(srv, {"board": board, "outcome_only": True})
        assert ans["outcome"] == want, (h, w, board, ans)
        replay(srv, board, ans)


def test_wide_keys_spanning_the_frame(srv):
    """Empty cells in opposite corners of a 10x10 frame (and of 10x8 and
    8x10): the table's key keeps the board's span, up to its bit 108."""
    rnd = random.Random(108)
    for _ in range(24):
        rows, cols = rnd.choice(((10, 10), (10, 8), (8, 10), (10, 9)))
        empty = {(0, 0), (0, 1), (1, 0), (rows - 1, cols - 1), (rows - 2, cols - 1),
                 (rows - 1, cols - 2)}
        empty |= set(rnd.sample([(r, c) for r in range(rows) for c in range(cols)],
                                rnd.randint(6, 12)))
        for (r, c) in list(empty)[:5]:
            if r + 1 < rows:
                empty.add((r + 1, c))
        check_minimax(srv, rows, cols, empty)


def test_wide_table_under_memory_pressure(srv):
    """A request memory budget that keeps the 128-bit search's table at its
    first 65,536 entries (1 MiB; doubling needs 2 MiB more): entries are
    replaced throughout a search of 10^5 positions, and the answers stay
    the published ones, their moves replayed (srv: the harness's, unused)."""
    s = Server(args=["--max-request-memory", str(3 << 20)]).start()
    try:
        for (h, w, want, rows, cols) in ((7, 8, "R", 10, 8), (8, 7, "L", 8, 10)):
            board = pad(["." * w] * h, rows, cols, rows - h, cols - w)
            ans = post(s, {"board": board, "outcome_only": True})
            assert ans["outcome"] == want, (h, w, ans)
            replay(s, board, ans)
    finally:
        s.stop()


def test_wide_limits(srv):
    """Past 100 cells, or past 10 rows or columns beyond 64 cells, a 422;
    a value request stays at 64 cells."""
    p = expect_problem(srv.post_json(DOM, {"board": ["." * 10] * 11, "outcome_only": True}),
                       422, "/board")
    assert "100" in p["detail"], p
    p = expect_problem(srv.post_json(DOM, {"board": ["." * 65], "outcome_only": True}),
                       422, "/board")
    assert "10 rows" in p["detail"], p
    expect_problem(srv.post_json(DOM, {"board": ["." * 9] * 9}), 422, "/board")
    assert post(srv, {"board": ["." * 64], "outcome_only": True})["outcome"] == "R"


def test_wide_search_stops_at_its_budget(srv):
    """The 10x10 search counts its positions against --max-search-nodes
    (the same tick that polls the time limit): 422 past it."""
    s = Server(args=["--max-search-nodes", "2000"]).start()
    try:
        r = s.post_json(DOM, {"board": ["." * 10] * 10, "outcome_only": True})
        p = expect_problem(r, 422)
        assert p["type"].endswith("limit-exceeded"), p
    finally:
        s.stop()
