"""POST /v1/hackenbush/tree against a running grundyd.

A brute-force solver (exhaustive mex over the sets of edges still standing)
checks values and the complete winning-move set of random small trees and
forests; the three input forms must agree on the same tree; every winning
move returned is replayed through the API and must leave value 0; bad
inputs get 400 with the right pointer; paths and stars of 10^6 edges work.
"""
import random

PATH = "/v1/hackenbush/tree"


# ---- brute force ----------------------------------------------------------

def brute(parent):
    """(value, {child: value after cutting the edge above child})."""
    n = len(parent)
    nonroot = [v for v in range(n) if parent[v] != -1]
    bit = {v: i for i, v in enumerate(nonroot)}
    sub = [0] * len(nonroot)  # bits of v's subtree (v included)
    for v in nonroot:
        u = v
        while parent[u] != -1:
            sub[bit[u]] |= 1 << bit[v]
            u = parent[u]
    memo = {}
    full = (1 << len(nonroot)) - 1
    # followers are subsets, so ascending masks see them first
    for mask in range(full + 1):
        ok = all(parent[v] == -1 or parent[v] not in bit or
                 mask >> bit[parent[v]] & 1
                 for v in nonroot if mask >> bit[v] & 1)
        if not ok:
            continue
        seen = {memo[mask & ~sub[i]] for i in range(len(nonroot))
                if mask >> i & 1}
        g = 0
        while g in seen:
            g += 1
        memo[mask] = g
    after = {v: memo[full & ~sub[bit[v]]] for v in nonroot}
    return memo[full], after


def colon_value(parent):
    """g by the colon principle, iteratively (for large inputs)."""
    n = len(parent)
    children = [[] for _ in range(n)]
    roots = []
    for v, p in enumerate(parent):
        (roots if p == -1 else children[p]).append(v)
    order = list(roots)
    for v in order:
        order.extend(children[v])
    g = [0] * n
    for v in reversed(order):
        if parent[v] != -1:
            g[parent[v]] ^= g[v] + 1
    total = 0
    for r in roots:
        total ^= g[r]
    return total


# ---- random shapes and conversions -----------------------------------------

def random_forest(rng, n, one_tree=False):
    perm = list(range(n))
    rng.shuffle(perm)
    parent = [None] * n
    style = rng.randrange(3)
    for i, v in enumerate(perm):
        if i == 0 or (not one_tree and rng.randrange(6) == 0):
            parent[v] = -1
        elif style == 0:
            parent[v] = perm[i - 1]
        elif style == 1:
            parent[v] = perm[rng.randrange(min(i, 2))]
        else:
            parent[v] = perm[rng.randrange(i)]
    return parent


def to_edges(rng, parent):
    edges = []
    for v, p in enumerate(parent):
        if p != -1:
            edges.append([p, v] if rng.randrange(2) else [v, p])
    rng.shuffle(edges)
    return edges, parent.index(-1)


def to_nested(parent):
    """(nested, preorder) where preorder[i] is the original id of nested
    vertex i (children in increasing id, as the service numbers them)."""
    n = len(parent)
    children = [[] for _ in range(n)]
    root = parent.index(-1)
    for v, p in enumerate(parent):
        if p != -1:
            children[p].append(v)
    arrays = [[] for _ in range(n)]
    preorder = []
    stack = [root]
    while stack:
        v = stack.pop()
        preorder.append(v)
        for c in children[v]:
            arrays[v].append(arrays[c])
        stack.extend(reversed(children[v]))
    return arrays[root], preorder


def cut(parent, child):
    """The forest after cutting the edge above child, vertices renumbered
    0.. in increasing old id."""
    gone = set()
    for v in range(len(parent)):
        u = v
        while u != -1 and u != child:
            u = parent[u]
        if u == child:
            gone.add(v)
    keep = [v for v in range(len(parent)) if v not in gone]
    new = {v: i for i, v in enumerate(keep)}
    return [-1 if parent[v] == -1 else new[parent[v]] for v in keep]


def remove_pointer(doc, pointer):
    parts = [int(x) for x in pointer.split("/")[1:]]
    node = doc
    for k in parts[:-1]:
        node = node[k]
    del node[parts[-1]]


def post(srv, body):
    r = srv.post_json(PATH, body)
    assert r.status == 200, (r.status, body, r.json())
    return r.json()


# ---- tests -------------------------------------------------------------------

def test_design_example(srv):
    d = post(srv, {"parent": [-1, 0, 0, 1]})
    assert d == {"grundy": 3, "winner": "first",
                 "winning_move": {"parent": 1, "child": 3,
                                  "edges_removed": 1}}, d
    d = post(srv, {"edges": [[0, 1], [0, 2], [1, 3]], "root": 0})
    assert d["grundy"] == 3 and d["winning_move"]["child"] == 3, d
    d = post(srv, {"nested": [[[]], []]})
    assert d["grundy"] == 3, d
    assert d["winning_move"] == {"path": "/0/0", "parent": 1, "child": 2,
                                 "edges_removed": 1}, d


def test_empty_and_single(srv):
    for body in ({"parent": []}, {"parent": [-1]}, {"parent": [-1, -1]},
                 {"edges": [], "root": 0}, {"edges": []}, {"nested": []}):
        d = post(srv, dict(body, all_winning_moves=True))
        assert d == {"grundy": 0, "winner": "second", "winning_move": None,
                     "winning_moves": [], "winning_move_count": 0}, (body, d)


def test_random_forests_parent_form(srv):
    rng = random.Random(31337)
    for _ in range(1000):
        parent = random_forest(rng, rng.randrange(1, 11))
        value, after = brute(parent)
        d = post(srv, {"parent": parent, "all_winning_moves": True})
        assert d["grundy"] == value, (parent, d, value)
        assert d["winner"] == ("first" if value else "second")
        want = sorted(v for v, g in after.items() if g == 0)
        got = [m["child"] for m in d["winning_moves"]]
        assert got == want, (parent, got, want)
        assert d["winning_move_count"] == len(want)
        for m in d["winning_moves"]:
            assert m["parent"] == parent[m["child"]]
            assert m["edges_removed"] == len(parent) - len(cut(parent, m["child"]))
        if want:
            assert d["winning_move"] == d["winning_moves"][0]
        else:
            assert d["winning_move"] is None


def test_three_forms_agree_and_replay(srv):
    rng = random.Random(4242)
    for _ in range(300):
        parent = random_forest(rng, rng.randrange(1, 10), one_tree=True)
        value, after = brute(parent)
        edges, root = to_edges(rng, parent)
        nested, preorder = to_nested(parent)
        dp = post(srv, {"parent": parent, "all_winning_moves": True})
        de = post(srv, {"edges": edges, "root": root,
                        "all_winning_moves": True})
        dn = post(srv, {"nested": nested, "all_winning_moves": True})
        assert dp["grundy"] == de["grundy"] == dn["grundy"] == value
        want = sorted(v for v, g in after.items() if g == 0)
        # edges keep the ids; nested numbers in preorder
        assert [m["child"] for m in de["winning_moves"]] == want
        assert sorted(preorder[m["child"]] for m in dn["winning_moves"]) == want
        for m in dn["winning_moves"]:
            assert preorder[m["parent"]] == parent[preorder[m["child"]]]
        # replay every move in every form: the position left is worth 0
        for m in dp["winning_moves"]:
            left = cut(parent, m["child"])
            assert post(srv, {"parent": left})["grundy"] == 0
            e2, r2 = to_edges(rng, left)
            assert post(srv, {"edges": e2, "root": r2})["grundy"] == 0
        for m in dn["winning_moves"]:
            doc = to_nested(parent)[0]
            remove_pointer(doc, m["path"])
            assert post(srv, {"nested": doc})["grundy"] == 0, (nested, m)


def test_max_moves_caps_list_not_count(srv):
    # a star of 7 edges: every edge wins (7 sticks of 1 -> 6)
    d = post(srv, {"parent": [-1] + [0] * 7, "all_winning_moves": True,
                   "max_moves": 3})
    assert d["grundy"] == 1
    assert d["winning_move_count"] == 7
    assert [m["child"] for m in d["winning_moves"]] == [1, 2, 3]
    d = post(srv, {"parent": [-1] + [0] * 7, "all_winning_moves": True,
                   "max_moves": 0})
    assert d["winning_moves"] == [] and d["winning_move_count"] == 7
    assert d["winning_move"] == {"parent": 0, "child": 1, "edges_removed": 1}


def expect_400(srv, body, pointer):
    r = srv.post_json(PATH, body)
    assert r.status == 400, (body, r.status, r.json())
    p = r.json()
    assert p.get("pointer", "") == pointer, (body, p)
    return p


def test_bad_parent(srv):
    expect_400(srv, {"parent": [-1, 0, 7]}, "/parent/2")
    expect_400(srv, {"parent": [-1, -2]}, "/parent/1")
    expect_400(srv, {"parent": [-1, 0.5]}, "/parent/1")
    expect_400(srv, {"parent": [-1, "x"]}, "/parent/1")
    expect_400(srv, {"parent": [-1, None]}, "/parent/1")
    expect_400(srv, {"parent": {"0": -1}}, "/parent")
    p = expect_400(srv, {"parent": [1, 2, 0]}, "/parent/0")
    assert "cycle" in p["detail"], p
    expect_400(srv, {"parent": [-1, 0, 3, 2]}, "/parent/2")
    expect_400(srv, {"parent": [-1, 1]}, "/parent/1")


def test_bad_forms(srv):
    p = expect_400(srv, {"parent": [-1], "nested": []}, "/nested")
    assert "exactly one" in p["detail"], p
    expect_400(srv, {"parent": [-1], "edges": []}, "/edges")
    expect_400(srv, {"all_winning_moves": True}, "")
    expect_400(srv, {"parent": [-1], "root": 0}, "/root")
    expect_400(srv, {"parent": [-1], "colour": "green"}, "/colour")
    expect_400(srv, {"parent": [-1], "max_moves": -1}, "/max_moves")
    r = srv.post_json(PATH, [1, 2])
    assert r.status == 400


def test_bad_edges(srv):
    p = expect_400(srv, {"edges": [[0, 1], [1, 2], [2, 0]], "root": 0},
                   "/edges/1")
    assert "cycle" in p["detail"], p
    p = expect_400(srv, {"edges": [[0, 1], [1, 0]], "root": 0}, "/edges/1")
    assert "both join" in p["detail"], p
    expect_400(srv, {"edges": [[0, 1], [1, 2], [2, 1]], "root": 2},
               "/edges/2")
    p = expect_400(srv, {"edges": [[0, 1], [2, 3], [3, 4], [4, 2]],
                         "root": 0}, "/edges/1")
    assert "not connected" in p["detail"], p
    expect_400(srv, {"edges": [[0, 0]], "root": 0}, "/edges/0")
    expect_400(srv, {"edges": [[0, 1]], "root": 2}, "/root")
    expect_400(srv, {"edges": [[0, 1]], "root": -1}, "/root")
    expect_400(srv, {"edges": [[0, 5]], "root": 0}, "/edges/0/1")
    expect_400(srv, {"edges": [[0, 1, 2]], "root": 0}, "/edges/0")
    expect_400(srv, {"edges": [[0, 1], 7]}, "/edges/1")


def test_bad_nested(srv):
    expect_400(srv, {"nested": 5}, "/nested")
    expect_400(srv, {"nested": [[], 3]}, "/nested/1")
    expect_400(srv, {"nested": [[], [[], [{}]]]}, "/nested/1/1/0")
    expect_400(srv, {"nested": [[[[None]]]]}, "/nested/0/0/0/0")


def test_nested_too_deep_says_use_parent(srv):
    depth = 1100
    body = '{"nested": ' + "[" * depth + "]" * depth + "}"
    r = srv.post_raw(PATH, body.encode(), "application/json")
    assert r.status in (400, 422), r.status
    assert "parent" in r.json()["detail"], r.json()
    # the same path as a parent array is fine
    d = post(srv, {"parent": [-1] + list(range(depth - 1))})
    assert d["grundy"] == depth - 1
    # and the deepest nested that parses still works
    depth = 990
    body = '{"nested": ' + "[" * depth + "]" * depth + "}"
    r = srv.post_raw(PATH, body.encode(), "application/json")
    assert r.status == 200, r.json()
    d = r.json()
    assert d["grundy"] == depth - 1
    assert d["winning_move"]["path"] == "/0"
    # daemon still serving
    assert post(srv, {"parent": [-1, 0]})["grundy"] == 1


def test_million_edge_path_and_star(srv):
    m = 1000000
    d = post(srv, {"parent": [-1] + list(range(m))})
    assert d["grundy"] == m
    assert d["winning_move"] == {"parent": 0, "child": 1,
                                 "edges_removed": m}, d["winning_move"]
    d = post(srv, {"parent": [-1] + [0] * m, "all_winning_moves": True})
    assert d["grundy"] == 0 and d["winning_move"] is None
    # an odd star: every one of the m + 1 edges wins
    d = post(srv, {"parent": [-1] + [0] * (m + 1), "all_winning_moves": True,
                   "max_moves": 5})
    assert d["grundy"] == 1 and d["winning_move_count"] == m + 1
    assert [x["child"] for x in d["winning_moves"]] == [1, 2, 3, 4, 5]


def test_colon_value_on_medium_random(srv):
    rng = random.Random(7)
    for _ in range(20):
        n = rng.randrange(1, 3000)
        parent = [-1] + [rng.randrange(i) for i in range(1, n)]
        labels = list(range(n))
        rng.shuffle(labels)
        relabelled = [None] * n
        for v in range(n):
            p = parent[v]
            relabelled[labels[v]] = -1 if p == -1 else labels[p]
        d = post(srv, {"parent": relabelled, "all_winning_moves": True})
        assert d["grundy"] == colon_value(relabelled)
        for m in d["winning_moves"][:3]:
            assert colon_value(cut(relabelled, m["child"])) == 0


def test_sum_component_targets_all_forms(srv):
    """In {tree, nim pile k} every winning move inside the tree must leave
    the tree worth exactly k: moves to a non-zero target, in all forms."""
    rng = random.Random(99)
    for _ in range(60):
        parent = random_forest(rng, rng.randrange(2, 10), one_tree=True)
        value, after = brute(parent)
        k = rng.randrange(0, value + 1) if value else 0
        edges, root = to_edges(rng, parent)
        nested, preorder = to_nested(parent)
        forms = [{"parent": parent}, {"edges": edges, "root": root},
                 {"nested": nested}]
        want = sorted(v for v, g in after.items() if g == k)
        for form in forms:
            r = srv.post_json("/v1/sum", {
                "components": [dict(form, game="hackenbush_tree"),
                               {"game": "nim", "piles": [k]}],
                "all_winning_moves": True})
            assert r.status == 200, r.json()
            d = r.json()
            assert d["grundy"] == value ^ k
            tree_moves = [m["move"] for m in d.get("winning_moves", [])
                          if m["component"] == 0]
            if "nested" in form:
                got = sorted(preorder[m["child"]] for m in tree_moves)
                for m in tree_moves:
                    doc = to_nested(parent)[0]
                    remove_pointer(doc, m["path"])
                    assert post(srv, {"nested": doc})["grundy"] == k
            else:
                got = [m["child"] for m in tree_moves]
            assert got == want, (form, got, want, k)
