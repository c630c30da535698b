"""/v1/sum with a Domineering component searched as a position (issue 37 item 4).

A Domineering board past 20 empty cells, or whose value forecast passes a
64th of the node budget, is not valued: the sum search plays it move by move
(src/core/sum_position.c) beside the other components' canonical forms.  The
answer says `method: search`, holds null for that component in
`component_values` and lists it in `searched_components`.

Checked against what does not use that search:
- small boards, made positions by a low node budget (a second daemon with
  --max-search-nodes 1280: a 3 x 5 board's forecast, 31 nodes, passes
  1280 / 64), against a Python minimax over the raw sum (boards as cell
  sets, nimbers, integers, small explicit games), every winning move
  replayed (the opponent then has no winning move, and the brute force
  agrees that the position after it is lost for the opponent);
- boards of 22 to 30 empty cells against the sum of the board's own value
  (/v1/domineering, the value search) as a `cgt` component: the canonical
  path;
- boards of 32 to 36 cells with a rest equal to 0 (* + *, ^ + v, *3 + *3)
  against /v1/domineering's outcome_only of the board alone;
- the empty 6 x 6 board + * answers (it was 413: its value is refused), its
  winning moves replayed.
"""
import random
from harness import Server
from sum_ref import EXTRAS, outcome, wins

SUM, DOM = "/v1/sum", "/v1/domineering"

# ---- the brute force (sum_ref.py) ------------------------------------------------


def cells(board):
    return frozenset((r, c) for r, row in enumerate(board) for c, ch in enumerate(row) if ch == ".")


def play(board, cellpair):
    rows = [list(row) for row in board]
    for r, c in cellpair:
        assert rows[r][c] == ".", (board, cellpair)
        rows[r][c] = "#"
    return ["".join(row) for row in rows]


def rand_board(rng, rows, cols, stones):
    b = [["."] * cols for _ in range(rows)]
    for r, c in rng.sample([(r, c) for r in range(rows) for c in range(cols)], stones):
        b[r][c] = "#"
    return ["".join(row) for row in b]


def post(srv, comps, status=200):
    r = srv.post_json(SUM, {"components": comps})
    assert r.status == status, (comps, r.status, r.body[:400])
    return r.json()


def replay(srv, comps, a, brute=None):
    """Each winning move, played: the opponent then has no winning move (and
    the brute force, when given, says the opponent loses moving first)."""
    for key, other in (("left_move", "right_move"), ("right_move", "left_move")):
        m = a[key]
        if m is None:
            continue
        i = m["component"]
        after = [dict(c) for c in comps]
        assert after[i]["game"] == "domineering", m  # the searched boards are first
        after[i]["board"] = play(comps[i]["board"], m["move"]["cells"])
        b = post(srv, after)
        assert b[other] is None, (comps, m, b)
        if brute is not None:
            games = [("dom", cells(after[i]["board"]))] + brute[1:]
            assert not wins(tuple(sorted(games, key=repr)), key != "left_move"), (comps, m)


# ---- small boards searched as positions (low node budget) ------------------------

def test_small_boards_as_positions_against_brute_force(_):
    srv = Server(args=["--max-search-nodes", "1280"]).start()
    rng = random.Random(3701)
    searched = 0
    try:
        for k in range(40):
            rows, cols = rng.choice(((3, 5), (4, 4), (3, 5), (2, 7)))
            board = rand_board(rng, rows, cols, rng.choice((0, 0, 1, 2)))
            extras = rng.sample(EXTRAS, rng.choice((1, 1, 2)))
            comps = [{"game": "domineering", "board": board}] + [e[1] for e in extras]
            brute = [("dom", cells(board))] + [e[2] for e in extras]
            a = post(srv, comps)
            assert a["outcome"] == outcome(brute), (board, [e[0] for e in extras], a)
            if a.get("searched_components") == [0]:
                searched += 1
                assert a["method"] == "search" and a["component_values"][0] is None, a
                replay(srv, comps, a, brute)
        assert searched >= 12, searched
    finally:
        assert srv.stop() == 0


def test_small_boards_keep_their_values(srv):
    # at the default budget a small board is valued as before
    a = post(srv, [{"game": "domineering", "board": ["..", ".."]}, EXTRAS[0][1]])
    assert a["method"] == "canonical" and a["component_values"] == ["±1", "*"], a
    assert "searched_components" not in a


# ---- larger boards: against the canonical path and the outcome search -------------

ZERO = {"game": "cgt", "expression": "0"}


def test_boards_of_22_to_30_cells_against_their_values(srv):
    rng = random.Random(3702)
    compared = 0
    for n, (rows, cols) in ((22, (5, 6)), (24, (5, 6)), (26, (6, 6)), (28, (6, 6)),
                            (30, (6, 6)), (22, (4, 7)), (24, (4, 8))):
        board = rand_board(rng, rows, cols, rows * cols - n)
        v = srv.post_json(DOM, {"board": board})
        if v.status != 200:
            continue  # its value is not affordable: the outcome tests below cover it
        value = v.json()["value"]
        compared += 1
        for name, comp, _ in rng.sample(EXTRAS, 3):
            comps = [{"game": "domineering", "board": board}, comp]
            a = post(srv, comps)
            assert a["method"] == "search" and a["searched_components"] == [0], a
            assert a["component_values"] == [None, post(srv, [comp, ZERO])["component_values"][0]], a
            b = post(srv, [{"game": "cgt", "expression": value}, comp])
            assert a["outcome"] == b["outcome"], (board, name, value, a, b)
            replay(srv, comps, a)
    assert compared >= 5, compared


ZEROS = (
    [{"game": "cgt", "expression": "*"}, {"game": "nim", "piles": [1]}],
    [{"game": "cgt", "expression": "^"}, {"game": "cgt", "expression": "v"}],
    [{"game": "nim", "piles": [3]}, {"game": "cgt", "expression": "*3"}],
    [{"game": "domineering", "board": ["..", ".."]}, {"game": "cgt", "expression": "{1|-1}"}],
)


def test_large_boards_plus_zero_against_the_outcome_search(srv):
    rng = random.Random(3703)
    for n in (32, 33, 34, 36):
        board = rand_board(rng, 6, 6, 36 - n)
        o = srv.post_json(DOM, {"board": board, "outcome_only": True})
        assert o.status == 200, o.body[:300]
        for rest in ZEROS[: 2 if n < 36 else 4]:
            comps = [{"game": "domineering", "board": board}] + rest
            a = post(srv, comps)
            assert a["outcome"] == o.json()["outcome"], (board, rest, a, o.json())
            assert a["searched_components"] == [0], a


def test_empty_6x6_plus_star_answers_by_search(srv):
    board = ["......"] * 6
    # alone, its value is refused up front (issue 37 item 5)
    assert srv.post_json(DOM, {"board": board}).status == 413
    comps = [{"game": "domineering", "board": board}, {"game": "cgt", "expression": "*"}]
    a = post(srv, comps)
    assert a["method"] == "search" and a["component_values"] == [None, "*"], a
    assert a["searched_components"] == [0]
    # 6 x 6 + * + * is 6 x 6 alone, which the outcome search solves
    o = srv.post_json(DOM, {"board": board, "outcome_only": True}).json()
    b = post(srv, comps + [{"game": "nim", "piles": [1]}])
    assert b["outcome"] == o["outcome"] == "N", (b, o)
    assert a["outcome"] in ("N", "L", "R", "P")
    replay(srv, comps, a)


def test_all_moves_on_a_position_sum_is_refused_as_for_search(srv):
    r = srv.post_json(SUM, {"components": [{"game": "domineering", "board": ["......"] * 6},
                                           {"game": "cgt", "expression": "*"}],
                            "all_moves": True})
    assert r.status == 422, r.body[:300]
    assert r.json()["pointer"] == "/all_moves", r.json()


def test_a_malformed_board_is_still_domineerings_error(srv):
    r = srv.post_json(SUM, {"components": [{"game": "domineering", "board": ["......", ".x...."]},
                                           {"game": "cgt", "expression": "*"}]})
    assert r.status == 400 and "'x'" in r.json()["detail"], r.body[:300]


def test_a_board_beside_its_transposition_is_zero(srv):
    # G + -G = 0: the transposed board (Left's and Right's roles swapped) is
    # the negative; an empty square is its own transposition, so G = -G
    for b, t in ((["......"] * 4, ["...."] * 6), (["......"] * 6, ["......"] * 6),
                 (["#.....", "......", "......", "......", "......"],
                  ["#....", ".....", ".....", ".....", ".....", "....."])):
        a = post(srv, [{"game": "domineering", "board": b}, {"game": "domineering", "board": t}])
        assert a["outcome"] == "P" and a["left_move"] is None and a["right_move"] is None, (b, a)
        assert a["searched_components"] == [0, 1], a
