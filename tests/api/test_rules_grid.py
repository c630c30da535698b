"""Clobber, Konane, NoGo and Amazons over HTTP (/v1/clobber, /v1/konane,
/v1/nogo, /v1/amazons, and as /v1/sum components).

References written here from the rules as the issue states them (not from
the C): each game's move generator on a board of strings, who wins moving
first by exhaustive search, and the impartial variant's Grundy value by mex
over both players' moves.  Checked on random small boards, both players
first: `outcome` (from the value, and by `outcome_only`'s search); every
left_move / right_move is one of the reference's moves and leaves a position
the opponent loses moving first; `all_moves` lists exactly the reference's
moves, each with the value of the board it leaves; values through the group
(two boards get the same `value` exactly when G - H, H with colours swapped,
is a second-player win); the impartial variant's grundy, winning move and
moves.  Published values: Albert, Grossman, Nowakowski and Wolfe's Clobber
values ("An introduction to Clobber", 2005); and MCGS's autotests (CGSuite
2.1.1's and SBHSolver's results: mcgs_grid_autotests.py) as a second opinion.
"""
import functools
import random

from harness import expect_problem
import mcgs_grid_autotests as mcgs

SERVER_ARGS = ("--max-search-nodes", "300000")

SUM = "/v1/sum"
SWAP = {"clobber": {"x": "o", "o": "x"}, "konane": {"x": "o", "o": "x"},
        "nogo": {"x": "o", "o": "x"}, "amazons": {"L": "R", "R": "L"}}
ALPHABET = {"clobber": "xxoo.", "konane": "xo...", "nogo": "xo....", "amazons": "LR#....."}
STEPS4 = ((-1, 0), (0, -1), (0, 1), (1, 0))
STEPS8 = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


def post(srv, path, body, status=200):
    r = srv.post_json(path, body)
    assert r.status == status, (path, body, r.status, r.body[:400])
    return r.json()


# ---- the rules ---------------------------------------------------------------
# A board is a tuple of strings; moves(board, side) -> [(move, board after)],
# side 0 Left ('x' / 'L'), 1 Right ('o' / 'R'); moves as the API writes them.

def put(board, cells):
    g = [list(row) for row in board]
    for (r, c), ch in cells:
        g[r][c] = ch
    return tuple("".join(row) for row in g)


def inside(board, r, c):
    return 0 <= r < len(board) and 0 <= c < len(board[0])


def cells(board, ch):
    """The (row, column) of every cell of board holding ch, row by row."""
    return [(r, c) for r, row in enumerate(board) for c, x in enumerate(row) if x == ch]


def sides(side):
    """(mover's stone, opponent's stone) in Clobber, Konane and NoGo."""
    return ("x", "o") if side == 0 else ("o", "x")


def clobber_moves(board, side):
    me, them = sides(side)
    out = []
    for r, c in cells(board, me):
        for dr, dc in STEPS4:
            tr, tc = r + dr, c + dc
            if inside(board, tr, tc) and board[tr][tc] == them:
                out.append(({"from": [r, c], "to": [tr, tc]},
                            put(board, [((r, c), "."), ((tr, tc), me)])))
    return out


def konane_moves(board, side):
    me, them = sides(side)
    out = []
    for r, c in cells(board, me):
        for dr, dc in STEPS4:
            captured = []
            k = 1
            while True:
                mr, mc = r + (2 * k - 1) * dr, c + (2 * k - 1) * dc
                lr, lc = r + 2 * k * dr, c + 2 * k * dc
                if not (inside(board, lr, lc) and board[mr][mc] == them
                        and board[lr][lc] == "."):
                    break
                captured.append((mr, mc))
                after = put(board, [((r, c), ".")] + [(p, ".") for p in captured]
                            + [((lr, lc), me)])
                out.append(({"from": [r, c], "to": [lr, lc]}, after))
                k += 1
    return out


def nogo_groups_breathe(board):
    seen = set()
    for r, row in enumerate(board):
        for c, ch in enumerate(row):
            if ch == "." or (r, c) in seen:
                continue
            group, todo, free = {(r, c)}, [(r, c)], False
            while todo:
                a, b = todo.pop()
                for dr, dc in STEPS4:
                    p = (a + dr, b + dc)
                    if not inside(board, *p):
                        continue
                    if board[p[0]][p[1]] == ".":
                        free = True
                    elif board[p[0]][p[1]] == ch and p not in group:
                        group.add(p)
                        todo.append(p)
            if not free:
                return False
            seen |= group
    return True


def nogo_moves(board, side):
    me = sides(side)[0]
    out = []
    for r, c in cells(board, "."):
        after = put(board, [((r, c), me)])
        if nogo_groups_breathe(after):
            out.append(({"cell": [r, c]}, after))
    return out


def amazons_moves(board, side):
    me = "L" if side == 0 else "R"
    out = []
    for r, c in cells(board, me):
        lifted = put(board, [((r, c), ".")])
        for dr, dc in STEPS8:
            tr, tc = r + dr, c + dc
            while inside(lifted, tr, tc) and lifted[tr][tc] == ".":
                moved = put(lifted, [((tr, tc), me)])
                for ar_, ac_ in STEPS8:
                    ar, ac = tr + ar_, tc + ac_
                    while inside(moved, ar, ac) and moved[ar][ac] == ".":
                        out.append(({"from": [r, c], "to": [tr, tc], "arrow": [ar, ac]},
                                    put(moved, [((ar, ac), "#")])))
                        ar, ac = ar + ar_, ac + ac_
                tr, tc = tr + dr, tc + dc
    return out


MOVES = {"clobber": clobber_moves, "konane": konane_moves, "nogo": nogo_moves,
         "amazons": amazons_moves}


@functools.lru_cache(maxsize=None)
def wins(game, board, side):
    """Whether side, moving first on board, wins."""
    return any(not wins(game, after, 1 - side) for _, after in MOVES[game](board, side))


@functools.lru_cache(maxsize=None)
def sum_wins(parts, side):
    """parts: a tuple of (game, board)."""
    for i, (game, board) in enumerate(parts):
        for _, after in MOVES[game](board, side):
            if not sum_wins(parts[:i] + ((game, after),) + parts[i + 1:], 1 - side):
                return True
    return False


@functools.lru_cache(maxsize=None)
def grundy(game, board):
    seen = {grundy(game, after) for side in (0, 1) for _, after in MOVES[game](board, side)}
    g = 0
    while g in seen:
        g += 1
    return g


def letter(lw, rw):
    return ("N" if rw else "L") if lw else ("R" if rw else "P")


def negate(game, board):
    return tuple("".join(SWAP[game].get(ch, ch) for ch in row) for row in board)


def random_board(rng, game, max_cells):
    while True:
        rows, cols = rng.randint(1, 4), rng.randint(1, 5)
        if rows * cols <= max_cells:
            break
    return tuple("".join(rng.choice(ALPHABET[game]) for _ in range(cols)) for _ in range(rows))


MAX_CELLS = {"clobber": 10, "konane": 10, "nogo": 8, "amazons": 8}


def boards(game, seed, n):
    rng = random.Random(seed)
    return [random_board(rng, game, MAX_CELLS[game]) for _ in range(n)]


def check_winning_moves(game, board, ans):
    """left_move / right_move are real moves leaving the opponent lost."""
    for side, key in ((0, "left_move"), (1, "right_move")):
        mv = ans[key]
        assert (mv is not None) == wins(game, board, side), (game, board, ans)
        if mv is None:
            continue
        after = [a for m, a in MOVES[game](board, side) if m == mv]
        assert len(after) == 1, (game, board, side, mv)
        assert not wins(game, after[0], 1 - side), (game, board, side, mv)


# ---- the tests -----------------------------------------------------------------

def test_outcomes_and_winning_moves_against_brute_force(srv):
    for game in MOVES:
        for board in boards(game, 38, 30):
            a = post(srv, "/v1/" + game, {"board": list(board)})
            assert a["outcome"] == letter(wins(game, board, 0), wins(game, board, 1)), (game, board, a)
            assert set(a) == {"value", "outcome", "mean", "temperature", "left_move", "right_move"}
            check_winning_moves(game, board, a)
            o = post(srv, "/v1/" + game, {"board": list(board), "outcome_only": True})
            assert set(o) == {"outcome", "left_move", "right_move"}, o
            assert o["outcome"] == a["outcome"], (game, board, o, a)
            check_winning_moves(game, board, o)


def test_all_moves_list_every_move_with_its_value(srv):
    for game in MOVES:
        for board in boards(game, 39, 8):
            a = post(srv, "/v1/" + game, {"board": list(board), "all_moves": True})
            for side, key in ((0, "left"), (1, "right")):
                ref = MOVES[game](board, side)
                got = a[key + "_moves"]
                assert a[key + "_move_count"] == len(ref) == len(got), (game, board, a)
                assert sorted(str(e["move"]) for e in got) == sorted(str(m) for m, _ in ref)
                for e in got[:4]:
                    after = [b for m, b in ref if m == e["move"]][0]
                    assert post(srv, "/v1/" + game, {"board": list(after)})["value"] == e["value"]
    a = post(srv, "/v1/amazons", {"board": ["L...", "...R"], "all_moves": True, "max_moves": 3})
    assert len(a["left_moves"]) == 3 and a["left_move_count"] > 3, a


def test_equal_values_iff_difference_is_zero(srv):
    for game in MOVES:
        rng = random.Random(40)
        pool = [random_board(rng, game, 6) for _ in range(14)]
        values = [post(srv, "/v1/" + game, {"board": list(b)})["value"] for b in pool]
        pairs = [(i, j) for i in range(len(pool)) for j in range(i + 1, len(pool))]
        rng.shuffle(pairs)
        for i, j in pairs[:25]:
            parts = ((game, pool[i]), (game, negate(game, pool[j])))
            zero = not sum_wins(parts, 0) and not sum_wins(parts, 1)
            assert (values[i] == values[j]) == zero, (game, pool[i], pool[j], values[i], values[j])
        for b in pool[:4]:
            s = post(srv, SUM, {"components": [{"game": game, "board": list(b)},
                                               {"game": game, "board": list(negate(game, b))}]})
            assert s["value"] == "0", (game, b, s)


def test_sums_of_rulesets(srv):
    rng = random.Random(41)
    games = list(MOVES)
    for _ in range(12):
        parts = tuple((g, random_board(rng, g, 4)) for g in rng.sample(games, 2))
        s = post(srv, SUM, {"components": [{"game": g, "board": list(b)} for g, b in parts]})
        assert s["outcome"] == letter(sum_wins(parts, 0), sum_wins(parts, 1)), (parts, s)
        for side, key in ((0, "left_move"), (1, "right_move")):
            mv = s[key]
            assert (mv is not None) == sum_wins(parts, side), (parts, s)
            if mv is None:
                continue
            i = mv["component"]
            game, board = parts[i]
            after = [b for m, b in MOVES[game](board, side) if m == mv["move"]]
            assert len(after) == 1, (parts, mv)
            left = parts[:i] + ((game, after[0]),) + parts[i + 1:]
            assert not sum_wins(left, 1 - side), (parts, mv)


def test_impartial_variants_against_brute_force(srv):
    for game in MOVES:
        for board in boards(game, 42, 20):
            a = post(srv, "/v1/" + game, {"board": list(board), "impartial": True,
                                          "all_moves": True})
            g = grundy(game, board)
            assert a["grundy"] == g, (game, board, a)
            assert a["winner"] == ("first" if g else "second")
            every = [(m, b) for side in (0, 1) for m, b in MOVES[game](board, side)]
            assert a["move_count"] == len(a["moves"]) <= len(every), (game, board, a)
            for e in a["moves"]:
                mv = dict(e["move"])
                stone = mv.pop("stone", None)
                sides = (0, 1) if stone is None else ((0,) if stone == "x" else (1,))
                after = [b for s in sides for m, b in MOVES[game](board, s) if m == mv]
                assert after, (game, board, e)
                assert e["grundy"] == grundy(game, after[0]), (game, board, e)
                assert e["outcome"] == ("win" if e["grundy"] == 0 else "lose")
            # every distinct move is listed (the same move of both players once)
            distinct = {str(m) for m, _ in every} if game != "nogo" else None
            if distinct is not None:
                assert a["move_count"] == len(distinct), (game, board, a)
            if g:
                assert a["winning_move"] is not None and any(
                    e["move"] == a["winning_move"] and e["grundy"] == 0 for e in a["moves"])
            else:
                assert a["winning_move"] is None


def test_clobber_published_values(srv):
    # Albert, Grossman, Nowakowski, Wolfe (2005): x^n o and friends
    cases = {"xo": "*", "xxo": "^", "xxxo": "^^*", "xoo": "v", "xxoo": "0", "xox": "*",
             "x.o": "0", "xo.xo": "0", "xo.xxo": "^*"}
    for row, value in cases.items():
        a = post(srv, "/v1/clobber", {"board": [row]})
        assert a["value"] == value, (row, a)
    a = post(srv, "/v1/clobber", {"board": ["x", "o"]})
    assert (a["value"], a["outcome"], a["mean"], a["temperature"]) == ("*", "N", "0", "0"), a


def test_mcgs_autotests(srv):
    """A second opinion: MCGS's autotests (CGSuite's and SBHSolver's results)."""
    checked = 0
    for game, rows in (("clobber", mcgs.CLOBBER), ("nogo", mcgs.NOGO),
                       ("amazons", mcgs.AMAZONS)):
        for _, board, lw, rw, nim in rows:
            cells = len(board) * len(board[0])
            if cells > (12 if game == "clobber" else 16 if game == "nogo" else 12):
                continue
            if lw is not None:
                a = post(srv, "/v1/" + game, {"board": board, "outcome_only": True})
                assert a["outcome"] == letter(lw, rw), (game, board, a)
                checked += 1
            if nim is not None:
                a = post(srv, "/v1/" + game, {"board": board, "impartial": True})
                assert a["grundy"] == nim, (game, board, a)
                checked += 1
    assert checked > 150, checked


def test_bad_input(srv):
    for game in MOVES:
        p = "/v1/" + game
        expect_problem(srv.post_json(p, {"board": []}), 400, "/board")
        expect_problem(srv.post_json(p, {"board": ["..", "."]}), 400, "/board/1")
        expect_problem(srv.post_json(p, {"board": [".q"]}), 400, "/board/0")
        expect_problem(srv.post_json(p, {"board": [""]}), 400, "/board/0")
        expect_problem(srv.post_json(p, {"board": [3]}), 400, "/board/0")
        expect_problem(srv.post_json(p, {}), 400)
        expect_problem(srv.post_json(p, {"board": ["."], "extra": 1}), 400, "/extra")
        expect_problem(srv.post_json(p, {"board": ["."], "impartial": 1}), 400, "/impartial")
        expect_problem(srv.post_json(p, {"board": ["."], "outcome_only": True,
                                         "impartial": True}), 400, "/outcome_only")
        expect_problem(srv.post_json(p, {"board": ["." * 17] * 16}), 422, "/board")
        expect_problem(srv.post_json(SUM, {"components": [{"game": game, "board": ["..", "."]}]}),
                       400, "/components/0/board/1")
    expect_problem(srv.post_json("/v1/clobber", {"board": ["X"]}), 400, "/board/0")
    expect_problem(srv.post_json("/v1/amazons", {"board": ["x"]}), 400, "/board/0")
    # past the node budget (SERVER_ARGS): a 5x6 Clobber start position
    expect_problem(srv.post_json("/v1/clobber", {"board": ["xoxoxo", "oxoxox"] * 2 + ["xoxoxo"]}),
                   422)
