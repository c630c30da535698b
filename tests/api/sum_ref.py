"""A brute-force partizan sum for the /v1/sum tests (written from the
definitions, not from the C): who wins a sum of small games moving first.

A game: ("dom", frozenset of empty (r, c)) -- Domineering, Left vertical --,
("nim", k), ("int", n), ("g", left options, right options) with options
games, or any kind registered in RULES (kind -> options(game, left))."""
from functools import lru_cache

RULES = {}


def options(g, left):
    kind = g[0]
    if kind in RULES:
        return RULES[kind](g, left)
    if kind == "dom":
        cells = g[1]
        d = (1, 0) if left else (0, 1)
        return [("dom", cells - {(r, c), (r + d[0], c + d[1])}) for (r, c) in cells
                if (r + d[0], c + d[1]) in cells]
    if kind == "nim":
        return [("nim", k) for k in range(g[1])]
    if kind == "int":
        n = g[1]
        return [("int", n - 1)] if left and n > 0 else [("int", n + 1)] if not left and n < 0 else []
    return list(g[1] if left else g[2])


@lru_cache(maxsize=None)
def wins(games, left):
    """Whether the player to move (left: Left) wins the sum of games (sorted tuple)."""
    for i, g in enumerate(games):
        for o in options(g, left):
            after = tuple(sorted(games[:i] + (o,) + games[i + 1:], key=repr))
            if not wins(after, not left):
                return True
    return False


def outcome(games):
    games = tuple(sorted(games, key=repr))
    lw, rw = wins(games, True), wins(games, False)
    return "N" if lw and rw else "L" if lw else "R" if rw else "P"


# Small components of a sum: name, /v1/sum component, brute-force game.
I0, I1, IM1 = ("int", 0), ("int", 1), ("int", -1)
STAR = ("nim", 1)
EXTRAS = (
    ("*", {"game": "cgt", "expression": "*"}, STAR),
    ("nim 2", {"game": "nim", "piles": [2]}, ("nim", 2)),
    ("1", {"game": "cgt", "expression": "1"}, I1),
    ("-1", {"game": "cgt", "expression": "-1"}, IM1),
    ("{1|-1}", {"game": "cgt", "expression": "{1|-1}"}, ("g", (I1,), (IM1,))),
    ("^", {"game": "cgt", "expression": "^"}, ("g", (I0,), (STAR,))),
    ("1/2", {"game": "cgt", "expression": "1/2"}, ("g", (I0,), (I1,))),
    ("2x2", {"game": "domineering", "board": ["..", ".."]},
     ("dom", frozenset({(0, 0), (0, 1), (1, 0), (1, 1)}))),
    ("1x3", {"game": "domineering", "board": ["..."]}, ("dom", frozenset({(0, 0), (0, 1), (0, 2)}))),
)
