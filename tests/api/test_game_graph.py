"""Game graphs with cycles through the API (/v1/game-graph).

Outcomes of one to three tokens against a retrograde win/lose/draw analysis
of the product graph in Python, on random small graphs with cycles and
self-loops; every listed winning move replayed into a lost product state;
"always play winning_move" played out against random replies to check it
wins; acyclic graphs against plain mex; bad input with pointers.
"""
import itertools
import random

from harness import expect_problem

PATH = "/v1/game-graph"


def post(srv, body, status=200):
    r = srv.post_json(PATH, body)
    assert r.status == status, r
    return r.json()


def random_graph(rng, n, m):
    return [[rng.randrange(n), rng.randrange(n)] for _ in range(m)]


def followers(n, moves):
    f = [[] for _ in range(n)]
    for a, b in moves:
        f[a].append(b)
    return f


def retrograde(n, moves, k):
    """Outcome of every k-token state: 'first' (win), 'second' (loss) or
    'draw', by the usual fixpoint: no move -> loss; a move to a loss ->
    win; all moves to wins -> loss."""
    f = followers(n, moves)
    states = list(itertools.product(range(n), repeat=k))
    out = {}

    def succ(s):
        for t in range(k):
            for q in f[s[t]]:
                yield s[:t] + (q,) + s[t + 1:]

    changed = True
    while changed:
        changed = False
        for s in states:
            if s in out:
                continue
            res = [out.get(x) for x in succ(s)]
            if "second" in res:
                out[s] = "first"
                changed = True
            elif all(r == "first" for r in res):
                out[s] = "second"
                changed = True
    return {s: out.get(s, "draw") for s in states}


def value_outcome(v):
    if isinstance(v, int):
        return "first" if v else "second"
    return "first" if 0 in v["infinity"] else "draw"


def test_against_product_retrograde(srv):
    rng = random.Random(8)
    checked = 0
    for _ in range(90):
        n = rng.randrange(1, 7)
        moves = random_graph(rng, n, rng.randrange(0, 3 * n + 1))
        f = followers(n, moves)
        for k in (1, 2, 3):
            table = retrograde(n, moves, k)
            states = list(table)
            rng.shuffle(states)
            for s in states[:10]:
                r = post(srv, {"positions": n, "moves": moves, "start": list(s),
                               "all_winning_moves": True, "include_values": True})
                assert r["winner"] == table[s], (n, moves, s, r)
                assert value_outcome(r["grundy"]) == r["winner"]
                if k == 1:
                    assert value_outcome(r["values"][s[0]]) == table[s]
                expect = {(t, q) for t in range(k) for q in f[s[t]]
                          if table[s[:t] + (q,) + s[t + 1:]] == "second"}
                got = [(m["token"], m["to"]) for m in r["winning_moves"]]
                assert len(got) == len(set(got)) == r["winning_move_count"]
                assert set(got) == expect, (n, moves, s, r)
                for m in r["winning_moves"]:
                    assert m["from"] == s[m["token"]]
                if expect:
                    assert r["winning_move"] == r["winning_moves"][0]
                else:
                    assert r["winning_move"] is None
                checked += 1
    assert checked > 700


def test_playing_winning_move_wins(srv):
    """The winner always plays winning_move, the loser a random move: the
    game must end with the loser unable to move."""
    rng = random.Random(9)
    games = 0
    while games < 60:
        n = rng.randrange(2, 8)
        moves = random_graph(rng, n, rng.randrange(n, 3 * n + 1))
        f = followers(n, moves)
        start = [rng.randrange(n) for _ in range(rng.randrange(1, 4))]
        r = post(srv, {"positions": n, "moves": moves, "start": start})
        if r["winner"] != "first":
            continue
        games += 1
        pos = list(start)
        for ply in range(400):
            r = post(srv, {"positions": n, "moves": moves, "start": pos})
            assert r["winner"] == "first", (moves, pos, r)
            m = r["winning_move"]
            assert m["from"] == pos[m["token"]] and m["to"] in f[m["from"]]
            pos[m["token"]] = m["to"]
            options = [(t, q) for t in range(len(pos)) for q in f[pos[t]]]
            if not options:
                break
            t, q = rng.choice(options)
            pos[t] = q
        else:
            raise AssertionError(f"no win after 400 plies: {moves} {start}")


def test_acyclic_values_are_mex(srv):
    rng = random.Random(10)
    for _ in range(40):
        n = rng.randrange(1, 60)
        moves = []
        for _ in range(rng.randrange(0, 4 * n)):
            a = rng.randrange(n)
            if a > 0:
                moves.append([a, rng.randrange(a)])
        f = followers(n, moves)
        g = []
        for u in range(n):
            s = {g[v] for v in f[u]}
            x = 0
            while x in s:
                x += 1
            g.append(x)
        start = [rng.randrange(n) for _ in range(rng.randrange(0, 5))]
        r = post(srv, {"positions": n, "moves": moves, "start": start,
                       "include_values": True})
        assert r["values"] == g
        x = 0
        for p in start:
            x ^= g[p]
        assert r["grundy"] == x
        assert r["winner"] == ("first" if x else "second")


def test_infinity_set_of_a_sum(srv):
    # 0: self-loop and moves to 1 (value 0) and 2 (value 1): infinity({0, 1}).
    moves = [[0, 0], [0, 1], [0, 2], [2, 3]]
    r = post(srv, {"positions": 4, "moves": moves, "start": [0],
                   "include_values": True})
    assert r["values"] == [{"infinity": [0, 1]}, 0, 1, 0]
    assert r["grundy"] == {"infinity": [0, 1]}
    # with a token of value 1 beside it: K XOR 1 = {1, 0} -> [0, 1], a win
    r = post(srv, {"positions": 4, "moves": moves, "start": [0, 2]})
    assert r["grundy"] == {"infinity": [0, 1]} and r["winner"] == "first"
    assert r["winning_move"] == {"token": 0, "from": 0, "to": 2}
    # two infinite tokens: infinity([]), a draw
    r = post(srv, {"positions": 4, "moves": moves, "start": [0, 0]})
    assert r == {"grundy": {"infinity": []}, "winner": "draw", "winning_move": None}
    # no tokens at all: value 0
    r = post(srv, {"positions": 0, "moves": [], "start": []})
    assert r == {"grundy": 0, "winner": "second", "winning_move": None}


def test_max_moves(srv):
    # 0 -> 1..50, all terminal (one move repeated): 0 is worth 1 and each
    # of its 50 distinct followers is a winning move for a lone token.
    moves = [[0, i] for i in range(1, 51)] + [[0, 7]]
    r = post(srv, {"positions": 51, "moves": moves, "start": [0, 0, 0],
                   "all_winning_moves": True, "max_moves": 5})
    # three tokens of value 1: XOR 1, every token to any follower
    assert r["winning_move_count"] == 150
    assert len(r["winning_moves"]) == 5
    assert r["winning_moves"][0] == r["winning_move"]
    r = post(srv, {"positions": 51, "moves": moves, "start": [0],
                   "all_winning_moves": True, "max_moves": 0})
    assert r["winning_moves"] == [] and r["winning_move_count"] == 50
    assert r["winning_move"] is not None


def test_large_graph(srv):
    rng = random.Random(11)
    n, m = 20000, 100000
    moves = random_graph(rng, n, m)
    r = post(srv, {"positions": n, "moves": moves, "start": [1, 2, 3],
                   "all_winning_moves": True})
    assert r["winner"] in ("first", "second", "draw")
    assert (r["winning_move"] is not None) == (r["winner"] == "first")


def test_bad_input(srv):
    base = {"positions": 3, "moves": [[0, 1], [1, 2]], "start": [0]}
    cases = [
        ({"moves": [[0, 1]], "start": [0]}, None),
        (dict(base, moves=[[0, 1], [1, 3]]), "/moves/1/1"),
        (dict(base, moves=[[0, 1], [5, 2]]), "/moves/1/0"),
        (dict(base, moves=[[0, 1], [1]]), "/moves/1"),
        (dict(base, moves=[[0, 1], [1, -2]]), "/moves/1/1"),
        (dict(base, moves={"a": 1}), "/moves"),
        (dict(base, start=[0, 3]), "/start/1"),
        (dict(base, start=[0.5]), "/start/0"),
        (dict(base, positions=-1), "/positions"),
        (dict(base, positions=2**33), "/positions"),
        (dict(base, include_values="yes"), "/include_values"),
        (dict(base, max_moves=-1), "/max_moves"),
        (dict(base, colour="red"), "/colour"),
        ({"positions": 0, "moves": [[0, 0]], "start": []}, "/moves/0/0"),
    ]
    for body, pointer in cases:
        expect_problem(srv.post_json(PATH, body), 400, pointer)
    expect_problem(srv.post_raw(PATH, "{"), 400)
