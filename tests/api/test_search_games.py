"""Node Kayles, Cram and Chomp (the games solved by search) over HTTP.

Values against brute force written here (mex over every subset, in an order
where options come first), every winning move replayed through the API to a
position of value 0, bad input with its pointer, the node budget's 422, and
the three games as /v1/sum components.
"""
import random

from harness import expect_problem

# A small budget so the "too large" answer comes fast; every other position
# here needs far fewer nodes.
SERVER_ARGS = ("--max-search-nodes", "300000")

NK, CRAM, CHOMP, SUM = "/v1/node-kayles", "/v1/cram", "/v1/chomp", "/v1/sum"


def mex(values):
    v = 0
    while v in values:
        v += 1
    return v


def post(srv, path, body):
    r = srv.post_json(path, body)
    assert r.status == 200, r
    return r.json()


# ---- Node Kayles -------------------------------------------------------------

def nk_closed(n, edges):
    closed = [1 << v for v in range(n)]
    for u, v in edges:
        closed[u] |= 1 << v
        closed[v] |= 1 << u
    return closed


def nk_values(n, edges):
    closed = nk_closed(n, edges)
    g = [0] * (1 << n)
    for mask in range(1 << n):
        g[mask] = mex({g[mask & ~closed[v]] for v in range(n) if mask >> v & 1})
    return g, closed


def nk_after(n, edges, v):
    """The graph left by the move at v, renumbered."""
    closed = nk_closed(n, edges)
    keep = [u for u in range(n) if not closed[v] >> u & 1]
    ids = {u: i for i, u in enumerate(keep)}
    return len(keep), [[ids[a], ids[b]] for a, b in edges if a in ids and b in ids]


def test_node_kayles_against_brute_force(srv):
    rng = random.Random(20)
    for _ in range(25):
        n = rng.randrange(1, 11)
        p = rng.random() * 0.5
        edges = [[u, v] for u in range(n) for v in range(u + 1, n) if rng.random() < p]
        g, closed = nk_values(n, edges)
        full = (1 << n) - 1
        r = post(srv, NK, {"vertices": n, "edges": edges, "all_winning_moves": True})
        assert r["grundy"] == g[full], (n, edges, r)
        assert r["winner"] == ("first" if g[full] else "second")
        winning = [v for v in range(n) if g[full & ~closed[v]] == 0]
        assert [m["vertex"] for m in r["winning_moves"]] == winning
        assert r["winning_move_count"] == len(winning)
        for m in r["winning_moves"]:
            n2, e2 = nk_after(n, edges, m["vertex"])
            assert post(srv, NK, {"vertices": n2, "edges": e2})["grundy"] == 0


def test_node_kayles_loops_repeats_and_paths(srv):
    # a loop and a repeated edge change nothing: P3 is worth 2 either way
    a = post(srv, NK, {"vertices": 3, "edges": [[0, 1], [1, 2]]})
    b = post(srv, NK, {"vertices": 3, "edges": [[0, 1], [1, 0], [1, 1], [2, 1]]})
    assert a == b and a["grundy"] == 2
    # Node Kayles on a path of n vertices is Dawson's chess (OEIS A002187)
    dawson_chess = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1]
    for n, want in enumerate(dawson_chess):
        r = post(srv, NK, {"vertices": n, "edges": [[i, i + 1] for i in range(n - 1)]})
        assert r["grundy"] == want, n
    # no vertices: no move
    assert post(srv, NK, {"vertices": 0}) == {"grundy": 0, "winner": "second", "winning_move": None}


def test_node_kayles_bad_input(srv):
    expect_problem(srv.post_json(NK, {"vertices": 3, "edges": [[0, 1], [1, 3]]}), 400, "/edges/1/1")
    expect_problem(srv.post_json(NK, {"vertices": 3, "edges": [[5, 1]]}), 400, "/edges/0/0")
    expect_problem(srv.post_json(NK, {"vertices": 3, "edges": [[0]]}), 400, "/edges/0")
    expect_problem(srv.post_json(NK, {"edges": []}), 400, "/vertices")
    expect_problem(srv.post_json(NK, {"vertices": -1}), 400, "/vertices")
    expect_problem(srv.post_json(NK, {"vertices": 2, "colour": 1}), 400, "/colour")
    path65 = [[i, i + 1] for i in range(64)]
    p = expect_problem(srv.post_json(NK, {"vertices": 65, "edges": path65}), 400, "/edges")
    assert "64" in p["detail"]
    # 64 vertices in one component is allowed
    assert post(srv, NK, {"vertices": 64, "edges": path65[:63]})["grundy"] == 5  # A002187(64)


def test_node_budget_is_a_422(srv):
    rng = random.Random(5)
    n = 50
    edges = [[u, v] for u in range(n) for v in range(u + 1, n) if rng.random() < 0.12]
    p = expect_problem(srv.post_json(NK, {"vertices": n, "edges": edges}), 422)
    assert "too large" in p["detail"] and "--max-search-nodes" in p["detail"]
    # the daemon goes on serving
    assert post(srv, NK, {"vertices": 1})["grundy"] == 1


# ---- Cram --------------------------------------------------------------------

def cram_values(rows, cols):
    n = rows * cols
    g = [0] * (1 << n)
    for mask in range(1 << n):
        opts = set()
        for i in range(n):
            if not mask >> i & 1:
                continue
            if i % cols + 1 < cols and mask >> (i + 1) & 1:
                opts.add(g[mask & ~(3 << i)])
            if i + cols < n and mask >> (i + cols) & 1:
                opts.add(g[mask & ~((1 << i) | (1 << (i + cols)))])
        g[mask] = mex(opts)
    return g


def random_blocked(rng, rows, cols):
    """Up to three blocked cells, and the bitmask of the empty ones."""
    blocked = sorted({(rng.randrange(rows), rng.randrange(cols)) for _ in range(rng.randrange(4))})
    empty = (1 << rows * cols) - 1
    for r_, c_ in blocked:
        empty &= ~(1 << (r_ * cols + c_))
    return blocked, empty


def random_boards(seed, shapes, per):
    """`per` boards of each shape with random blocked cells: rows, cols,
    the values of every board of the shape, the blocked cells, the empty
    ones as a mask, and the request body."""
    rng = random.Random(seed)
    for rows, cols in shapes:
        g = cram_values(rows, cols)
        for _ in range(per):
            blocked, empty = random_blocked(rng, rows, cols)
            body = {"rows": rows, "cols": cols, "blocked": [list(b) for b in blocked]}
            yield rows, cols, g, blocked, empty, body


def test_cram_against_brute_force(srv):
    for rows, cols, g, blocked, empty, body in random_boards(21, ((3, 4), (2, 6), (1, 9)), 6):
        body["all_winning_moves"] = True
        r = post(srv, CRAM, body)
        assert r["grundy"] == g[empty], (rows, cols, blocked, r)
        assert r["winning_move_count"] == len(r["winning_moves"])
        for m in r["winning_moves"]:
            (r1, c1), (r2, c2) = m["cells"]
            assert abs(r1 - r2) + abs(c1 - c2) == 1
            after = empty & ~(1 << (r1 * cols + c1)) & ~(1 << (r2 * cols + c2))
            assert g[after] == 0
            again = {"rows": rows, "cols": cols,
                     "blocked": body["blocked"] + [[r1, c1], [r2, c2]]}
            assert post(srv, CRAM, again)["grundy"] == 0
        # every move to 0 is listed
        zeros = sum(1 for i, j in cram_moves_in_order(rows, cols, empty)
                    if g[empty & ~(1 << i) & ~(1 << j)] == 0)
        assert r["winning_move_count"] == zeros


def test_cram_published_values(srv):
    # Beling's igs README table; 1 x n is Dawson's Kayles (0.07)
    assert post(srv, CRAM, {"rows": 4, "cols": 5})["grundy"] == 2
    assert post(srv, CRAM, {"rows": 5, "cols": 4})["grundy"] == 2
    assert post(srv, CRAM, {"rows": 4, "cols": 4})["grundy"] == 0
    dawson_kayles = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]
    for n in range(1, len(dawson_kayles)):
        assert post(srv, CRAM, {"rows": 1, "cols": n})["grundy"] == dawson_kayles[n]
    r = post(srv, CRAM, {"rows": 1, "cols": 1})
    assert r == {"grundy": 0, "winner": "second", "winning_move": None}


def test_cram_bad_input(srv):
    expect_problem(srv.post_json(CRAM, {"rows": 0, "cols": 0}), 400, "/rows")
    expect_problem(srv.post_json(CRAM, {"rows": 3, "cols": 0}), 400, "/cols")
    expect_problem(srv.post_json(CRAM, {"rows": 3, "cols": 3, "blocked": [[1, 1], [2, 3]]}),
                   400, "/blocked/1/1")
    expect_problem(srv.post_json(CRAM, {"rows": 3, "cols": 3, "blocked": [[3, 0]]}), 400, "/blocked/0/0")
    expect_problem(srv.post_json(CRAM, {"rows": 3, "cols": 3, "blocked": [[1, 1, 1]]}), 400, "/blocked/0")
    expect_problem(srv.post_json(CRAM, {"rows": 3}), 400, "/cols")
    expect_problem(srv.post_json(CRAM, {"rows": 9, "cols": 8}), 422)


# ---- Chomp -------------------------------------------------------------------

def chomp_values(R, C):
    """Every diagram in the R x C box (tuples of C heights), by squares."""
    diagrams = []

    def extend(prefix):
        stack = [prefix]
        while stack:
            d = stack.pop()
            if len(d) == C:
                diagrams.append(d)
                continue
            top = d[-1] if d else R
            for h in range(top + 1):
                stack.append(d + (h,))
    extend(())
    diagrams = [d for d in diagrams if d[0] >= 1]
    diagrams.sort(key=sum)
    g = {}
    for d in diagrams:
        opts = set()
        for i in range(C):
            for j in range(d[i]):
                if (i, j) == (0, 0):
                    continue
                child = tuple(min(h, j) if k >= i else h for k, h in enumerate(d))
                opts.add(g[child])
        g[d] = mex(opts)
    return g


def chomp_body(d):
    return {"columns": [h for h in d if h > 0]}


def test_chomp_against_brute_force(srv):
    g = chomp_values(4, 4)
    rng = random.Random(22)
    for d in rng.sample(sorted(g), 30):
        body = dict(chomp_body(d), all_winning_moves=True)
        r = post(srv, CHOMP, body)
        assert r["grundy"] == g[d], (d, r)
        for m in r["winning_moves"]:
            i, j = m["col"], m["row"]
            assert j < d[i] and (i, j) != (0, 0)
            child = tuple(min(h, j) if k >= i else h for k, h in enumerate(d))
            assert g[child] == 0
            assert post(srv, CHOMP, chomp_body(child))["grundy"] == 0
    # the rectangle form is the same board
    assert post(srv, CHOMP, {"rows": 3, "cols": 4}) == post(srv, CHOMP, {"columns": [3, 3, 3, 3]})


def test_chomp_squares_and_poison(srv):
    for n in range(2, 8):
        r = post(srv, CHOMP, {"rows": n, "cols": n, "all_winning_moves": True})
        assert r["winning_moves"] == [{"col": 1, "row": 1}], (n, r)
    # only the poisoned square: the player to move has lost
    assert post(srv, CHOMP, {"rows": 1, "cols": 1}) == {"grundy": 0, "winner": "second",
                                                         "winning_move": None}
    # a single row of n squares is a Nim heap of n - 1
    assert post(srv, CHOMP, {"rows": 1, "cols": 6})["grundy"] == 5


def test_chomp_bad_input(srv):
    expect_problem(srv.post_json(CHOMP, {"columns": [3, 2, 4]}), 400, "/columns/2")
    expect_problem(srv.post_json(CHOMP, {"columns": [3, 0]}), 400, "/columns/1")
    expect_problem(srv.post_json(CHOMP, {"columns": []}), 400, "/columns")
    expect_problem(srv.post_json(CHOMP, {"rows": 2, "cols": 2, "columns": [2, 2]}), 400, "/rows")
    expect_problem(srv.post_json(CHOMP, {"rows": 0, "cols": 3}), 400, "/rows")
    expect_problem(srv.post_json(CHOMP, {"rows": 3}), 400, "/cols")
    expect_problem(srv.post_json(CHOMP, {"rows": 17, "cols": 17}), 422)


# ---- sums --------------------------------------------------------------------

def test_search_games_in_sums(srv):
    comps = [
        {"game": "node_kayles", "vertices": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4]]},
        {"game": "cram", "rows": 2, "cols": 3},
        {"game": "chomp", "rows": 3, "cols": 3},
        {"game": "nim", "piles": [4]},
    ]
    own = [post(srv, NK, {k: v for k, v in comps[0].items() if k != "game"})["grundy"],
           post(srv, CRAM, {"rows": 2, "cols": 3})["grundy"],
           post(srv, CHOMP, {"rows": 3, "cols": 3})["grundy"], 4]
    r = post(srv, SUM, {"components": comps, "all_winning_moves": True})
    assert r["component_grundy"] == own
    total = own[0] ^ own[1] ^ own[2] ^ own[3]
    assert r["grundy"] == total and total != 0
    assert r["winning_move_count"] == len(r["winning_moves"]) > 0
    for m in r["winning_moves"]:
        i = m["component"]
        assert m["game"] == comps[i]["game"]
        mv = m["move"]
        if m["game"] == "node_kayles":
            n2, e2 = nk_after(5, comps[0]["edges"], mv["vertex"])
            after = post(srv, NK, {"vertices": n2, "edges": e2})["grundy"]
        elif m["game"] == "cram":
            after = post(srv, CRAM, {"rows": 2, "cols": 3, "blocked": mv["cells"]})["grundy"]
        elif m["game"] == "chomp":
            d = tuple(min(h, mv["row"]) if k >= mv["col"] else h for k, h in enumerate((3, 3, 3)))
            after = post(srv, CHOMP, chomp_body(d))["grundy"]
        else:
            after = mv["to"]
        assert after == total ^ own[i], m
    # errors point inside the component
    bad = {"components": [{"game": "nim", "piles": [1]}, {"game": "cram", "rows": 2, "cols": 2,
                                                           "blocked": [[2, 0]]}]}
    expect_problem(srv.post_json(SUM, bad), 400, "/components/1/blocked/0/0")
    bad = {"components": [{"game": "chomp", "columns": [1, 2]}]}
    expect_problem(srv.post_json(SUM, bad), 400, "/components/0/columns/1")


# ---- all_moves: every move with the value after it --------------------------
# Each listed move's value is the brute force's; the order is the documented
# one (so the whole list is compared, not just the set); move_count counts
# every move, listed or not; the outcome is the mover's (win iff the value
# left is 0).

def outcome(g):
    return "win" if g == 0 else "lose"


def all_moves(srv, path, body, **extra):
    return post(srv, path, dict(body, all_moves=True, **extra))


def test_node_kayles_all_moves_against_brute_force(srv):
    rng = random.Random(118)
    for _ in range(20):
        n = rng.randrange(1, 10)
        edges = [[u, v] for u in range(n) for v in range(u + 1, n) if rng.random() < 0.3]
        g, closed = nk_values(n, edges)
        full = (1 << n) - 1
        r = all_moves(srv, NK, {"vertices": n, "edges": edges})
        want = [{"move": {"vertex": v}, "grundy": g[full & ~closed[v]],
                 "outcome": outcome(g[full & ~closed[v]])} for v in range(n)]
        assert r["moves"] == want, (n, edges, r)
        assert r["move_count"] == n
        # a cap lists the first moves and still counts all of them
        capped = all_moves(srv, NK, {"vertices": n, "edges": edges}, max_moves=2)
        assert capped["moves"] == want[:2] and capped["move_count"] == n
    # many isolated vertices: each move leaves n - 1 single vertices
    r = all_moves(srv, NK, {"vertices": 100000}, max_moves=3)
    assert r["move_count"] == 100000
    assert r["moves"] == [{"move": {"vertex": v}, "grundy": 1, "outcome": "lose"} for v in range(3)]
    # the empty graph has no move
    r = all_moves(srv, NK, {"vertices": 0})
    assert r["moves"] == [] and r["move_count"] == 0


def cram_moves_in_order(rows, cols, empty):
    """(i, j) per domino in board order: by first cell, horizontal first."""
    n = rows * cols
    out = []
    for i in range(n):
        for j in ([i + 1] if i % cols + 1 < cols else []) + ([i + cols] if i + cols < n else []):
            if empty >> i & 1 and empty >> j & 1:
                out.append((i, j))
    return out


def test_cram_all_moves_against_brute_force(srv):
    for rows, cols, g, blocked, empty, body in random_boards(119, ((3, 4), (2, 5), (1, 7)), 5):
        r = all_moves(srv, CRAM, body)
        want = []
        for i, j in cram_moves_in_order(rows, cols, empty):
            after = g[empty & ~(1 << i) & ~(1 << j)]
            want.append({"move": {"cells": [[i // cols, i % cols], [j // cols, j % cols]]},
                         "grundy": after, "outcome": outcome(after)})
        assert r["moves"] == want, (rows, cols, blocked, r)
        assert r["move_count"] == len(want)
        capped = all_moves(srv, CRAM, body, max_moves=1)
        assert capped["moves"] == want[:1] and capped["move_count"] == len(want)
    r = all_moves(srv, CRAM, {"rows": 1, "cols": 1})
    assert r["moves"] == [] and r["move_count"] == 0


def test_chomp_all_moves_against_brute_force(srv):
    g = chomp_values(4, 4)
    rng = random.Random(120)
    for d in rng.sample(sorted(g), 25):
        r = all_moves(srv, CHOMP, chomp_body(d))
        want = []
        for i in range(len(d)):
            for j in range(d[i]):
                if (i, j) == (0, 0):
                    continue
                child = tuple(min(h, j) if k >= i else h for k, h in enumerate(d))
                want.append({"move": {"col": i, "row": j}, "grundy": g[child],
                             "outcome": outcome(g[child])})
        assert r["moves"] == want, (d, r)
        assert r["move_count"] == sum(d) - 1
        capped = all_moves(srv, CHOMP, chomp_body(d), max_moves=0)
        assert capped["moves"] == [] and capped["move_count"] == sum(d) - 1
    r = all_moves(srv, CHOMP, {"rows": 1, "cols": 1})
    assert r["moves"] == [] and r["move_count"] == 0


def test_search_games_all_moves_in_sums(srv):
    comps = [
        {"game": "node_kayles", "vertices": 4, "edges": [[0, 1], [1, 2], [2, 3]]},
        {"game": "cram", "rows": 2, "cols": 2},
        {"game": "chomp", "columns": [2, 1]},
    ]
    paths = {"node_kayles": NK, "cram": CRAM, "chomp": CHOMP}
    per = [all_moves(srv, paths[c["game"]], {k: v for k, v in c.items() if k != "game"})
           for c in comps]
    own = [p["grundy"] for p in per]
    r = post(srv, SUM, {"components": comps, "all_moves": True})
    assert r["component_grundy"] == own
    assert r["move_count"] == sum(p["move_count"] for p in per)
    listed = [(m["move"]["component"], m["move"]["game"], m["move"]["move"]) for m in r["moves"]]
    assert listed == [(i, comps[i]["game"], m["move"]) for i, p in enumerate(per) for m in p["moves"]]
    total = own[0] ^ own[1] ^ own[2]
    for m, (i, _, mv) in zip(r["moves"], listed):
        after_i = next(x["grundy"] for x in per[i]["moves"] if x["move"] == mv)
        assert m["grundy"] == total ^ own[i] ^ after_i
        assert m["outcome"] == outcome(m["grundy"])
