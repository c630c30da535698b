"""Toads and Frogs, Toppling Dominoes, Snort and Col over HTTP (issue 38)
against the independent rules of rules_line_ref.py: random small positions
are played out by exhaustive search (Left first, Right first), the
service's canonical values must equal the canonical form /v1/cgt makes of
the whole game tree, two positions must print one value exactly when their
difference is a second-player win, every returned move is replayed and
must leave the opponent losing, all_moves lists every move, the impartial
variants' Grundy values match a brute force, and sums with other games
agree with the search.  Then published values and the errors."""
import random

import rules_line_ref as ref
from harness import expect_problem

PATHS = {"toads_and_frogs": "/v1/toads-and-frogs", "toppling_dominoes": "/v1/toppling-dominoes",
         "snort": "/v1/snort", "col": "/v1/col"}
SUM, CGT = "/v1/sum", "/v1/cgt"


def post(srv, path, body):
    r = srv.post_json(path, body)
    assert r.status == 200, (path, body, r.status, r.body[:300])
    return r.json()


def request(game, key):
    """The request fields of a position."""
    if game == "toads_and_frogs":
        return {"strip": key}
    if game == "toppling_dominoes":
        return {"dominoes": key}
    n, edges, colours = key
    return {"vertices": n, "edges": [list(e) for e in edges], "colors": list(colours)}


def random_position(rng, game, size):
    if game == "toads_and_frogs":
        return "".join(rng.choice("TF..") for _ in range(rng.randint(1, size)))
    if game == "toppling_dominoes":
        return "".join(rng.choice("brg") for _ in range(rng.randint(1, size)))
    n = rng.randint(1, size)
    edges = tuple((u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.4)
    colours = [None] * n
    v = rng.randrange(n)
    colours[v] = rng.choice([None, "blue", "red"])
    # keep the colouring legal: a coloured vertex with no coloured neighbour
    return (n, edges, tuple(colours))


def after_move(game, key, left, move):
    """The position a returned move leads to; it must be a legal move."""
    for m, after in ref.moves(game, key, left):
        if m == {k: move.get(k) for k in m}:
            return after
    raise AssertionError(f"{game} {key}: {move} is not a move of {'Left' if left else 'Right'}")


def outcome_of(game, key):
    return ref.outcome((game, key, 1))


def check_position(srv, game, key, tree_too):
    path = PATHS[game]
    a = post(srv, path, {**request(game, key), "all_moves": True})
    assert a["outcome"] == outcome_of(game, key), (game, key, a)
    if tree_too:
        want = post(srv, CGT, {"expression": ref.tree(game, key)})["value"]
        assert a["value"] == want, (game, key, a["value"], want)
    for left, key1, key2 in ((True, "left_move", "left_moves"), (False, "right_move", "right_moves")):
        mine = ref.moves(game, key, left)
        assert [m["move"] for m in a[key2]] == [m for m, _ in mine], (game, key, a[key2])
        assert a[key1.replace("move", "move_count")] == len(mine)
        wins = ref.wins(((game, key, 1),), left)
        assert (a[key1] is not None) == wins, (game, key, a)
        if a[key1] is not None:
            after = after_move(game, key, left, a[key1])
            assert not ref.wins(((game, after, 1),), not left), (game, key, a[key1])
    # outcome_only: the search alone
    o = post(srv, path, {**request(game, key), "outcome_only": True})
    assert o["outcome"] == a["outcome"]
    for left, k in ((True, "left_move"), (False, "right_move")):
        assert (o[k] is None) == (a[k] is None)
        if o[k] is not None:
            after = after_move(game, key, left, o[k])
            assert not ref.wins(((game, after, 1),), not left), (game, key, o[k])
    # the impartial variant
    i = post(srv, path, {**request(game, key), "impartial": True, "all_moves": True})
    g = ref.grundy(game, key)
    assert i["grundy"] == g and i["winner"] == ("first" if g else "second"), (game, key, i)
    if g:
        mv = i["winning_move"]
        options = [a2 for left in (True, False) for m, a2 in ref.moves(game, key, left)
                   if m == {k: mv.get(k) for k in m}]
        assert any(ref.grundy(game, a2) == 0 for a2 in options), (game, key, mv)
    else:
        assert i["winning_move"] is None
    return a["value"]


def test_values_and_moves_against_the_rules(srv):
    rng = random.Random(38)
    for game, size, count in (("toads_and_frogs", 7, 40), ("toppling_dominoes", 6, 40),
                              ("snort", 5, 30), ("col", 5, 30)):
        for _ in range(count):
            key = random_position(rng, game, size)
            if game in ("snort", "col") and not legal(game, key):
                continue
            check_position(srv, game, key, tree_too=True)


def legal(game, key):
    n, edges, colours = key
    for u, v in edges:
        cu, cv = colours[u], colours[v]
        if cu and cv and ((game == "col" and cu == cv) or (game == "snort" and cu != cv)):
            return False
    return True


def test_larger_positions_outcomes(srv):
    rng = random.Random(380)
    for game, size in (("toads_and_frogs", 11), ("toppling_dominoes", 10), ("snort", 7),
                       ("col", 8)):
        for _ in range(8):
            key = random_position(rng, game, size)
            if game in ("snort", "col") and not legal(game, key):
                continue
            check_position(srv, game, key, tree_too=False)


def test_equal_values_iff_difference_is_zero(srv):
    rng = random.Random(3838)
    for game, size in (("toads_and_frogs", 6), ("toppling_dominoes", 5), ("col", 4),
                       ("snort", 4)):
        keys = []
        while len(keys) < 14:
            k = random_position(rng, game, size)
            if game in ("toads_and_frogs", "toppling_dominoes") or legal(game, k):
                keys.append(k)
        values = [post(srv, PATHS[game], request(game, k))["value"] for k in keys]
        for i in range(len(keys)):
            for j in range(i + 1, len(keys)):
                same = ref.equal((game, keys[i]), (game, keys[j]))
                assert (values[i] == values[j]) == same, (game, keys[i], keys[j], values[i],
                                                          values[j])


def test_published_values(srv):
    value = lambda game, key: post(srv, PATHS[game], request(game, key))["value"]
    # Winning Ways, ch. 1: T□F = *; a toad with room and a frog blocked
    assert value("toads_and_frogs", "T.F") == "*"
    assert value("toads_and_frogs", "TTFF") == "0"  # no one can move
    assert value("toads_and_frogs", "T..") == "2"
    # a row of n green dominoes is the nim heap *n; n blue dominoes are n
    for n in range(1, 7):
        assert value("toppling_dominoes", "g" * n) == ("*" if n == 1 else f"*{n}")
        assert value("toppling_dominoes", "b" * n) == str(n)
    # Winning Ways, ch. 2: a Col vertex alone is *, an edge 0; Snort's edge
    # is ±1 and Col values are numbers or numbers plus *
    assert value("col", (1, (), (None,))) == "*"
    assert value("col", (2, ((0, 1),), (None, None))) == "0"
    assert value("snort", (2, ((0, 1),), (None, None))) == "\u00b11"
    assert value("snort", (1, (), ("blue",))) == "0"


def test_sums_with_other_games(srv):
    rng = random.Random(8)
    for _ in range(20):
        comps, parts = [], []
        for _ in range(rng.randint(1, 3)):
            game = rng.choice(list(PATHS))
            key = random_position(rng, game, 4)
            if game in ("snort", "col") and not legal(game, key):
                continue
            comps.append({"game": game, **request(game, key)})
            parts.append((game, key))
        if not comps:
            continue
        a = post(srv, SUM, {"components": comps})
        want = ref.outcome(*[(g, k, 1) for g, k in parts])
        assert a["outcome"] == want, (comps, a)
        for left, k in ((True, "left_move"), (False, "right_move")):
            mv = a[k]
            wins = ref.wins(tuple((g, key, 1) for g, key in parts), left)
            assert (mv is not None) == wins, (comps, a)
            if mv is None:
                continue
            i = mv["component"]
            g, key = parts[i]
            after = list(parts)
            after[i] = (g, after_move(g, key, left, mv["move"]))
            assert not ref.wins(tuple((g2, k2, 1) for g2, k2 in after), not left), (comps, mv)
    # with a typed expression: T.F + * = 0
    a = post(srv, SUM, {"components": [{"game": "toads_and_frogs", "strip": "T.F"},
                                       {"game": "cgt", "expression": "*"}]})
    assert a["value"] == "0" and a["outcome"] == "P", a


def test_bad_input(srv):
    tf, td, col, snort = (PATHS[g] for g in ("toads_and_frogs", "toppling_dominoes", "col",
                                             "snort"))
    p = expect_problem(srv.post_json(tf, {"strip": "TX."}), 400, "/strip")
    assert "character 1" in p["detail"]
    expect_problem(srv.post_json(tf, {"strip": 3}), 400, "/strip")
    expect_problem(srv.post_json(tf, {}), 400)
    expect_problem(srv.post_json(tf, {"strip": "T" * 1025}), 422, "/strip")
    expect_problem(srv.post_json(td, {"dominoes": "bbx"}), 400, "/dominoes")
    expect_problem(srv.post_json(td, {"dominoes": "b", "outcome_only": True, "all_moves": True}),
                   400, "/outcome_only")
    expect_problem(srv.post_json(col, {"vertices": 2, "edges": [[0, 2]]}), 400, "/edges/0/1")
    expect_problem(srv.post_json(col, {"vertices": 2, "edges": [[1, 1]]}), 400, "/edges/0")
    expect_problem(srv.post_json(col, {"vertices": 2, "colors": ["blue"]}), 400, "/colors")
    expect_problem(srv.post_json(col, {"vertices": 2, "colors": ["blue", "green"]}), 400,
                   "/colors/1")
    expect_problem(srv.post_json(col, {"vertices": 3, "edges": [[0, 1], [1, 2]],
                                       "colors": [None, "red", "red"]}), 400, "/edges/1")
    expect_problem(srv.post_json(snort, {"vertices": 2, "edges": [[0, 1]],
                                         "colors": ["red", "blue"]}), 400, "/edges/0")
    expect_problem(srv.post_json(snort, {"vertices": 101}), 422, "/vertices")
    expect_problem(srv.post_json(snort, {"vertices": 70000}), 422, "/vertices")
    expect_problem(srv.post_json(snort, {"vertices": 2, "extra": 1}), 400, "/extra")
    # past the search's budget -- its nodes (422) or its memory (413),
    # whichever the 256 dominoes reach first -- and the service keeps serving
    r = srv.post_json(td, {"dominoes": "bgrgbrgbgrbgrbgrgbrgbgrgbrbgrbgr" * 8})
    assert r.status in (413, 422), r
    assert r.headers.get("content-type", "").startswith("application/problem+json"), r
    assert post(srv, td, {"dominoes": "g"})["value"] == "*"
    expect_problem(srv.post_json(SUM, {"components": [{"game": "col", "vertices": 1,
                                                       "colors": ["pink"]}]}),
                   400, "/components/0/colors/0")


def test_mcgs_toppling_dominoes_autotests(srv):
    """MCGS's Toppling Dominoes autotests (CGSuite 2.1.1's results): rows of
    10 to 40 dominoes and sums of three rows, outcomes with each player
    first (by value and by the outcome search), and the impartial Grundy
    values.  The sums of three rows of 20 (td_3x20) are left out: /v1/sum
    adds canonical forms, and theirs pass the store's depth limit (422)."""
    from mcgs_line_autotests import TOPPLING_DOMINOES
    td = PATHS["toppling_dominoes"]
    for name, rows, lw, rw, g in TOPPLING_DOMINOES:
        if len(rows) == 1:
            body = {"dominoes": rows[0]}
            if g is not None:
                assert post(srv, td, {**body, "impartial": True})["grundy"] == g, (name, rows)
                continue
            a = post(srv, td, body)
            o = post(srv, td, {**body, "outcome_only": True})
            assert o["outcome"] == a["outcome"], (name, rows)
        elif name.startswith("td_3x20"):
            continue
        else:
            comps = [{"game": "toppling_dominoes", "dominoes": r} for r in rows]
            if g is not None:  # the impartial variants' Grundy values XOR
                x = 0
                for r in rows:
                    x ^= post(srv, td, {"dominoes": r, "impartial": True})["grundy"]
                assert x == g, (name, rows)
                continue
            a = post(srv, SUM, {"components": comps})
        want = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}
        assert a["outcome"] == want[(lw, rw)], (name, rows, a)
