"""The rulesets' refusal up front (issue 37 item 5; src/core/pgame_estimate.c,
src/games/ruleset.c; docs/partizan.md, "A ruleset's refusal up front").

A ruleset request (value, outcome_only, impartial) first runs its search
under a hundredth of its least budget in nodes (the node budget, or the time
limit at the ruleset's assumed rate); one that ends there is answered.  One
that does not is judged by a forecast: the distinct regions reachable,
enumerated breadth-first by hashing only and extrapolated from the levels'
growth.  Past 16 times the budget it is refused -- 422 `limit-exceeded`, the
budget's flag, an `estimate` member -- else searched as before.  Nothing here
reads a clock: the forecast counts regions, so every assertion holds on any
machine (taskset -c 0, ASan): a request "not refused up front" is one
answered, or stopped by the search itself (a problem without `estimate`).

References: who wins, from the rules written in Python (test_rules_grid.py's
exhaustive search), with each side's winning move replayed.
"""
import random

from harness import Server, expect_problem
import test_rules_grid as ref

# est2's hunt (bench/amplification.py) at the daemon's defaults: these ran to
# the 30 s time limit (or to 413) and are now refused after the probe.  The
# others of the hunt are not (docs/partizan.md): the forecast is under the
# line (Clobber 5x5, NoGo 4x4, Toads and Frogs, the graph games), the probe
# saw too few levels to extrapolate (Amazons 5x5), or the cost is the
# values' size, not the regions' number (Snort path 40, Clobber 1x30).
HOPELESS = (
    ("/v1/clobber", {"board": ["xoxoxo", "oxoxox"] * 3, "outcome_only": True},
     "--max-search-nodes"),
    ("/v1/konane", {"board": ["xoxoxo", "o.oxox"] + ["xoxoxo", "oxoxox"] * 2},
     "--max-search-nodes"),
    ("/v1/konane", {"board": ["xoxoxoxo", "o.oxoxox"] + ["xoxoxoxo", "oxoxoxox"] * 3,
                    "outcome_only": True}, "--max-search-nodes"),
    ("/v1/nogo", {"board": ["....."] * 5, "outcome_only": True}, "--max-search-nodes"),
)


def refused(resp, limit, field="/board"):
    p = expect_problem(resp, 422, field)
    assert p["type"].endswith("/limit-exceeded"), p
    e = p["estimate"]
    assert set(e) == {"search_nodes", "limit_nodes", "limit"}, p
    assert e["limit"] == limit and limit in p["detail"], p
    # refused only past 16 times the budget
    assert e["search_nodes"] > 16 * e["limit_nodes"] > 0, p
    assert "forecast" in p["detail"] and "probe" in p["detail"], p
    return p


def test_hopeless_requests_refused_at_the_defaults(srv):
    for path, body, limit in HOPELESS:
        refused(srv.post_json(path, body), limit)
    # the impartial variant is judged by the same forecast
    refused(srv.post_json("/v1/konane", dict(HOPELESS[1][1], impartial=True)), "--max-search-nodes")


def test_small_requests_are_not_probed_away(srv):
    """What ends inside the probe is answered as before: the 4x4 checkered
    Clobber board and the 3x4 NoGo board (both finish at the defaults)."""
    a = srv.post_json("/v1/nogo", {"board": ["...."] * 3}).json()
    assert a["outcome"] == ref.letter(ref.wins("nogo", ("....",) * 3, 0),
                                      ref.wins("nogo", ("....",) * 3, 1)), a
    board = ("xoxo", "oxox", "xoxo", "oxox")
    o = srv.post_json("/v1/clobber", {"board": list(board), "outcome_only": True}).json()
    ref.check_winning_moves("clobber", board, o)


def boards(rng, game, shapes, n):
    out = []
    for _ in range(n):
        r, c = rng.choice(shapes)
        out.append(tuple("".join(rng.choice(ref.ALPHABET[game].replace(".", "") + "..")
                                 for _ in range(c)) for _ in range(r)))
    return out


def test_under_the_line_answers_against_brute_force(_):
    """Under a node budget of 2,000 (a probe of 21 nodes, the forecast's
    own of 256 regions, the line at 32,000) every random board is either
    answered -- with the outcome and winning moves of the exhaustive
    search -- or stopped by the search itself, or refused with a forecast
    past the line; and every board the search finishes within the budget
    (its answer at a budget of 10^6) is answered, never refused."""
    small = Server(args=["--max-search-nodes", "2000"]).start()
    big = Server(args=["--max-search-nodes", "1000000"]).start()
    rng = random.Random(37)
    shapes = {"clobber": [(3, 3), (3, 4), (2, 5)], "konane": [(3, 4), (4, 4)],
              "nogo": [(2, 4), (3, 3)], "amazons": [(2, 4), (3, 3)]}
    answered = refusals = 0
    try:
        for game, sh in shapes.items():
            for board in boards(rng, game, sh, 12):
                for extra in ({}, {"outcome_only": True}):
                    body = dict({"board": list(board)}, **extra)
                    r = small.post_json("/v1/" + game, body)
                    if r.status == 200:
                        ref.check_winning_moves(game, board, r.json())
                        answered += 1
                        continue
                    p = expect_problem(r, 422)
                    if "estimate" in p:
                        refusals += 1
                        refused(r, "--max-search-nodes")
                    # whatever the small daemon did not answer needs more than its
                    # budget: at 10^6 nodes, it is answered and correct
                    a = big.post_json("/v1/" + game, body).json()
                    ref.check_winning_moves(game, board, a)
        assert answered > 40, answered
    finally:
        assert small.stop() == 0 and big.stop() == 0


def test_refusal_names_the_node_budget(_):
    """Under a budget of 100,000 nodes (the line at 1.6 * 10^6 regions) the
    6x6 Konane board of the hunt is refused naming the budget, in every
    mode; a 3x4 NoGo board (40,997 regions, 58,267 nodes) is answered."""
    srv = Server(args=["--max-search-nodes", "100000"]).start()
    try:
        body = HOPELESS[1][1]
        for extra in ({}, {"impartial": True}):
            p = refused(srv.post_json("/v1/konane", dict(body, **extra)), "--max-search-nodes")
            assert p["estimate"]["limit_nodes"] == 100000, p
        a = srv.post_json("/v1/nogo", {"board": ["...."] * 3}).json()
        board = ("....",) * 3
        assert a["outcome"] == ref.letter(ref.wins("nogo", board, 0), ref.wins("nogo", board, 1))
    finally:
        assert srv.stop() == 0


def test_refusal_names_the_time_limit(_):
    """With the node budget raised, the time limit at the ruleset's rate is
    the least budget (Konane 1.23 * 10^6 nodes a second: 10 s is 12,300,000
    nodes), and the refusal names --max-analysis-seconds.  A constant, not
    the clock: the same on every machine.  10 s, not less: the probe and the
    forecast take 0.7 s of wall time at load 5 on the plain build, and the
    limit must leave a one-core ASan run room to reach its refusal."""
    srv = Server(args=["--max-analysis-seconds", "10", "--max-search-nodes", "1000000000"]).start()
    try:
        p = refused(srv.post_json("/v1/konane", HOPELESS[1][1]), "--max-analysis-seconds")
        assert p["estimate"]["limit_nodes"] == 12300000, p
    finally:
        assert srv.stop() == 0


# --- Konane's outcome search: the forecast scaled by its measured pruning ------
# (src/games/ruleset.c, GR_RS_OUTCOME_SHIFT_KONANE: 1/128 of the regions)

def test_konane_openings_answered_not_refused(default):
    """A 6x6 Konane opening with two holes, settled in 14,255 nodes, under a
    budget of 10^6 nodes: the probe of 10,001 nodes leaves it open, and its
    forecast, 1.1 * 10^9 regions, is 70 times the budget -- refused
    unscaled; at 1/128 it is searched and answered.  (At the defaults its
    search ends inside the probe of 80,001 nodes; the 6x6 openings the
    defaults refused need 0.46-2.8 * 10^6 nodes, seconds under ASan.)  Left
    has no move (the reference says so at once); Right's winning move is
    replayed: after each of Left's replies to it, Right moving first wins
    (a daemon at the defaults asked one level down, 0.2 s each under ASan
    on one core), so Left moving first there loses.  The position Right's move
    leaves is not asked itself: its answer searches Right first too, 15 s
    under ASan on one core, too near the 30 s limit for a slower machine."""
    srv = Server(args=["--max-search-nodes", "1000000"]).start()
    try:
        board = ["xoxoxo", "oxoxox", "xoxoxo", ".xox.x", "xoxoxo", "oxoxox"]
        a = srv.post_json("/v1/konane", {"board": board, "outcome_only": True}).json()
        assert a.get("outcome") == "R" and a["left_move"] is None, a
        assert not ref.wins("konane", tuple(board), 0)
        after = [b for m, b in ref.MOVES["konane"](tuple(board), 1) if m == a["right_move"]]
        assert len(after) == 1, a
        replies = ref.MOVES["konane"](after[0], 0)
        assert replies, after
        for _, c in replies:
            d = default.post_json("/v1/konane", {"board": list(c), "outcome_only": True}).json()
            assert d["right_move"] is not None, (c, d)
    finally:
        assert srv.stop() == 0


def test_konane_outcome_refusal_is_scaled(_):
    """Under a budget of 50,000 nodes a 5x6 opening (forecast 9.0 * 10^6
    regions from a probe of 501, 179 times the budget; 20,815 nodes) is
    answered, with the exhaustive search's outcome, where the unscaled
    forecast refused it.  The 8x8 and a 6x7 opening (forecast 7 * 10^10:
    69 times the default budget even at 1/128) are still refused up front,
    naming the scale."""
    small = Server(args=["--max-search-nodes", "50000"]).start()
    try:
        board = ("xoxoxo", "o.oxox", "xoxoxo", ".xox.x", "xoxoxo")
        a = small.post_json("/v1/konane", {"board": list(board), "outcome_only": True}).json()
        ref.check_winning_moves("konane", board, a)
        assert a["outcome"] == "P", a
    finally:
        assert small.stop() == 0
    srv = Server().start()
    try:
        for board in (HOPELESS[2][1]["board"],
                      ["xoxoxox", "oxoxoxo", "xoxo.ox", "oxoxoxo", "xoxoxox", "oxoxoxo"]):
            p = refused(srv.post_json("/v1/konane", {"board": board, "outcome_only": True}),
                        "--max-search-nodes")
            assert "1/128 of the" in p["detail"], p
    finally:
        assert srv.stop() == 0
