"""The rulesets' outcome search ("outcome_only": true) with its move order
(issue 37 items 4 and 5; src/core/pgame_outcome.c, gr_pg_order;
docs/partizan.md, "The outcome search").

A child is tried in the order of the replies it leaves the opponent, fewest
first.  The order changes which tree is searched, not what is proved, so:

  - against an independent algorithm: on random boards of 11 to 16 cells,
    larger than the exhaustive Python references of test_rules_grid.py
    reach, `outcome_only` agrees with the outcome of the canonical value
    (the value search: options valued bottom up, no search order at all);
  - what the order buys, in nodes, not seconds: under a budget of 200,000
    nodes these boards are answered (before the order, each was a 422 at
    that budget: 226,522 to more than 5,000,000 nodes, bench/RESULTS.md
    "The rulesets' outcome search"), and every answer is replayed: a
    winning move is one of the rules' moves (the Python generator of
    test_rules_grid.py) and leaves the opponent, moving first, lost; a side
    without one loses after each of its moves.
"""
import random

import test_rules_grid as ref

SERVER_ARGS = ("--max-search-nodes", "200000")

# answered now under 200,000 nodes (before: Amazons 4x5 > 5 M, Clobber 4x5
# 385,375, NoGo 4x4 226,522; bench/rules_outcome.sh)
ORDERED = (
    ("amazons", ("L....", ".....", ".....", "....R")),
    ("clobber", ("xoxox", "oxoxo", "xoxox", "oxoxo")),
    ("clobber", ("xoxo", "oxox", "xoxo", "oxox", "xoxo")),
    ("nogo", ("....",) * 4),
)


def outcome(srv, game, board):
    return ref.post(srv, "/v1/" + game, {"board": list(board), "outcome_only": True})


def wins(srv, game, board, side):
    a = outcome(srv, game, board)
    return a["left_move" if side == 0 else "right_move"] is not None


def test_outcome_search_agrees_with_the_value(srv):
    rng = random.Random(4242)
    shapes = {"clobber": [(3, 4), (4, 4), (3, 5)], "konane": [(4, 4), (3, 5), (4, 4)],
              "nogo": [(3, 4), (2, 6)], "amazons": [(3, 4), (2, 6)]}
    n = 0
    for game, dims in shapes.items():
        for _ in range(10):
            r, c = rng.choice(dims)
            board = tuple("".join(rng.choice(ref.ALPHABET[game]) for _ in range(c))
                          for _ in range(r))
            v = srv.post_json("/v1/" + game, {"board": list(board)})
            if v.status != 200:  # the value may be past the budget: not a check
                continue
            o = outcome(srv, game, board)
            assert o["outcome"] == v.json()["outcome"], (game, board, o, v.json())
            n += 1
    assert n >= 30, n


def test_ordered_search_answers_under_a_small_budget(srv):
    for game, board in ORDERED:
        a = outcome(srv, game, board)
        for side, key in ((0, "left_move"), (1, "right_move")):
            moves = ref.MOVES[game](board, side)
            mv = a[key]
            if mv is not None:
                b = [b for m, b in moves if m == mv]
                assert len(b) == 1, (game, board, side, mv)
                assert not wins(srv, game, b[0], 1 - side), (game, board, side, mv)
            else:  # no move of the side's wins
                for _, b in moves:
                    assert wins(srv, game, b, 1 - side), (game, board, side, b)
