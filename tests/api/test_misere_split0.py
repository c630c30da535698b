"""Misère play of codes with a digit before the point (d0: split a heap
without taking), through the API, against a brute-force search written
here: winners and every winning move replayed to a misère P-position; the
quotients of 4.56 and 4.74, which Plambeck and Siegel's supplement
(arXiv:0705.2404, appendix B, figure 1) lists as solved wild games with
pretending periods 4 and 2, complete with those periods, their algebra and
their predictions checked against the search; huge heaps through 4.56's
complete quotient, each winning move (splits without taking among them)
checked by the quotient."""
import functools
import random

from harness import digit_options as options
from harness import octal_digits as digits_of
from harness import random_split0_code
from misere_check import check_quotient_algebra


class Brute:
    """Misère outcomes of multisets of heaps of one game (a split without
    taking lowers the sum of squared heaps, so the recursion ends)."""

    def __init__(self, digits):
        self.digits = digits

    def children(self, pos):
        for i, h in enumerate(pos):
            rest = pos[:i] + pos[i + 1:]
            for take, leaves in options(self.digits, h):
                yield i, take, leaves, tuple(sorted(rest + leaves))

    @functools.lru_cache(maxsize=None)
    def p(self, pos):
        kids = [c for _, _, _, c in self.children(pos)]
        return bool(kids) and all(not self.p(c) for c in kids)

    def is_p(self, heaps):
        return self.p(tuple(sorted(h for h in heaps)))


def test_winners_and_winning_moves_against_brute_force(srv):
    rng = random.Random(456)
    for _ in range(24):
        code = random_split0_code(rng, 2)
        br = Brute(digits_of(code))
        top = 6 if any(d & 8 for d in digits_of(code)) else 8
        for _ in range(5):
            heaps = [rng.randrange(0, top + 1) for _ in range(rng.randrange(1, 4))]
            r = srv.post_json("/v1/octal", {"code": code, "heaps": heaps, "misere": True,
                                            "all_winning_moves": True})
            assert r.status == 200, (code, heaps, r)
            doc = r.json()
            p = br.is_p(heaps)
            assert doc["winner"] == ("second" if p else "first"), (code, heaps)
            assert "grundy" not in doc
            want = [] if p else [(i, t, list(l)) for i, t, l, c in br.children(tuple(heaps))
                                 if br.p(c)]
            assert doc["winning_move_count"] == len(want), (code, heaps, doc, want)
            got = [(m["heap"], m["take"], m["leaves"]) for m in doc["winning_moves"]]
            assert sorted(got) == sorted(want), (code, heaps)  # all of them, few here
            for i, take, leaves in got:  # replayed: a misère P-position
                assert sum(leaves) + take == heaps[i]
                assert br.is_p(heaps[:i] + heaps[i + 1:] + leaves), (code, heaps, i, leaves)


def check_quotient(doc, br, rng, max_heap):
    check_quotient_algebra(doc)
    t, p = doc["table"], set(doc["p_positions"])
    img = doc["heap_images"]
    assert len(img) == max_heap + 1 and img[0] == 0
    for _ in range(150):
        heaps = [rng.randrange(0, 13) for _ in range(rng.randrange(1, 4))]
        e = 0
        for h in heaps:
            e = t[e][img[h]]
        assert (e in p) == br.is_p(heaps), heaps


def test_supplement_456_and_474_complete_with_their_periods(srv):
    # supplement, appendix B, figure 1: pretending periods 4 (4.56) and 2
    # (4.74); the order, |P|, preperiod and presentation as proven here
    for code, pre, per in [("4.56", 11, 4), ("4.74", 8, 2)]:
        r = srv.get("/v1/octal/misere-quotient?code=%s&max_heap=60" % code)
        assert r.status == 200, (code, r)
        doc = r.json()
        assert doc["code"] == code and doc["complete"] and not doc["tame"], code
        assert doc["pretending_period"] == {"preperiod": pre, "period": per}, code
        assert doc["order"] == 8 and len(doc["p_positions"]) == 2, code
        assert sorted(doc["presentation"]["relations"]) == sorted(
            ["a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"]), code
        check_quotient(doc, Brute(digits_of(code)), random.Random(per), 60)
        # the pretending function past the table is what the period says
        img = doc["heap_images"]
        assert all(img[h] == img[h - per] for h in range(pre + per, 61)), code


def test_huge_heaps_through_the_complete_quotient(srv):
    doc = srv.get("/v1/octal/misere-quotient?code=4.56&max_heap=60").json()
    t, img, p = doc["table"], doc["heap_images"], set(doc["p_positions"])
    e0, per = doc["pretending_period"]["preperiod"], doc["pretending_period"]["period"]

    def image(h):
        return img[h] if h <= 60 else img[e0 + (h - e0) % per]

    zero = 0
    for heaps in ([10**15 + 1, 7], [10**12, 10**12 + 2], [2**62 + 5], [10**15], [10**15 + 3]):
        r = srv.post_json("/v1/octal", {"code": "4.56", "heaps": [str(h) for h in heaps],
                                        "misere": True, "all_winning_moves": True,
                                        "max_moves": 6})
        assert r.status == 200, (heaps, r)
        doc2 = r.json()
        assert doc2["misere_quotient"]["complete"]
        e = 0
        for h in heaps:
            e = t[e][image(h)]
        assert doc2["winner"] == ("second" if e in p else "first"), heaps
        assert (doc2["winning_move_count"] == 0) == (e in p)
        for m in doc2["winning_moves"]:
            leaves = [int(x) for x in m["leaves"]]
            assert sum(leaves) + m["take"] == heaps[m["heap"]]
            rest = heaps[:m["heap"]] + heaps[m["heap"] + 1:] + leaves
            f = 0
            for h in rest:
                f = t[f][image(h)]
            assert f in p, (heaps, m)
            zero += m["take"] == 0
    assert zero >= 2  # splits of huge heaps without taking (10^15 has some)


def test_splits_without_taking_are_winning_moves(srv):
    # single heaps of 4.56 and C.0: the API's misère winning moves are the
    # brute force's, and splits of d0 (take 0) are among them
    zero = 0
    for code, top in (("4.56", 14), ("C.0", 9)):
        br = Brute(digits_of(code))
        for h in range(1, top + 1):
            wins = sorted((t, list(l)) for _, t, l, c in br.children((h,)) if br.p(c))
            r = srv.post_json("/v1/octal", {"code": code, "heaps": [h], "misere": True,
                                            "all_winning_moves": True}).json()
            assert sorted((m["take"], m["leaves"]) for m in r["winning_moves"]) == wins, (
                code, h)
            zero += sum(1 for t, _ in wins if t == 0)
    assert zero >= 3
