"""Toads and Frogs, Toppling Dominoes, Col and Snort from their definitions
(issue 38), written independently of the C rulesets: every move of each
player, who wins a sum moving first by exhaustive search, the impartial
variant's Grundy value, and a position's whole game tree as braces for
/v1/cgt to put in canonical form.

A position is (game, key): a strip or row string, or for the graph games
(n, edges, colours) with colours a tuple of None / "blue" / "red".
Moves are (move object as the API writes it, position after)."""
import functools


def tf_moves(strip, left):
    me, other, step = ("T", "F", 1) if left else ("F", "T", -1)
    out = []
    for i, c in enumerate(strip):
        if c != me:
            continue
        j = i + step
        if 0 <= j < len(strip) and strip[j] == other:
            j += step
        if 0 <= j < len(strip) and strip[j] == ".":
            s = list(strip)
            s[i], s[j] = ".", me
            out.append(({"from": i, "to": j}, "".join(s)))
    return out


def td_moves(row, left):
    out = []
    for i, c in enumerate(row):
        if c == "g" or c == ("b" if left else "r"):
            out.append(({"domino": i, "direction": "left"}, row[i + 1:]))
            out.append(({"domino": i, "direction": "right"}, row[:i]))
    return out


def graph_moves(rule, key, left):
    n, edges, colours = key
    mine = "blue" if left else "red"
    out = []
    for v in range(n):
        if colours[v] is not None:
            continue
        ok = True
        for a, b in edges:
            if v in (a, b):
                c = colours[b if a == v else a]
                if c is not None and ((rule == "col" and c == mine) or
                                      (rule == "snort" and c != mine)):
                    ok = False
        if ok:
            after = list(colours)
            after[v] = mine
            out.append(({"vertex": v, "color": mine}, (n, edges, tuple(after))))
    return out


def moves(game, key, left):
    if game == "toads_and_frogs":
        return tf_moves(key, left)
    if game == "toppling_dominoes":
        return td_moves(key, left)
    return graph_moves(game, key, left)


@functools.lru_cache(maxsize=None)
def wins(comps, left):
    """Whether the player to move (Left when left) wins the sum comps, a
    tuple of (game, key, sign): sign -1 is the negative (roles swapped)."""
    for i, (game, key, sign) in enumerate(comps):
        for _, after in moves(game, key, left if sign > 0 else not left):
            if not wins(comps[:i] + ((game, after, sign),) + comps[i + 1:], not left):
                return True
    return False


def outcome(*comps):
    lw, rw = wins(tuple(comps), True), wins(tuple(comps), False)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(lw, rw)]


def equal(a, b):
    """Whether positions a and b, (game, key) each, are equal games."""
    return outcome((a[0], a[1], 1), (b[0], b[1], -1)) == "P"


@functools.lru_cache(maxsize=None)
def grundy(game, key):
    """The impartial variant: the player to move makes any move Left or
    Right could."""
    seen = {grundy(game, after) for left in (True, False) for _, after in moves(game, key, left)}
    g = 0
    while g in seen:
        g += 1
    return g


@functools.lru_cache(maxsize=None)
def tree(game, key):
    """The game tree as /v1/cgt reads it (no simplification)."""
    side = lambda left: ",".join(tree(game, after) for _, after in moves(game, key, left))
    return "{" + side(True) + "|" + side(False) + "}"
