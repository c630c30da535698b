"""POST /v1/ordinal-trees (docs/ordinals.md) against an independent Python model of
ordinals below epsilon_0: values, text, CNF, winning moves replayed to a
zero forest, invariance under child order, and bad inputs with pointers."""
import functools
import json
import random
import sys

from harness import expect_problem

PATH = "/v1/ordinal-trees"

# ---- a small model: an ordinal is a tuple of (exponent, coefficient) pairs,
# exponents (ordinals) strictly decreasing; zero is ().  Recursion is fine
# here: the test trees are shallow.


def ocmp(a, b):
    for (ea, ca), (eb, cb) in zip(a, b):
        c = ocmp(ea, eb)
        if c:
            return c
        if ca != cb:
            return -1 if ca < cb else 1
    return (len(a) > len(b)) - (len(a) < len(b))


def tree_ord(t):
    """g(T) = w^g(T1) + ... + w^g(Tk) with T1 >= ... >= Tk (the seed's table)."""
    kids = sorted((tree_ord(c) for c in t), key=functools.cmp_to_key(ocmp), reverse=True)
    terms = []
    for k in kids:
        if terms and terms[-1][0] == k:
            terms[-1][1] += 1
        else:
            terms.append([k, 1])
    return tuple((e, c) for e, c in terms)


def oxor(a, b):
    out, i, j = [], 0, 0
    while i < len(a) or j < len(b):
        c = -1 if i == len(a) else 1 if j == len(b) else ocmp(a[i][0], b[j][0])
        if c > 0:
            out.append(a[i])
            i += 1
        elif c < 0:
            out.append(b[j])
            j += 1
        else:
            if a[i][1] ^ b[j][1]:
                out.append((a[i][0], a[i][1] ^ b[j][1]))
            i += 1
            j += 1
    return tuple(out)


ONE = (((), 1),)
OMEGA = ((ONE, 1),)


def otext(a, w="ω", dot="·"):
    if not a:
        return "0"
    parts = []
    for e, c in a:
        if e == ():
            parts.append(str(c))
            continue
        s = w
        if e != ONE:
            finite = len(e) == 1 and e[0][0] == ()
            inner = otext(e, w, dot)
            s += "^" + (inner if finite or e == OMEGA else "(" + inner + ")")
        if c != 1:
            s += dot + str(c)
        parts.append(s)
    return " + ".join(parts)


def ocnf(a):
    return [{"exponent": ocnf(e), "coefficient": c} for e, c in a]


def otree(a):
    return [otree(e) for e, c in a for _ in range(c)]


def random_tree(rng, n, mode=None):
    nodes = [[]]
    mode = rng.randrange(3) if mode is None else mode
    for i in range(1, n):
        if mode == 0:
            p = rng.randrange(i)
        elif mode == 1:
            p = max(0, i - 1 - rng.randrange(3))
        else:
            p = rng.randrange((i + 1) // 2)
        child = []
        nodes[p].append(child)
        nodes.append(child)
    return nodes[0]


def shuffled(t, rng):
    kids = [shuffled(c, rng) for c in t]
    rng.shuffle(kids)
    return kids


def expected(trees):
    vals = [tree_ord(t) for t in trees]
    total = ()
    for v in vals:
        total = oxor(total, v)
    moves = []
    for i, v in enumerate(vals):
        y = oxor(v, total)
        if ocmp(y, v) < 0:
            moves.append({"tree": i, "replace_with": otree(y)})
    return vals, total, moves


# ---- the seed's table ---------------------------------------------------------

SEED_TABLE = [
    ([], "0", "0"),
    ([[]], "1", "1"),
    ([[], []], "2", "2"),
    ([[[]]], "ω", "w"),
    ([[[]], []], "ω + 1", "w + 1"),
    ([[[]], [[]]], "ω·2", "w*2"),
    ([[[], []]], "ω^2", "w^2"),
    ([[[], [], []], [[], []], [[], []], [], [], [], []], "ω^3 + ω^2·2 + 4", "w^3 + w^2*2 + 4"),
    ([[[[]]]], "ω^ω", "w^w"),
    ([[[[]], []]], "ω^(ω + 1)", "w^(w + 1)"),
    ([[[[]], [[]]]], "ω^(ω·2)", "w^(w*2)"),
    ([[[[[]]]]], "ω^(ω^ω)", "w^(w^w)"),
]


def test_seed_table(srv):
    for tree, text, ascii_text in SEED_TABLE:
        r = srv.post_json(PATH, {"trees": [tree]}).json()
        assert r["grundy"] == text, (tree, r)
        assert r["grundy_ascii"] == ascii_text, (tree, r)
        assert r["tree_grundy"] == [text]
        assert r["grundy_cnf"] == ocnf(tree_ord(tree))
        assert otext(tree_ord(tree)) == text
        if text == "0":
            assert r["winner"] == "second" and r["winning_move"] is None
        else:
            # a lone tree: the winning move empties it to the one-vertex tree
            assert r["winner"] == "first"
            assert r["winning_move"] == {"tree": 0, "replace_with": []}
    # the whole table as one forest
    trees = [t for t, _, _ in SEED_TABLE]
    r = srv.post_json(PATH, {"trees": trees}).json()
    assert r["tree_grundy"] == [t for _, t, _ in SEED_TABLE]
    vals, total, moves = expected(trees)
    assert r["grundy"] == otext(total)


def test_example_from_the_issue(srv):
    r = srv.post_json(PATH, {"trees": [[[[]]], [[], []]], "all_winning_moves": False}).json()
    assert r["grundy"] == "ω + 2" and r["grundy_ascii"] == "w + 2"
    assert r["grundy_cnf"] == [
        {"exponent": [{"exponent": [], "coefficient": 1}], "coefficient": 1},
        {"exponent": [], "coefficient": 2},
    ]
    assert r["tree_grundy"] == ["ω", "2"]
    assert r["winner"] == "first"
    assert r["winning_move"] == {"tree": 0, "replace_with": [[], []]}
    assert "winning_moves" not in r


def test_empty_forest(srv):
    r = srv.post_json(PATH, {"trees": []}).json()
    assert r == {"grundy": "0", "grundy_ascii": "0", "grundy_cnf": [], "tree_grundy": [],
                 "winner": "second", "winning_move": None}


# ---- random forests against the model ------------------------------------------


def test_random_forests_against_model(srv):
    rng = random.Random(5002)
    for case in range(150):
        ntrees = rng.randrange(1, 7)
        trees = [random_tree(rng, rng.randrange(1, 14)) for _ in range(ntrees)]
        if case % 3 == 0 and ntrees > 1:
            trees[-1] = shuffled(trees[0], rng)  # an equal pair cancels
        r = srv.post_json(PATH, {"trees": trees, "all_winning_moves": True}).json()
        vals, total, moves = expected(trees)
        assert r["grundy"] == otext(total), (trees, r)
        assert r["grundy_ascii"] == otext(total, "w", "*")
        assert r["grundy_cnf"] == ocnf(total)
        assert r["tree_grundy"] == [otext(v) for v in vals]
        assert r["winner"] == ("first" if total else "second")
        assert r["winning_moves"] == moves, (trees, r, moves)
        assert r["winning_move_count"] == len(moves)
        assert r["winning_move"] == (moves[0] if moves else None)


def test_moves_are_smaller_and_reach_zero(srv):
    rng = random.Random(77)
    replayed = 0
    for _ in range(60):
        trees = [random_tree(rng, rng.randrange(1, 16)) for _ in range(rng.randrange(1, 6))]
        r = srv.post_json(PATH, {"trees": trees, "all_winning_moves": True}).json()
        for m in r["winning_moves"]:
            i = m["tree"]
            new = m["replace_with"]
            # strictly smaller than the tree it replaces, by the tree order
            assert ocmp(tree_ord(new), tree_ord(trees[i])) < 0, (trees, m)
            after = trees[:i] + [new] + trees[i + 1:]
            r2 = srv.post_json(PATH, {"trees": after}).json()
            assert r2["grundy"] == "0" and r2["winner"] == "second", (after, r2)
            assert r2["winning_move"] is None
            replayed += 1
    assert replayed > 30


def test_child_order_does_not_matter(srv):
    rng = random.Random(314)
    for _ in range(40):
        trees = [random_tree(rng, rng.randrange(1, 25)) for _ in range(rng.randrange(1, 5))]
        a = srv.post_json(PATH, {"trees": trees, "all_winning_moves": True})
        b = srv.post_json(PATH, {"trees": [shuffled(t, rng) for t in trees],
                                 "all_winning_moves": True})
        assert a.body == b.body


def test_max_moves_caps_the_list_not_the_count(srv):
    # seven copies of w and one 1: total w + 1, every w tree can become 1... no:
    # w XOR (w + 1) = 1 < w, so each of the seven w trees has a move.
    trees = [[[[]]]] * 7 + [[[]]]
    r = srv.post_json(PATH, {"trees": trees, "all_winning_moves": True, "max_moves": 2}).json()
    assert r["grundy"] == "ω + 1"
    assert r["winning_move_count"] == 7 and len(r["winning_moves"]) == 2
    assert r["winning_moves"][0] == {"tree": 0, "replace_with": [[]]}
    r = srv.post_json(PATH, {"trees": trees, "all_winning_moves": True, "max_moves": 0}).json()
    assert r["winning_move_count"] == 7 and r["winning_moves"] == []
    assert r["winning_move"] == {"tree": 0, "replace_with": [[]]}


def test_big_coefficients_and_wide_trees(srv):
    # a star of 20000 leaves is the natural number 20000; w^w parts elsewhere
    star = [[] for _ in range(20000)]
    wide = [[[[]]] for _ in range(3000)] + [[] for _ in range(5)]  # w^w*3000 + 5
    r = srv.post_json(PATH, {"trees": [star, wide]}).json()
    assert r["tree_grundy"] == ["20000", "ω^ω·3000 + 5"]
    assert r["grundy"] == "ω^ω·3000 + %d" % (20000 ^ 5)
    # the move is in the wide tree: w^w*3000 + 5 -> 20000
    assert r["winning_move"]["tree"] == 1
    assert r["winning_move"]["replace_with"] == [[]] * 20000


def test_deep_tree(srv):
    # depth 300 (the parser allows 1000 levels); the CNF is nested twice as
    # deep as the value's height, so give the validator some room
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    depth = 300
    body = "[" * (depth + 1) + "]" * (depth + 1)
    doc = '{"trees": [%s, [[]]]}' % body
    r = srv.post_raw(PATH, doc)
    assert r.status == 200, r
    j = r.json()
    assert j["tree_grundy"][1] == "1"
    assert j["grundy_ascii"].startswith("w^(w^(") and j["grundy_ascii"].endswith(" + 1")
    assert j["winning_move"]["tree"] == 0


# ---- bad input -----------------------------------------------------------------


def test_bad_inputs_have_pointers(srv):
    cases = [
        ({}, "/trees"),
        ({"trees": 5}, "/trees"),
        ({"trees": {"a": []}}, "/trees"),
        ({"trees": [[], 3]}, "/trees/1"),
        ({"trees": [[[], [[], {"a": 1}]]]}, "/trees/0/1/1"),
        ({"trees": [[[[["x"]]]]]}, "/trees/0/0/0/0/0"),
        ({"trees": [[None]]}, "/trees/0/0"),
        ({"trees": [], "nested": []}, "/nested"),
        ({"trees": [], "all_winning_moves": 1}, "/all_winning_moves"),
        ({"trees": [], "max_moves": -1}, "/max_moves"),
    ]
    for body, pointer in cases:
        expect_problem(srv.post_json(PATH, body), 400, pointer)
    expect_problem(srv.post_json(PATH, [[]]), 400, "")


def test_too_deep_is_refused_and_the_daemon_keeps_serving(srv):
    body = '{"trees": [' + "[" * 5000 + "]" * 5000 + "]}"
    r = srv.post_raw(PATH, body)
    assert r.status in (400, 422), r
    assert r.header("content-type").startswith("application/problem+json")
    r = srv.post_json(PATH, {"trees": [[[[]]]]})
    assert r.status == 200 and r.json()["grundy"] == "ω"


def test_malformed_json(srv):
    expect_problem(srv.post_raw(PATH, '{"trees": [[]'), 400)
    r = srv.post_json(PATH, {"trees": [[]]})
    assert r.status == 200


def test_replacement_too_large_to_write_is_422(srv):
    # w and a star of 2^22 + 5 leaves: the only winning move turns the w
    # tree into that natural number, a tree of more than 4,194,304 vertices
    n = 4194304 + 5
    body = '{"trees":[[[[]]],[' + ",".join(["[]"] * n) + "]]}"
    p = expect_problem(srv.post_raw(PATH, body), 422)
    assert "4194304" in p["detail"] and "tree 0" in p["detail"], p
    r = srv.post_json(PATH, {"trees": [[[[]]]]})
    assert r.status == 200
