"""Octal codes with a digit before the point (d0: 4 splits a heap into two
nonempty heaps and 8 into three, taking nothing), through the API.

Values against a brute-force mex written here, the published sequences of
4.102 (OEIS A125938) and 4.777 (A077069), every winning move replayed to a
position of value 0 by the brute force, huge heaps through the period
(each winning move checked by the period's values), the sequence GET, and
the problems of the digits before the point that are no moves.
"""
import random

from harness import digit_options as moves
from harness import digit_values as values
from harness import expect_problem
from harness import octal_digits as digits_of
from harness import random_split0_code

HUGE = 2**63 - 1
# OEIS A125938, offset 1 (4.102, 4.103, 4.112, 4.113); A077069, offset 1 (4.777)
A125938 = [1, 1, 1, 2, 2, 2, 0, 4, 4, 2] + [1, 1, 1, 2, 2, 2, 1, 4, 4, 2] * 9
A077069 = [1, 2, 4, 6, 1, 2, 8, 10, 1, 13, 2, 16, 1, 4, 13, 14, 1, 8, 4, 13, 1, 2, 4,
           8, 1, 13, 16, 8, 1, 4, 2, 13, 1, 4, 8, 13, 1, 16, 4, 13, 1, 2, 4, 8, 1, 13,
           16, 8, 1, 4, 2, 13, 1, 4, 8, 13, 1, 16, 4, 13, 1, 2, 4, 8, 1, 13, 16, 8, 1,
           4, 2, 13, 1, 4, 8, 13, 1, 16, 4, 13, 1, 2, 4, 8, 1, 13, 16, 8, 1]


def test_published_sequences(srv):
    for code, seq in [("4.102", A125938), ("4.113", A125938), ("4.777", A077069)]:
        r = srv.get("/v1/octal/sequence?code=%s&from=1&count=%d" % (code, len(seq)))
        assert r.status == 200, r
        doc = r.json()
        assert doc["sequence"] == seq, code
        assert doc["period_status"] == "confirmed"
    r = srv.get("/v1/octal/sequence?code=4.0&count=8").json()
    assert r["sequence"] == [0, 0, 1, 0, 1, 0, 1, 0]  # h - 1 moves, whatever is played
    assert r["period"] == {"preperiod": 1, "period": 2}


def test_random_codes_against_brute_force(srv):
    rng = random.Random(400)
    for _ in range(40):
        code = random_split0_code(rng, 3)
        digits = digits_of(code)
        three = any(d & 8 for d in digits)
        n = 40 if three else 90
        g = values(digits, n)
        seq = srv.get("/v1/octal/sequence?code=%s&count=%d" % (code, n))
        assert seq.status == 200, (code, seq)
        assert seq.json()["sequence"] == g, code
        for _ in range(4):
            heaps = [rng.randrange(0, 22 if three else n) for _ in range(rng.randrange(1, 4))]
            r = srv.post_json("/v1/octal", {"code": code, "heaps": heaps,
                                            "all_winning_moves": True})
            assert r.status == 200, (code, r)
            doc = r.json()
            x = 0
            for h in heaps:
                x ^= g[h]
            assert doc["grundy"] == x and doc["heap_grundy"] == [g[h] for h in heaps]
            assert doc["winner"] == ("first" if x else "second")
            want = []
            for i, h in enumerate(heaps):
                for take, leaves in moves(digits, h):
                    y = x ^ g[h]
                    for l in leaves:
                        y ^= g[l]
                    if y == 0:
                        want.append({"heap": i, "take": take, "leaves": list(leaves)})
            got = doc["winning_moves"]
            assert doc["winning_move_count"] == len(want), (code, heaps)
            assert [{"heap": m["heap"], "take": m["take"], "leaves": m["leaves"]}
                    for m in got] == want[:len(got)], (code, heaps)
            for m in got:  # replayed: the position left has value 0
                rest = heaps[:m["heap"]] + heaps[m["heap"] + 1:] + m["leaves"]
                assert sum(m["leaves"]) + m["take"] == heaps[m["heap"]]
                y = 0
                for h in rest:
                    y ^= g[h]
                assert y == 0, (code, heaps, m)
            if want:
                assert doc["winning_move"] == got[0]
            else:
                assert doc["winning_move"] is None


def test_split_move_shape_and_all_moves(srv):
    # 4.56 from a heap of 6: take 0 and split first, as [a, b] with a <= b
    r = srv.post_json("/v1/octal", {"code": "4.56", "heaps": [6], "all_moves": True})
    assert r.status == 200
    doc = r.json()
    entries = doc["moves"]
    splits = [e["move"]["leaves"] for e in entries if e["move"]["take"] == 0]
    assert sorted(splits) == [[1, 5], [2, 4], [3, 3]]
    g = values(digits_of("4.56"), 7)
    assert doc["move_count"] == len(entries) == len(moves(digits_of("4.56"), 6))
    assert sorted((e["move"]["take"], tuple(e["move"]["leaves"])) for e in entries) == sorted(
        moves(digits_of("4.56"), 6))
    for e in entries:
        y = 0
        for l in e["move"]["leaves"]:
            y ^= g[l]
        assert e["grundy"] == y


def test_huge_heaps_through_the_period(srv):
    for code in ("4.56", "4.102", "4.777", "4.344"):
        digits = digits_of(code)
        heaps = [str(HUGE), str(10**15 + 3), "7"]
        r = srv.post_json("/v1/octal", {"code": code, "heaps": heaps,
                                        "all_winning_moves": True, "max_moves": 20})
        assert r.status == 200, (code, r)
        doc = r.json()
        e, p = doc["period"]["preperiod"], doc["period"]["period"]
        g = values(digits, e + 2 * p + 10)

        def val(h):
            h = int(h)
            return g[h] if h < len(g) else g[e + (h - e) % p]

        x = 0
        for h in heaps:
            x ^= val(h)
        assert doc["grundy"] == x
        for m in doc["winning_moves"]:
            rest = heaps[:m["heap"]] + heaps[m["heap"] + 1:] + m["leaves"]
            assert sum(int(l) for l in m["leaves"]) + m["take"] == int(heaps[m["heap"]])
            y = 0
            for h in rest:
                y ^= val(h)
            assert y == 0, (code, m)


def test_canonical_code_and_cache(srv):
    a = srv.get("/v1/octal/sequence?code=4.560&count=20")
    b = srv.get("/v1/octal/sequence?code=4.56&count=20")
    assert a.status == b.status == 200
    assert a.json()["sequence"] == b.json()["sequence"]
    assert a.header("etag") == b.header("etag")  # one table, one canonical key
    c = srv.get("/v1/octal/sequence?code=c.0&count=12").json()
    assert c["sequence"] == values([12], 12)


def test_unplayable_digits_before_the_point(srv):
    for code in ("1.07", "2.0", "3.7", "5.6", "6.0", "7.77", "9.1", "A.0", "F.7"):
        r = srv.post_json("/v1/octal", {"code": code, "heaps": [5]})
        expect_problem(r, 400, "/code")
        assert "before the point" in r.json()["detail"] and "offset 0" in r.json()["detail"]
        r = srv.get("/v1/octal/sequence?code=%s&count=3" % code)
        expect_problem(r, 400, "/query/code")
        assert "before the point" in r.json()["detail"]
    for code, off in (("4.", 2), ("4.0G", 3), ("8.x", 2)):
        r = srv.post_json("/v1/octal", {"code": code, "heaps": [5]})
        expect_problem(r, 400, "/code")
        assert "offset %d" % off in r.json()["detail"]
    # the codes refused before keep their problem
    r = srv.post_json("/v1/octal", {"code": "44.0", "heaps": [5]})
    expect_problem(r, 400, "/code")
    assert r.json()["detail"].startswith("must be an octal or hexadecimal code \"0.d1d2...\"")
