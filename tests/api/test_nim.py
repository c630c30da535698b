"""Nim through the API against a brute-force game search (normal and misère)."""
import functools
import random

from harness import expect_problem, pile_cases


def brute_outcomes(piles, misere):
    """Returns (first_wins, winning moves) by exhaustive search."""

    @functools.lru_cache(maxsize=None)
    def wins(pos):
        if all(p == 0 for p in pos):
            return misere  # no move: the mover loses (normal), wins (misère)
        return any(not wins(nxt) for _, _, nxt in successors(pos))

    def successors(pos):
        for i, p in enumerate(pos):
            for to in range(p):
                yield i, to, pos[:i] + (to,) + pos[i + 1:]

    pos = tuple(piles)
    moves = [(i, to) for i, to, nxt in successors(pos) if not wins(nxt)]
    return wins(pos), moves


def test_nim_against_brute_force(srv):
    for piles in pile_cases(random.Random(2026), 0, 8, 5, 60):
        for misere in (False, True):
            first, moves = brute_outcomes(piles, misere)
            r = srv.post_json("/v1/nim", {"piles": piles, "misere": misere,
                                          "all_winning_moves": True}).json()
            assert r["winner"] == ("first" if first else "second"), (piles, misere, r)
            got = [(m["pile"], m["to"]) for m in r["winning_moves"]]
            assert sorted(got) == sorted(moves), (piles, misere, r, moves)
            assert r["winning_move_count"] == len(moves)
            if moves:
                assert (r["winning_move"]["pile"], r["winning_move"]["to"]) in moves
                assert r["winning_move"]["from"] == piles[r["winning_move"]["pile"]]
            else:
                assert r["winning_move"] is None
            if not misere:
                g = 0
                for p in piles:
                    g ^= p
                assert r["grundy"] == g


def test_max_moves_caps_the_list_not_the_count(srv):
    piles = [1] * 50 + [2**20 + 1]  # value 2^20 ^ ... : one big winning move or many
    piles = [3] * 7  # value 3: every pile can move to 0
    r = srv.post_json("/v1/nim", {"piles": piles, "all_winning_moves": True, "max_moves": 2}).json()
    assert r["winning_move_count"] == 7 and len(r["winning_moves"]) == 2
    r = srv.post_json("/v1/nim", {"piles": piles, "all_winning_moves": True, "max_moves": 0}).json()
    assert r["winning_move_count"] == 7 and r["winning_moves"] == []
    assert r["winning_move"] is not None


def test_huge_piles_move_replays_to_zero(srv):
    piles = [str(2**63 - 1), str(2**62 + 12345), 2**53 - 1]
    r = srv.post_json("/v1/nim", {"piles": piles}).json()
    m = r["winning_move"]
    vals = [int(p) for p in piles]
    assert int(m["from"]) == vals[m["pile"]]
    vals[m["pile"]] = int(m["to"])
    r2 = srv.post_json("/v1/nim", {"piles": [str(v) for v in vals]}).json()
    assert r2["grundy"] == 0 and r2["winner"] == "second" and r2["winning_move"] is None


def test_empty_position(srv):
    r = srv.post_json("/v1/nim", {"piles": []}).json()
    assert r == {"grundy": 0, "winner": "second", "winning_move": None}
    r = srv.post_json("/v1/nim", {"piles": [], "misere": True}).json()
    assert r["winner"] == "first"


def test_nim_bad_input(srv):
    expect_problem(srv.post_json("/v1/nim", {"piles": [1, -2]}), 400, "/piles/1")
    expect_problem(srv.post_json("/v1/nim", {"piles": [1], "max_moves": 10**7}), 400, "/max_moves")
