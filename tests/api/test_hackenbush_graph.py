"""POST /v1/hackenbush/graph against a running grundyd.

A brute-force solver (exhaustive mex over the sets of edges still standing,
with detachment) checks values and the complete winning-move set of random
small multigraphs with loops, parallel edges, several grounds and detached
parts; every winning move is replayed through the API and must leave value
0; the text/plain edge list must give the same bytes as JSON; bad inputs
get 400 with the right pointer; long paths and an odd cycle of 200,001
edges work.
"""
import json
import random

from harness import expect_problem

PATH = "/v1/hackenbush/graph"


# ---- brute force ----------------------------------------------------------

def brute(n, edges, ground):
    """(value, {edge index: value after removing it}) by exhaustive mex."""
    m = len(edges)
    gset = set(ground)

    def attached(mask):
        reach = set(gset)
        grew = True
        while grew:
            grew = False
            for e in range(m):
                if mask >> e & 1:
                    u, v = edges[e]
                    if (u in reach) != (v in reach):
                        reach.add(u)
                        reach.add(v)
                        grew = True
        out = 0
        for e in range(m):
            if mask >> e & 1 and edges[e][0] in reach:
                out |= 1 << e
        return out

    memo = {}

    def value(mask):
        if mask in memo:
            return memo[mask]
        seen = set()
        for e in range(m):
            if mask >> e & 1:
                seen.add(value(attached(mask & ~(1 << e))))
        g = 0
        while g in seen:
            g += 1
        memo[mask] = g
        return g

    full = attached((1 << m) - 1)
    after = {e: value(attached(full & ~(1 << e))) for e in range(m) if full >> e & 1}
    return value(full), after


def random_graph(rng):
    n = rng.randint(1, 6)
    m = rng.randint(0, 8)
    edges = []
    for _ in range(m):
        u = rng.randrange(n)
        v = u if rng.random() < 0.15 else rng.randrange(n)
        edges.append([u, v])
    ground = [rng.randrange(n) for _ in range(rng.randint(1, 2))]
    return n, edges, ground


def as_text(n, edges, ground, opts=""):
    lines = [f"{n} {len(edges)}{opts}", " ".join(map(str, ground))]
    lines += [f"{u} {v}" for u, v in edges]
    return "\n".join(lines) + "\n"


def post(srv, obj):
    r = srv.post_json(PATH, obj)
    assert r.status == 200, r
    return r.json()


# ---- tests ----------------------------------------------------------------

def test_named_pictures(srv):
    cases = [
        ([[0, 0]], 1),                                   # a loop at the ground
        ([[0, 1], [1, 2], [2, 0]], 1),                   # a triangle on the ground
        ([[0, 1], [1, 2], [2, 3], [3, 0]], 0),           # a square
        ([[0, 1], [1, 2], [2, 3], [3, 1]], 2),           # an edge under a triangle
        ([[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]], 0),  # K4 through the ground
    ]
    for edges, want in cases:
        body = post(srv, {"edges": edges, "ground": [0]})
        assert body["grundy"] == want, (edges, body)
        assert body["winner"] == ("first" if want else "second")
        assert (body["winning_move"] is None) == (want == 0)
    # the triangle's only winning move is the edge away from the ground
    body = post(srv, {"edges": [[0, 1], [1, 2], [2, 0]], "ground": [0],
                      "all_winning_moves": True})
    assert body["winning_moves"] == [{"edge": 1, "endpoints": [1, 2]}]
    assert body["winning_move_count"] == 1
    assert body["bridges"] == 0 and body["components"] == 1


def test_structure_figures(srv):
    # a stick, a triangle hanging from it, a detached edge and a detached loop
    body = post(srv, {"vertices": 8,
                      "edges": [[0, 1], [1, 2], [2, 3], [3, 1], [5, 6], [7, 7]],
                      "ground": [0]})
    assert body["grundy"] == 2
    assert body["detached_edges"] == 2
    assert body["bridges"] == 1
    assert body["components"] == 2


def test_against_brute_force(srv):
    rng = random.Random(2026)
    for _ in range(150):
        n, edges, ground = random_graph(rng)
        g, after = brute(n, edges, ground)
        body = post(srv, {"vertices": n, "edges": edges, "ground": ground,
                          "all_winning_moves": True})
        assert body["grundy"] == g, (n, edges, ground, body)
        want = sorted(e for e, v in after.items() if v == 0)
        got = sorted(mv["edge"] for mv in body["winning_moves"])
        assert got == want, (n, edges, ground, body, after)
        assert body["winning_move_count"] == len(want)
        assert body["detached_edges"] == len(edges) - len(after)
        for mv in body["winning_moves"]:
            assert mv["endpoints"] == edges[mv["edge"]]
        if want:
            assert body["winning_move"] == body["winning_moves"][0]


def test_replay_winning_moves(srv):
    rng = random.Random(7)
    for _ in range(40):
        n = rng.randint(5, 60)
        edges = [[rng.randrange(v), v] for v in range(1, n)]  # a tree
        for _ in range(rng.randint(0, n)):
            u = rng.randrange(n)
            edges.append([u, rng.choice([u, rng.randrange(n)])])
        rng.shuffle(edges)
        ground = [0]
        body = post(srv, {"edges": edges, "ground": ground, "all_winning_moves": True})
        for mv in body["winning_moves"]:
            rest = edges[:mv["edge"]] + edges[mv["edge"] + 1:]
            after = post(srv, {"vertices": n, "edges": rest, "ground": ground})
            assert after["grundy"] == 0, (edges, mv)


def test_text_matches_json(srv):
    rng = random.Random(11)
    for i in range(60):
        n, edges, ground = random_graph(rng)
        opts = " all_winning_moves max_moves=2" if i % 2 else ""
        obj = {"vertices": n, "edges": edges, "ground": ground}
        if opts:
            obj.update(all_winning_moves=True, max_moves=2)
        rj = srv.post_json(PATH, obj)
        rt = srv.post_raw(PATH, as_text(n, edges, ground, opts), "text/plain")
        assert rj.status == rt.status == 200
        assert rj.body == rt.body, (rj.body, rt.body)
    # comments, blank lines, CRLF, tabs and a missing final newline
    text = "# triangle\r\n\r\n3\t3 # n m\r\n 0 \r\n0 1\r\n# the far edge:\r\n1 2\r\n2 0"
    rt = srv.post_raw(PATH, text, "text/plain; charset=utf-8")
    assert rt.status == 200, rt
    assert rt.json()["winning_move"] == {"edge": 1, "endpoints": [1, 2]}


def test_bad_json_inputs(srv):
    cases = [
        ({"edges": [[0, 1], [1, -2]], "ground": [0]}, "/edges/1/1"),
        ({"edges": [[0, 1], [1]], "ground": [0]}, "/edges/1"),
        ({"edges": [[0, 1], [1, 2, 3]], "ground": [0]}, "/edges/1"),
        ({"edges": [[0, 1.5]], "ground": [0]}, "/edges/0/1"),
        ({"edges": [[0, "x"]], "ground": [0]}, "/edges/0/1"),
        ({"edges": {"a": 1}, "ground": [0]}, "/edges"),
        ({"edges": [[0, 1]], "ground": []}, "/ground"),
        ({"edges": [[0, 1]], "ground": [5], "vertices": 2}, "/ground/0"),
        ({"edges": [[0, 4]], "ground": [0], "vertices": 3}, "/edges/0/1"),
        ({"edges": [[0, 1]], "ground": [0], "vertices": 0}, "/vertices"),
        ({"edges": [[0, 4294967295]], "ground": [0]}, "/edges/0/1"),
        ({"edges": [[0, 1]]}, ""),
        ({"edges": [[0, 1]], "ground": [0], "colour": "green"}, "/colour"),
    ]
    for obj, pointer in cases:
        p = expect_problem(srv.post_json(PATH, obj), 400)
        if pointer:
            assert p.get("pointer") == pointer, (obj, p)


def test_bad_text_inputs(srv):
    cases = [
        ("", "/line/1"),
        ("3 1\n", "/line/2"),
        ("3 2\n0\n0 1\n", "/line/4"),
        ("3 1\n0\n0 1\n1 2\n", "/line/4"),
        ("3 1\n0\n0 5\n", "/line/3"),
        ("3 1\n9\n0 1\n", "/line/2"),
        ("3 1 colour=green\n0\n0 1\n", "/line/1"),
        ("3 1\n0\n0 -1\n", "/line/3"),
        ("3 1\n0\n0 1 2\n", "/line/3"),
        ("0 0\n0\n", "/line/1"),
        ("3 100\n0\n0 1\n", "/line/1"),
        ("# c\n\n3 1\n0\n\n# c\n0 x\n", "/line/7"),
    ]
    for text, pointer in cases:
        p = expect_problem(srv.post_raw(PATH, text, "text/plain"), 400)
        assert p.get("pointer") == pointer, (text, p)


def test_sparse_ids(srv):
    body = post(srv, {"vertices": 4294967295,
                      "edges": [[4000000000, 7], [7, 123456789], [123456789, 4000000000]],
                      "ground": [4000000000], "all_winning_moves": True})
    assert body["grundy"] == 1
    assert body["winning_moves"] == [{"edge": 1, "endpoints": [7, 123456789]}]


def test_several_grounds(srv):
    # two grounds joined by an edge and a path hanging from each ground
    body = post(srv, {"edges": [[0, 1], [0, 2], [1, 3], [3, 4]], "ground": [0, 1]})
    # loop (1) XOR stick 1 XOR stick 2 = 1 ^ 1 ^ 2 = 2
    assert body["grundy"] == 2


def test_large_path_and_odd_cycle(srv):
    n = 200001
    text = f"{n} {n}\n0\n" + "".join(f"{i} {(i + 1) % n}\n" for i in range(n))
    r = srv.post_raw(PATH, text, "text/plain")
    assert r.status == 200, r
    body = r.json()
    assert body["grundy"] == 1
    assert body["winning_move"]["edge"] == 100000
    edges = [[i, i + 1] for i in range(100000)]
    body = post(srv, {"edges": edges, "ground": [0]})
    assert body["grundy"] == 100000
    assert body["winning_move"] == {"edge": 0, "endpoints": [0, 1]}


def test_in_sum(srv):
    tri_stick = [[0, 1], [1, 2], [2, 0], [2, 3]]
    tri = [[0, 1], [1, 2], [2, 0]]
    comps = [{"game": "nim", "piles": [2]},
             {"game": "hackenbush_graph", "edges": tri_stick, "ground": [0]},
             {"game": "hackenbush_graph", "edges": tri, "ground": [0]}]
    r = srv.post_json("/v1/sum", {"components": comps, "all_winning_moves": True})
    if r.status == 404:
        return  # /v1/sum not served by this build yet
    assert r.status == 200, r
    body = r.json()
    g1, _ = brute(4, tri_stick, [0])
    g2, _ = brute(3, tri, [0])
    assert body["grundy"] == 2 ^ g1 ^ g2
    graph_moves = [mv for mv in body["winning_moves"] if mv["game"] == "hackenbush_graph"]
    assert graph_moves
    for mv in graph_moves:
        # replay the move inside its component: the sum must become 0
        comp = json.loads(json.dumps(comps))
        edges = comp[mv["component"]]["edges"]
        assert edges[mv["move"]["edge"]] == mv["move"]["endpoints"]
        del edges[mv["move"]["edge"]]
        after = srv.post_json("/v1/sum", {"components": comp})
        assert after.status == 200 and after.json()["grundy"] == 0, (mv, after)
