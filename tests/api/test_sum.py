"""POST /v1/sum: random mixes of every family against each family's own
endpoint (the nim-sum of their values; Smith's rule for loopy game graphs;
ordinal sums against /v1/ordinal-trees), every returned move replayed in its
component to a sum of value 0, and bad input with pointers.
"""
import random

from harness import expect_problem

PATH = "/v1/sum"
ENDPOINT = {
    "nim": "/v1/nim",
    "subtraction": "/v1/subtraction",
    "octal": "/v1/octal",
    "hackenbush_tree": "/v1/hackenbush/tree",
    "hackenbush_graph": "/v1/hackenbush/graph",
    "ordinal_trees": "/v1/ordinal-trees",
    "game_graph": "/v1/game-graph",
}


def post(srv, path, body, status=200):
    r = srv.post_json(path, body)
    assert r.status == status, (path, body, r)
    return r.json()


# ---- random positions of each family ------------------------------------

def random_parent(rng, n):
    return [-1] + [rng.randrange(i) for i in range(1, n)]


def random_tree_nested(rng, size):
    """A nested tree (root's children) of about `size` vertices."""
    root = []
    nodes = [root]
    for _ in range(size - 1):
        child = []
        rng.choice(nodes).append(child)
        nodes.append(child)
    return root


def random_component(rng, game, loopy_ok=True):
    if game == "nim":
        return {"piles": [rng.randrange(0, 20) for _ in range(rng.randrange(1, 4))]}
    if game == "subtraction":
        if rng.random() < 0.5:
            return {"piles": [rng.randrange(0, 50) for _ in range(rng.randrange(1, 3))],
                    "max_take": rng.randrange(1, 6)}
        return {"piles": [rng.randrange(0, 50) for _ in range(rng.randrange(1, 3))],
                "subtraction_set": sorted({rng.randrange(1, 8) for _ in range(3)})}
    if game == "octal":
        return {"code": rng.choice(["0.77", "0.07", "0.137", "0.33"]),
                "heaps": [rng.randrange(0, 25) for _ in range(rng.randrange(1, 3))]}
    if game == "hackenbush_tree":
        return {"parent": random_parent(rng, rng.randrange(1, 12))}
    if game == "hackenbush_graph":
        n = rng.randrange(2, 7)
        return {"edges": [[rng.randrange(n), rng.randrange(n)]
                          for _ in range(rng.randrange(1, 9))], "ground": [0]}
    if game == "ordinal_trees":
        return {"trees": [random_tree_nested(rng, rng.randrange(1, 6))
                          for _ in range(rng.randrange(1, 3))]}
    if game == "game_graph":
        n = rng.randrange(1, 7)
        if loopy_ok:
            moves = [[rng.randrange(n), rng.randrange(n)] for _ in range(rng.randrange(0, 2 * n))]
        else:  # acyclic: from higher to lower ids
            moves = []
            for _ in range(2 * n if n > 1 else 0):
                a = rng.randrange(1, n)
                moves.append([a, rng.randrange(a)])
        return {"positions": n, "moves": moves,
                "start": [rng.randrange(n) for _ in range(rng.randrange(1, 3))]}
    raise AssertionError(game)


def with_game(game, comp):
    return dict(comp, game=game)


# ---- replaying a move inside its component -------------------------------

def cut_subtree(parent, child):
    """Parent array without child's subtree, remaining ids renumbered in order."""
    n = len(parent)
    gone = [False] * n
    for v in range(n):  # parents precede children in random_parent arrays
        gone[v] = v == child or (parent[v] >= 0 and gone[parent[v]])
    new_id, k = {}, 0
    for v in range(n):
        if not gone[v]:
            new_id[v] = k
            k += 1
    return [-1 if parent[v] < 0 else new_id[parent[v]] for v in range(n) if not gone[v]]


def apply_move(game, comp, move):
    comp = {k: (list(v) if isinstance(v, list) else v) for k, v in comp.items()}
    if game in ("nim", "subtraction"):
        assert comp["piles"][move["pile"]] == int(move["from"])
        comp["piles"][move["pile"]] = int(move["to"])
    elif game == "octal":
        heaps = comp["heaps"]
        del heaps[move["heap"]]
        heaps.extend(int(x) for x in move["leaves"])
    elif game == "hackenbush_tree":
        assert comp["parent"][move["child"]] == move["parent"]
        comp["parent"] = cut_subtree(comp["parent"], move["child"])
        if not comp["parent"]:
            comp = {"parent": []}
    elif game == "hackenbush_graph":
        del comp["edges"][move["edge"]]
    elif game == "ordinal_trees":
        comp["trees"][move["tree"]] = move["replace_with"]
    elif game == "game_graph":
        assert comp["start"][move["token"]] == move["from"]
        assert [move["from"], move["to"]] in comp["moves"]
        comp["start"][move["token"]] = move["to"]
    else:
        raise AssertionError(game)
    return comp


def is_zero(g):
    return g == 0 or g == "0"


def check_replay(srv, games, comps, r, limit=4):
    for m in ([r["winning_move"]] + r.get("winning_moves", [])[:limit]):
        i = m["component"]
        assert m["game"] == games[i]
        after = list(comps)
        after[i] = apply_move(games[i], comps[i], m["move"])
        body = {"components": [with_game(g, c) for g, c in zip(games, after)]}
        r2 = post(srv, PATH, body)
        assert r2["winner"] == "second" and is_zero(r2["grundy"]), (body, m, r2)


# ---- tests ----------------------------------------------------------------

FINITE_GAMES = ["nim", "subtraction", "octal", "hackenbush_tree", "hackenbush_graph"]


def test_finite_mixes_against_each_endpoint(srv):
    rng = random.Random(81)
    wins = 0
    for _ in range(120):
        k = rng.randrange(1, 5)
        games = [rng.choice(FINITE_GAMES + ["game_graph"]) for _ in range(k)]
        comps = [random_component(rng, g, loopy_ok=False) for g in games]
        own = [post(srv, ENDPOINT[g], c) for g, c in zip(games, comps)]
        x = 0
        for o in own:
            x ^= int(o["grundy"])
        body = {"components": [with_game(g, c) for g, c in zip(games, comps)],
                "all_winning_moves": True}
        r = post(srv, PATH, body)
        assert r["component_grundy"] == [o["grundy"] for o in own]
        assert r["grundy"] == x
        assert r["winner"] == ("first" if x else "second")
        if x:
            wins += 1
            assert r["winning_move"] == r["winning_moves"][0]
            assert r["winning_move_count"] >= len(r["winning_moves"]) >= 1
            check_replay(srv, games, comps, r)
        else:
            assert r["winning_move"] is None and r["winning_move_count"] == 0
    assert wins > 40


def test_loopy_mixes_follow_smiths_rule(srv):
    rng = random.Random(82)
    seen = set()
    for _ in range(150):
        k = rng.randrange(1, 4)
        games = [rng.choice(["game_graph", "game_graph", "nim", "octal", "hackenbush_graph"])
                 for _ in range(k)]
        comps = [random_component(rng, g) for g in games]
        own = [post(srv, ENDPOINT[g], c) for g, c in zip(games, comps)]
        loopy = [i for i, o in enumerate(own) if isinstance(o["grundy"], dict)]
        a = 0
        for i, o in enumerate(own):
            if i not in loopy:
                a ^= int(o["grundy"])
        body = {"components": [with_game(g, c) for g, c in zip(games, comps)],
                "all_winning_moves": True}
        r = post(srv, PATH, body)
        assert r["component_grundy"] == [o["grundy"] for o in own]
        if len(loopy) >= 2:
            want, grundy = "draw", {"infinity": []}
        elif len(loopy) == 1:
            K = own[loopy[0]]["grundy"]["infinity"]
            want = "first" if a in K else "draw"
            grundy = {"infinity": sorted(k ^ a for k in K)}
        else:
            want, grundy = ("first" if a else "second"), a
        seen.add((len(loopy) > 1, len(loopy), want))
        assert r["winner"] == want, (body, own, r)
        assert r["grundy"] == grundy
        if want == "first":
            if loopy:  # only the infinite component can move
                assert {m["component"] for m in r["winning_moves"]} == {loopy[0]}
            check_replay(srv, games, comps, r)
        else:
            assert r["winning_move"] is None
    assert ("first" in {w for _, _, w in seen}) and ("draw" in {w for _, _, w in seen})
    assert any(n == 1 and w == "first" for _, n, w in seen)


def test_ordinal_mixes_against_ordinal_trees(srv):
    """A finite component of value n is worth the tree with n leaves under
    its root, so the sum must equal /v1/ordinal-trees on that forest."""
    rng = random.Random(83)
    for _ in range(60):
        k = rng.randrange(1, 4)
        games = ["ordinal_trees"] + [rng.choice(FINITE_GAMES + ["ordinal_trees"])
                                     for _ in range(k - 1)]
        rng.shuffle(games)
        comps = [random_component(rng, g) for g in games]
        own = [post(srv, ENDPOINT[g], c) for g, c in zip(games, comps)]
        forest = []
        for g, c, o in zip(games, comps, own):
            if g == "ordinal_trees":
                forest.extend(c["trees"])
            else:
                forest.append([[] for _ in range(int(o["grundy"]))])
        ref = post(srv, ENDPOINT["ordinal_trees"], {"trees": forest})
        body = {"components": [with_game(g, c) for g, c in zip(games, comps)],
                "all_winning_moves": True}
        r = post(srv, PATH, body)
        assert r["grundy"] == ref["grundy"]
        assert r["grundy_ascii"] == ref["grundy_ascii"]
        assert r["grundy_cnf"] == ref["grundy_cnf"]
        assert r["winner"] == ref["winner"]
        assert r["component_grundy"] == [o["grundy"] for o in own]
        if r["winner"] == "first":
            check_replay(srv, games, comps, r)


def test_design_example_and_empty(srv):
    body = {"components": [{"game": "nim", "piles": [4]},
                           {"game": "subtraction", "piles": [5], "max_take": 3},
                           {"game": "hackenbush_graph", "edges": [[0, 1], [1, 1]], "ground": [0]}]}
    r = post(srv, PATH, body)
    assert r["grundy"] == 7 and r["component_grundy"] == [4, 1, 2]
    assert r["winning_move"] == {"component": 0, "game": "nim",
                                 "move": {"pile": 0, "from": 4, "to": 3}}
    r = post(srv, PATH, {"components": []})
    assert r == {"grundy": 0, "component_grundy": [], "winner": "second", "winning_move": None}


def test_max_moves(srv):
    body = {"components": [{"game": "nim", "piles": [5, 6, 7]},
                           {"game": "nim", "piles": [9]}],
            "all_winning_moves": True, "max_moves": 1}
    r = post(srv, PATH, body)
    # 5^6^7^9 = 13: only the pile of 9 can move (to 9^13 = 4); 5, 6 and 7
    # would have to grow to 8, 11 and 10
    assert r["winning_move_count"] == 1 and len(r["winning_moves"]) == 1
    body["max_moves"] = 0
    r = post(srv, PATH, body)
    assert r["winning_moves"] == [] and r["winning_move"] is not None


def test_bad_input(srv):
    nim = {"game": "nim", "piles": [1]}
    cases = [
        ({}, None),
        ({"components": {}}, "/components"),
        ({"components": [nim, 3]}, "/components/1"),
        ({"components": [nim, {"piles": [1]}]}, "/components/1"),
        ({"components": [nim, {"game": "chess"}]}, "/components/1/game"),
        ({"components": [nim, {"game": 7}]}, "/components/1/game"),
        ({"components": [nim, {"game": "nim", "piles": [1, -1]}]}, "/components/1/piles/1"),
        ({"components": [nim, {"game": "nim", "piles": [1], "misere": True}]},
         "/components/1/misere"),
        ({"components": [{"game": "game_graph", "positions": 2, "moves": [[0, 2]],
                          "start": [0]}]}, "/components/0/moves/0/1"),
        ({"components": [{"game": "game_graph", "positions": 2, "moves": [],
                          "start": [2]}]}, "/components/0/start/0"),
        ({"components": [{"game": "ordinal_trees", "trees": [[3]]}]}, None),
        ({"components": [{"game": "game_graph", "positions": 1, "moves": [],
                          "start": [0], "include_values": True}]},
         "/components/0/include_values"),
        ({"components": [nim], "colour": 1}, "/colour"),
        ({"components": [nim], "max_moves": -1}, "/max_moves"),
    ]
    for body, pointer in cases:
        expect_problem(srv.post_json(PATH, body), 400, pointer)


def test_loopy_with_ordinals(srv):
    # position 0: a self-loop and moves to 1 (value 0) and 2 (value 1)
    loopy = {"game": "game_graph", "positions": 4,
             "moves": [[0, 0], [0, 1], [0, 2], [2, 3]], "start": [0]}
    omega = {"game": "ordinal_trees", "trees": [[[[]]]]}  # the tree of ω
    one = {"game": "ordinal_trees", "trees": [[[]]]}      # the tree of 1
    r = post(srv, PATH, {"components": [loopy, omega]})
    # infinity({0, 1}) + ω: K XOR ω = {ω, ω + 1}; ω is not finite, a draw
    assert r["grundy"] == {"infinity": ["ω", "ω + 1"]}
    assert r["component_grundy"] == [{"infinity": [0, 1]}, "ω"]
    assert r["winner"] == "draw" and r["winning_move"] is None
    r = post(srv, PATH, {"components": [one, loopy], "all_winning_moves": True})
    # infinity({0, 1}) + 1: {1, 0}; the token moves to 2 (value 1)
    assert r["grundy"] == {"infinity": ["0", "1"]}
    assert r["winner"] == "first"
    assert r["winning_moves"] == [{"component": 1, "game": "game_graph",
                                   "move": {"token": 0, "from": 0, "to": 2}}]
    r = post(srv, PATH, {"components": [loopy, omega, loopy]})
    assert r["grundy"] == {"infinity": []} and r["winner"] == "draw"
