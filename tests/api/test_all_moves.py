"""all_moves (the analysis board's move list) against brute force, per family.

For every family the listed moves are compared, as a set, with the moves a
Python brute force generates from the rules, each with the value of the
position after it computed by an independent method (mex search over the
game tree, or re-solving the smaller position), and the outcome derived from
that value (misère Nim: from a misère game search; game graphs: from a
retrograde analysis of the product graph, with remoteness by value
iteration).  Counts, max_moves caps, huge counts as decimal strings, the
order being deterministic, sums and the ordinal-tree 422 are checked too.
"""
import functools
import itertools
import random

from harness import expect_problem, mex, octal_options, octal_values, pile_cases

# Codes with no known period (0.6, 0.4, 0.8, Grundy's game) compute their
# table until --max-octal-values or --max-analysis-seconds (docs/octal.md);
# the heaps here are below 40, so a small bound keeps each at milliseconds
# instead of the 30-second default time limit.
SERVER_ARGS = ["--max-octal-values", "4096"]


def post(srv, path, body, status=200):
    r = srv.post_json(path, body)
    assert r.status == status, (r, r.body[:400])
    return r.json()


def outcome_of(value):
    return "win" if value == 0 else "lose"


def xor_all(values):
    x = 0
    for v in values:
        x ^= v
    return x


def check_common(r, expected, key):
    """r's moves equal expected [(key(move), grundy, outcome)] as multisets."""
    got = sorted((key(m["move"]), m["grundy"], m["outcome"]) for m in r["moves"])
    assert got == sorted(expected), (got, sorted(expected))
    assert r["move_count"] == len(expected)


# ---- Nim ---------------------------------------------------------------------


def nim_misere_wins(pos):
    @functools.lru_cache(maxsize=None)
    def wins(p):
        if all(x == 0 for x in p):
            return True  # misère: the player who cannot move wins
        return any(not wins(p[:i] + (to,) + p[i + 1:]) for i, x in enumerate(p) for to in range(x))

    return wins(tuple(pos))


def test_nim_all_moves_normal_and_misere(srv):
    for piles in pile_cases(random.Random(18), 1, 7, 4, 30):
        for misere in (False, True):
            r = post(srv, "/v1/nim", {"piles": piles, "misere": misere, "all_moves": True})
            expected = []
            for i, p in enumerate(piles):
                for to in range(p):
                    after = piles[:i] + [to] + piles[i + 1:]
                    g = xor_all(after)
                    if misere:
                        outcome = "lose" if nim_misere_wins(after) else "win"
                    else:
                        outcome = outcome_of(g)
                    expected.append(((i, p, to), g, outcome))
            check_common(r, expected, lambda m: (m["pile"], m["from"], m["to"]))
            # every winning move the endpoint names is a "win" in the list
            if r["winning_move"] is not None:
                w = r["winning_move"]
                assert any(m["move"] == w and m["outcome"] == "win" for m in r["moves"])
            else:
                assert all(m["outcome"] == "lose" for m in r["moves"])


def test_nim_huge_count_and_cap(srv):
    big = "9223372036854775807"
    r = post(srv, "/v1/nim", {"piles": [big, big, big], "all_moves": True, "max_moves": 3})
    assert r["move_count"] == str(3 * (2**63 - 1))
    assert [m["move"]["to"] for m in r["moves"]] == [str(2**63 - 2), str(2**63 - 3), str(2**63 - 4)]
    r = post(srv, "/v1/nim", {"piles": [5, 6], "all_moves": True, "max_moves": 0})
    assert r["moves"] == [] and r["move_count"] == 11
    a = srv.post_json("/v1/nim", {"piles": [3, 4, 5], "all_moves": True}).body
    b = srv.post_json("/v1/nim", {"piles": [3, 4, 5], "all_moves": True}).body
    assert a == b
    # without the option nothing is added
    r = post(srv, "/v1/nim", {"piles": [3, 4]})
    assert "moves" not in r and "move_count" not in r


# ---- subtraction and octal ------------------------------------------------------


def sub_values(rule, top):
    g = []
    for n in range(top + 1):
        g.append(mex(g[n - t] for t in rule if t <= n))
    return g


def test_subtraction_all_moves(srv):
    rng = random.Random(4)
    for _ in range(40):
        if rng.random() < 0.3:
            k = rng.randrange(1, 5)
            rule, body = list(range(1, k + 1)), {"max_take": k}
        else:
            rule = sorted(set(rng.randrange(1, 8) for _ in range(rng.randrange(1, 4))))
            body = {"subtraction_set": rule[::-1] + rule[:1]}  # any order, repeats
        piles = [rng.randrange(0, 25) for _ in range(rng.randrange(1, 4))]
        g = sub_values(rule, 30)
        total = xor_all(g[p] for p in piles)
        r = post(srv, "/v1/subtraction", dict(body, piles=piles, all_moves=True))
        expected = []
        for i, p in enumerate(piles):
            for t in rule:
                if t <= p:
                    after = total ^ g[p] ^ g[p - t]
                    expected.append(((i, t, p, p - t), after, outcome_of(after)))
        check_common(r, expected, lambda m: (m["pile"], m["take"], m["from"], m["to"]))


def check_octal_all_moves(srv, code, top, heap_lists):
    """Every move of each position, in the daemon's order, with the
    values after it, against octal_values and octal_options."""
    g = octal_values(code, top)
    for heaps in heap_lists:
        total = xor_all(g[h] for h in heaps)
        r = post(srv, "/v1/octal", {"code": code, "heaps": heaps, "all_moves": True})
        expected = []
        for i, h in enumerate(heaps):
            for take, lv in octal_options(code, h):
                after = total ^ g[h] ^ xor_all(g[x] for x in lv)
                expected.append(((i, take, tuple(sorted(lv))), after, outcome_of(after)))
        check_common(r, expected, lambda m: (m["heap"], m["take"], tuple(m["leaves"])))


def test_octal_all_moves(srv):
    for code in ("0.77", "0.07", "0.137", "0.6", "0.4"):
        check_octal_all_moves(srv, code, 41, ([7], [4, 9], [1, 2, 3], [13]))


def test_hexadecimal_codes_and_grundys_game(srv):
    """Codes with three-heap moves and Grundy's game, where the daemon
    knows them; skipped only where it answers 400 to the code itself."""
    for code in ("0.8", "0.F", "0.48", "grundy"):
        probe = srv.post_json("/v1/octal", {"code": code, "heaps": [1]})
        if probe.status == 400:
            continue  # this build reads octal digits only
        check_octal_all_moves(srv, code, 30, ([9], [4, 11], [13, 2]))


def test_octal_huge_heap_count(srv):
    h = 10**12
    r = post(srv, "/v1/octal", {"code": "0.77", "heaps": [h], "all_moves": True, "max_moves": 5})
    # take 1: [h-1] and floor((h-1)/2) splits; take 2: [h-2] and floor((h-2)/2)
    assert r["move_count"] == 1 + (h - 1) // 2 + 1 + (h - 2) // 2
    assert len(r["moves"]) == 5


# ---- Hackenbush trees and graphs ------------------------------------------------


def tree_value(parent):
    n = len(parent)
    kids = [[] for _ in range(n)]
    for v, p in enumerate(parent):
        if p >= 0:
            kids[p].append(v)

    @functools.lru_cache(maxsize=None)
    def g(v):
        return xor_all(g(c) + 1 for c in kids[v])

    return xor_all(g(v) for v in range(n) if parent[v] < 0), kids


def test_hackenbush_tree_all_moves(srv):
    rng = random.Random(0)
    for _ in range(60):
        n = rng.randrange(1, 14)
        parent = [-1] + [rng.randrange(-1 if rng.random() < 0.15 else 0, v) for v in range(1, n)]
        parent = [p if p >= 0 else -1 for p in parent]
        _, kids = tree_value(parent)
        r = post(srv, "/v1/hackenbush/tree", {"parent": parent, "all_moves": True})
        expected = []
        for v in range(n):
            if parent[v] < 0:
                continue
            gone = set()
            stack = [v]
            while stack:
                x = stack.pop()
                gone.add(x)
                stack.extend(kids[x])
            # the smaller forest: relabel the kept vertices
            kept = [x for x in range(n) if x not in gone]
            idx = {x: i for i, x in enumerate(kept)}
            sub = [idx[parent[x]] if parent[x] >= 0 else -1 for x in kept]
            after, _ = tree_value(sub)
            expected.append(((parent[v], v, len(gone)), after, outcome_of(after)))
        check_common(r, expected, lambda m: (m["parent"], m["child"], m["edges_removed"]))


def test_hackenbush_tree_nested_paths(srv):
    r = post(srv, "/v1/hackenbush/tree", {"nested": [[], [[]]], "all_moves": True})
    assert {m["move"]["path"]: m["grundy"] for m in r["moves"]} == {"/0": 2, "/1": 1, "/1/0": 0}


def graph_value(edges, ground):
    """Green Hackenbush by exhaustive search over edge subsets."""

    def attached(es):
        seen = set(ground)
        changed = True
        while changed:
            changed = False
            for u, v in es:
                if (u in seen) != (v in seen):
                    seen.add(u)
                    seen.add(v)
                    changed = True
        return tuple(e for e in es if e[0] in seen)

    @functools.lru_cache(maxsize=None)
    def g(es):
        return mex(g(attached(es[:i] + es[i + 1:])) for i in range(len(es)))

    return lambda es: g(attached(tuple(es))), attached


def test_hackenbush_graph_all_moves(srv):
    rng = random.Random(3)
    for _ in range(40):
        n = rng.randrange(2, 6)
        m = rng.randrange(1, 8)
        edges = [[rng.randrange(n), rng.randrange(n)] for _ in range(m)]
        ground = [0] if rng.random() < 0.7 else [0, n - 1]
        value, attached = graph_value(edges, ground)
        in_play = [i for i, e in enumerate(edges)
                   if tuple(e) in attached(tuple(tuple(x) for x in edges))]
        r = post(srv, "/v1/hackenbush/graph",
                 {"vertices": n, "edges": edges, "ground": ground, "all_moves": True})
        expected = []
        for i in in_play:
            rest = [tuple(e) for j, e in enumerate(edges) if j != i]
            after = value(rest)
            expected.append((i, after, outcome_of(after)))
        check_common(r, expected, lambda mv: mv["edge"])


def test_hackenbush_graph_long_chain_of_blocks(srv):
    # cycles joined by bridges, deep bridge tree: values by re-solving each
    k = 40
    edges, ground = [], [0]
    for b in range(k):
        a = 3 * b
        edges += [[a, a + 1], [a + 1, a + 2], [a + 2, a], [a + 2, a + 3]]
    r = post(srv, "/v1/hackenbush/graph", {"edges": edges, "ground": ground, "all_moves": True})
    assert r["move_count"] == len(edges)
    for mv in r["moves"][::7]:
        rest = [e for j, e in enumerate(edges) if j != mv["move"]["edge"]]
        again = post(srv, "/v1/hackenbush/graph", {"edges": rest, "ground": ground,
                                                   "vertices": 3 * k + 1})
        assert again["grundy"] == mv["grundy"], mv


# ---- game graphs ----------------------------------------------------------------


def product_outcomes(n, moves, tokens):
    """win/lose/draw and remoteness of every tuple of token positions by
    value iteration: W_d / L_d = won / lost within d moves."""
    follow = [sorted(set(b for a, b in moves if a == u)) for u in range(n)]
    states = list(itertools.product(range(n), repeat=tokens))

    def succ(s):
        for t in range(tokens):
            for v in follow[s[t]]:
                yield s[:t] + (v,) + s[t + 1:]

    res = {}
    for d in range(0, 2 * len(states) + 2):
        new = {}
        for s in states:
            if s in res:
                continue
            nxt = list(succ(s))
            if any(res.get(x, (None,))[0] == "lose" for x in nxt):
                new[s] = ("win", d)
            elif all(res.get(x, (None,))[0] == "win" for x in nxt):
                new[s] = ("lose", d)
        if not new and d > 0:
            break
        res.update(new)
    return {s: res.get(s, ("draw", None)) for s in states}


def test_game_graph_all_moves_and_remoteness(srv):
    rng = random.Random(7)
    for trial in range(40):
        n = rng.randrange(1, 6)
        moves = [[rng.randrange(n), rng.randrange(n)] for _ in range(rng.randrange(0, 9))]
        tokens = 1 if trial % 2 == 0 else rng.randrange(2, 4)
        start = [rng.randrange(n) for _ in range(tokens)]
        table = product_outcomes(n, moves, tokens)
        r = post(srv, "/v1/game-graph", {"positions": n, "moves": moves, "start": start,
                                         "all_moves": True, "include_values": True})
        follow = [list(dict.fromkeys(b for a, b in moves if a == u)) for u in range(n)]
        expected = []
        for t, u in enumerate(start):
            for v in follow[u]:
                after = tuple(start[:t] + [v] + start[t + 1:])
                res, _ = table[after]
                mover = {"lose": "win", "win": "lose", "draw": "draw"}[res]
                expected.append(((t, u, v), mover))
        got = sorted(((m["move"]["token"], m["move"]["from"], m["move"]["to"]), m["outcome"])
                     for m in r["moves"])
        assert got == sorted(expected), (n, moves, start, r)
        assert r["move_count"] == len(expected)
        # listing order: token by token, destinations in edge order
        assert [m["move"]["token"] for m in r["moves"]] == sorted(m["move"]["token"] for m in r["moves"])
        single = product_outcomes(n, moves, 1)
        assert r["remoteness"] == [single[(u,)][1] for u in range(n)], (moves, r)
        for m in r["moves"]:
            after = list(start)
            after[m["move"]["token"]] = m["move"]["to"]
            # the product graph's remoteness (one token: the position's own)
            assert m.get("remoteness") == table[tuple(after)][1], (moves, start, m)
            # grundy after the move agrees with the position's own analysis
            after = list(start)
            after[m["move"]["token"]] = m["move"]["to"]
            again = post(srv, "/v1/game-graph", {"positions": n, "moves": moves, "start": after})
            assert again["grundy"] == m["grundy"], (m, again)


# ---- sums and ordinal trees -----------------------------------------------------


def test_sum_all_moves_values_of_the_whole_sum(srv):
    comps = [
        {"game": "nim", "piles": [3, 1]},
        {"game": "subtraction", "piles": [5], "subtraction_set": [1, 3]},
        {"game": "hackenbush_graph", "edges": [[0, 1], [1, 2], [2, 0]], "ground": [0]},
        {"game": "game_graph", "positions": 3, "moves": [[0, 1], [1, 0], [1, 2]], "start": [0]},
    ]
    r = post(srv, "/v1/sum", {"components": comps, "all_moves": True})
    per = [post(srv, "/v1/" + {"nim": "nim", "subtraction": "subtraction",
                               "hackenbush_graph": "hackenbush/graph",
                               "game_graph": "game-graph"}[c["game"]],
                dict({k: v for k, v in c.items() if k != "game"}, all_moves=True))
           for c in comps]
    assert r["move_count"] == sum(p["move_count"] for p in per)
    listed = [(m["move"]["component"], m["move"]["move"]) for m in r["moves"]]
    assert listed == [(i, m["move"]) for i, p in enumerate(per) for m in p["moves"]]
    # the component values with one replaced, combined by Smith's rule
    for m in r["moves"]:
        i = m["move"]["component"]
        after_i = next(x["grundy"] for x in per[i]["moves"] if x["move"] == m["move"]["move"])
        vals = list(r["component_grundy"])
        vals[i] = after_i
        fin = xor_all(v for v in vals if isinstance(v, int))
        loopy = [v for v in vals if isinstance(v, dict)]
        if not loopy:
            want = fin
        elif len(loopy) == 1:
            want = {"infinity": sorted(k ^ fin for k in loopy[0]["infinity"])}
        else:
            want = {"infinity": []}
        assert m["grundy"] == want, (m, want)
        if isinstance(want, int):
            assert m["outcome"] == outcome_of(want)
        else:
            assert m["outcome"] == ("lose" if 0 in want["infinity"] else "draw")


def test_sum_replayed_against_brute_force(srv):
    # nim + subtraction: every listed move's value equals a fresh analysis
    comps = [{"game": "nim", "piles": [4, 2]}, {"game": "subtraction", "piles": [6], "max_take": 2}]
    r = post(srv, "/v1/sum", {"components": comps, "all_moves": True, "max_moves": 4})
    assert r["move_count"] == 4 + 2 + 2 and len(r["moves"]) == 4
    for m in r["moves"]:
        mv = m["move"]["move"]
        nxt = [dict(c) for c in comps]
        c = nxt[m["move"]["component"]]
        c["piles"] = list(c["piles"])
        c["piles"][mv["pile"]] = mv["to"]
        assert post(srv, "/v1/sum", {"components": nxt})["grundy"] == m["grundy"]


def test_ordinal_trees_all_moves_is_a_422(srv):
    p = expect_problem(srv.post_json("/v1/ordinal-trees", {"trees": [[[[]]]], "all_moves": True}),
                       422, "/all_moves")
    assert "infinitely many" in p["detail"]
    p = expect_problem(srv.post_json("/v1/sum", {"components": [
        {"game": "nim", "piles": [1]}, {"game": "ordinal_trees", "trees": [[[]], [[[]]]]}],
        "all_moves": True}), 422)
    assert "infinitely many" in p["detail"]
    expect_problem(srv.post_json("/v1/nim", {"piles": [1], "all_moves": 1}), 400, "/all_moves")
