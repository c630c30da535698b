"""Coloured Hackenbush's refusal up front (issue 37 item 5;
src/core/hackenbush_colored.c gr_hbc_estimate, src/games/hackenbush_colored.c;
docs/partizan.md, "Coloured Hackenbush's refusal up front").

A picture valued by search (not a red-blue tree, not all green) values every
part of it that can stand: a set of edges joined to the ground through the
other vertices.  Their number is a floor of the search's nodes; it is
estimated from a fixed sample of 4,096 subsets of the edges in play, so the
same picture gets the same forecast on every machine.  Past 16 times the
least of the node budget and the time limit (at 4.2 * 10^6 nodes a second) the
request is refused at once -- 422 `limit-exceeded`, pointer `/edges`, an
`estimate` member -- else searched as before.

References: the exact number of parts that can stand, counted here over
every subset of the edges; who wins, by exhaustive search over the
positions (test_partizan.py's), with each side's winning move replayed.
Nothing reads a clock.
"""
import itertools
import random

from harness import Server, expect_problem
import test_partizan as tp

HBC = "/v1/hackenbush/colored"
COLOURS = ("blue", "red", "green")


def complete(n, k=3):
    return [[a, b, COLOURS[i % k]] for i, (a, b) in enumerate(itertools.combinations(range(n), 2))]


def grid(r, c):
    e = []
    for i in range(r):
        for j in range(c):
            v = i * c + j
            if j + 1 < c:
                e.append([v, v + 1, COLOURS[len(e) % 3]])
            if i + 1 < r:
                e.append([v, v + c, COLOURS[len(e) % 3]])
    return e


def refused(resp, limit, pointer="/edges"):
    p = expect_problem(resp, 422, pointer)
    assert p["type"].endswith("/limit-exceeded"), p
    e = p["estimate"]
    assert set(e) == {"search_nodes", "limit_nodes", "limit"} and e["limit"] == limit, p
    assert e["search_nodes"] > 16 * e["limit_nodes"], p
    assert limit in p["detail"], p
    return e


def parts_that_stand(edges):
    """Every subset of the edges that is one part standing on the ground (vertex 0):
    it holds an edge on the ground, and all its edges are joined to it through the
    other vertices."""
    m, count = len(edges), 0
    for mask in range(1, 1 << m):
        es = [edges[i] for i in range(m) if mask >> i & 1]
        ground = [e for e in es if 0 in e[:2]]
        if not ground:
            continue
        part, seen, todo = {id(ground[0])}, set(), [v for v in ground[0][:2] if v != 0]
        while todo:
            v = todo.pop()
            if v in seen:
                continue
            seen.add(v)
            for e in es:
                if v in e[:2] and id(e) not in part:
                    part.add(id(e))
                    todo += [w for w in e[:2] if w != 0]
        count += len(part) == len(es)
    return count


def test_dense_pictures_refused_at_the_defaults(srv):
    """K8 (28 edges, 374 bytes), K9 and the 4x5 grid held a worker to the time limit;
    now refused after the draws, well under a second of work on any machine."""
    for edges in (complete(8), complete(8, 2), complete(9), grid(4, 5)):
        refused(srv.post_json(HBC, {"edges": edges, "ground": [0]}), "--max-search-nodes")
    # as a component of a sum, at the component's pointer
    body = {"components": [{"game": "nim", "piles": [3]},
                           {"game": "hackenbush_colored", "edges": complete(8), "ground": [0]}]}
    refused(srv.post_json("/v1/sum", body), "--max-search-nodes", "/components/1/edges")


def test_the_time_limit_is_named_when_it_is_the_least(_):
    srv = Server(args=["--max-analysis-seconds", "1"]).start()
    try:
        e = refused(srv.post_json(HBC, {"edges": complete(8), "ground": [0]}),
                    "--max-analysis-seconds")
        assert e["limit_nodes"] == 4200000, e
    finally:
        assert srv.stop() == 0


def test_forecast_against_the_exact_count_and_refusals_need_more(_):
    """Under a node budget of 300 (the line: 4,800 parts), random pictures of
    8-15 edges: a refused one has more parts that can stand than the budget (the
    search could not have finished), the forecast is within a factor 2 of the exact
    count wherever that count is at least 2^m / 64, and one answered has the outcome
    of the exhaustive search, its winning moves replayed."""
    srv = Server(args=["--max-search-nodes", "300"]).start()
    rng = random.Random(41)
    seen_refused = seen_answered = 0
    try:
        for k in range(16):
            nv = rng.randint(5, 7)
            m = rng.randint(8, min(15, nv * (nv - 1) // 2))
            pairs = rng.sample(list(itertools.combinations(range(nv), 2)), m)
            edges = [[a, b, rng.choice(COLOURS[:3 if k % 2 else 2])] for a, b in pairs]
            body = {"edges": edges, "ground": [0]}
            exact = parts_that_stand(edges)
            r = srv.post_json(HBC, body, check=False)
            p = r.json()
            if "estimate" in p:
                e = refused(r, "--max-search-nodes")
                assert exact > 300, (edges, exact, e)
                if exact >= (1 << m) // 64:
                    assert exact / 2 <= e["search_nodes"] <= 2 * exact, (edges, exact, e)
                seen_refused += 1
            elif r.status == 200:
                moves, start = tp.hbc_game(edges, [0])
                assert p["outcome"] == tp.outcome_letter(*tp.sum_wins([(moves, start)])), body
                tp.replay_hbc(srv, body, p)
                seen_answered += 1
            else:  # stopped by the search itself: no estimate, the budget's 422
                assert r.status == 422 and exact > 0, (r.status, p)
        assert seen_refused >= 3 and seen_answered >= 2, (seen_refused, seen_answered)
    finally:
        assert srv.stop() == 0


def test_sparse_and_classed_pictures_are_not_refused(srv):
    """A cycle of 30 edges (few of its 2^30 subsets stand: no draw hits one) and
    bundles of parallel edges (counted by class, not drawn) are searched.  Both are
    worth 0: blue and red alternate, so swapping them maps each onto itself."""
    cycle = [[i, (i + 1) % 30, COLOURS[i % 2]] for i in range(30)]
    assert srv.post_json(HBC, {"edges": cycle, "ground": [0]}).json()["value"] == "0"
    bundles = [[0, 1, c] for c in ("blue", "red") * 10] + [[1, 2, c] for c in ("blue", "red") * 10]
    assert srv.post_json(HBC, {"edges": bundles, "ground": [0]}).json()["value"] == "0"
