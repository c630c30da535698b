"""The rulesets' refusal up front on the memory budget (issue 37 item 5;
src/games/ruleset.c, gr_rs_judge; docs/partizan.md, "A ruleset's refusal up
front").

A ruleset value request whose search outruns its probe is judged by the
forecast of the distinct regions to expand (test_rules_estimate.py).  Besides
the node budget and the time limit (past 16 times them: 422), the memory
budget counts, in nodes at 128 bytes a node (fewer than the fewest measured):
when it is the least of the budgets and the forecast passes twice it, the
request is refused at once -- 413 `memory-budget-exceeded`, pointer `/board`,
an `estimate` whose limit is `--max-request-memory`.  Counted in nodes and
bytes, never read from a clock: the same on every machine.

References: who wins, from the rules written in Python (test_rules_grid.py's
exhaustive search); the memory a request used, from the daemon's own
/metrics (`grundyd_arena_peak_bytes`, the largest arena of any request).
"""
import random
import re

from harness import Server, expect_problem
import test_rules_grid as ref

MIB = 1 << 20
BYTES_A_NODE = 128
CLOBBER_5X5 = {"board": ["xoxox", "oxoxo", "xoxox", "oxoxo", "xoxox"]}


def memory_refused(resp, budget):
    p = expect_problem(resp, 413, "/board")
    assert p["type"].endswith("/memory-budget-exceeded"), p
    e = p["estimate"]
    assert set(e) == {"search_nodes", "limit_nodes", "limit"}, p
    assert e["limit"] == "--max-request-memory", p
    assert "memory budget" in p["detail"] and "--max-request-memory" in p["detail"], p
    # the budget in nodes at 128 bytes a node, and refused only past twice it
    assert 0 < e["limit_nodes"] <= budget // BYTES_A_NODE, p
    assert e["search_nodes"] > 2 * e["limit_nodes"], p
    return p


def arena_peak(srv):
    text = srv.get("/metrics").body.decode()
    return int(re.search(r"^grundyd_arena_peak_bytes (\d+)", text, re.M).group(1))


def test_clobber_5x5_value_refused_at_the_defaults(srv):
    """It ran 12 s and ended 413 (it needs more than 3 GiB, bench/RESULTS.md);
    its forecast, 1.1 * 10^7 regions, is under 16 times the node budget but
    past twice the 512 MiB at 128 bytes a node."""
    memory_refused(srv.post_json("/v1/clobber", CLOBBER_5X5), 512 * MIB)


def test_a_bigger_budget_is_not_refused_on_memory(_):
    """With 1 GiB a request (8.4 * 10^6 nodes, more than the node budget) the
    memory budget is not the least, and the 1 s time limit's line (16 times
    1.56 * 10^6 nodes) is past the forecast: the search runs and is stopped
    by the search itself, without an estimate."""
    srv = Server(args=["--max-request-memory", "1G", "--max-memory", "2G",
                       "--max-analysis-seconds", "1"]).start()
    try:
        r = srv.post_json("/v1/clobber", CLOBBER_5X5, check=False)
        assert r.status in (413, 422), r
        assert "estimate" not in r.json(), r.json()
    finally:
        assert srv.stop() == 0


def test_outcome_and_impartial_are_not_judged_on_memory(_):
    """Only the value search is judged on memory.  Under 16 MiB (131,072
    nodes at 128 bytes, the least budget beside 10^6 nodes) the 5x5 board's
    value is refused on memory; its outcome and impartial searches are not
    (their line is the node budget's, 1.6 * 10^7, past the forecast): they
    run, and are stopped by the search itself, without an estimate."""
    srv = Server(args=["--max-search-nodes", "1000000", "--max-request-memory", "16M"]).start()
    try:
        memory_refused(srv.post_json("/v1/clobber", CLOBBER_5X5), 16 * MIB)
        for extra in ({"outcome_only": True}, {"impartial": True}):
            r = srv.post_json("/v1/clobber", dict(CLOBBER_5X5, **extra), check=False)
            assert r.status in (413, 422) and "estimate" not in r.json(), (extra, r.json())
    finally:
        assert srv.stop() == 0


# Boards whose value search outruns the search's probe under the budgets of
# the test below (4,096 nodes) and fits in 16 MiB (bench/RESULTS.md, "the
# memory cap": nodes and peak bytes of the core alone).
UNDER_THE_LINE = (
    ("clobber", ("xo.x", "xxxo", "oxxx", "xo.o")),        # 11,587 nodes, 6.7 MB
    ("clobber", ("oooox", "oxxxx", "xo.o.", "..xxx")),    # 6,496 nodes, 3.1 MB
    ("konane", ("ooxxx", "oxox.", ".ox.x", "xxxoo", "xoxxx")),  # 10,938 nodes, 2.4 MB
    ("nogo", ("...o", "..oo", "....")),                   # 12,295 nodes, 3.9 MB
    ("nogo", ("....", ".x..", "....")),                   # 51,929 nodes, 13.5 MB
    ("nogo", ("..o.", "..x.", "....")),                   # 32,401 nodes, 13.5 MB
)


def used_alone(game, board):
    """The answer of a daemon at its defaults and the memory it used."""
    fresh = Server().start()
    try:
        a = fresh.post_json("/v1/" + game, {"board": list(board)}).json()
        return a, arena_peak(fresh)
    finally:
        assert fresh.stop() == 0


def test_boards_that_fit_are_answered(_):
    """Under 16 MiB and 200,000 nodes (the memory budget the least: 131,072
    nodes at 128 bytes; the probe 4,096 nodes, the forecast's 2,001 regions)
    every board that fits in 16 MiB is answered, with the outcome of the
    exhaustive search; what it used is read from a fresh daemon's /metrics.
    Random boards too: one refused on memory is one that needs more than 16
    MiB, by the same count."""
    small = Server(args=["--max-request-memory", "16M", "--max-search-nodes", "200000"]).start()
    rng = random.Random(37)
    randoms = [(g, tuple("".join(rng.choice(ref.ALPHABET[g]) for _ in range(c)) for _ in range(r)))
               for g, r, c in (("clobber", 4, 4), ("nogo", 3, 4)) for _ in range(6)]
    try:
        for game, board in UNDER_THE_LINE + tuple(randoms):
            r = small.post_json("/v1/" + game, {"board": list(board)}, check=False)
            if r.status != 200:
                p = r.json()
                if p.get("estimate", {}).get("limit") == "--max-request-memory":
                    memory_refused(r, 16 * MIB)
                    assert used_alone(game, board)[1] > 16 * MIB, (game, board)
                continue
            want = ref.letter(ref.wins(game, board, 0), ref.wins(game, board, 1))
            assert r.json()["outcome"] == want, (game, board, r.json())
        # the fixed boards fit, and were answered
        for game, board in UNDER_THE_LINE:
            assert used_alone(game, board)[1] < 16 * MIB, (game, board)
            r = small.post_json("/v1/" + game, {"board": list(board)}, check=False)
            assert r.status == 200, (game, board, r.body)
    finally:
        assert small.stop() == 0


def test_a_refused_board_needs_more_than_its_budget(_):
    """A 6x6 Konane board refused under 32 MiB (forecast 640,379 regions
    from the probe of 80,001, past twice 262,144 nodes) is one the search
    needs more for: a daemon at its defaults answers it, and its /metrics
    show the request's arena past 32 MiB (about 250 MB)."""
    board = ["oooxox", "oxo.xo", "x.oxoo", "ooxxox", "xooxxx", "x.ox.x"]
    srv = Server(args=["--max-request-memory", "32M"]).start()
    try:
        memory_refused(srv.post_json("/v1/konane", {"board": board}), 32 * MIB)
    finally:
        assert srv.stop() == 0
    ans, used = used_alone("konane", tuple(board))
    assert ans["value"] and used > 32 * MIB, (ans, used)
