"""Misère play of octal, hexadecimal and subtraction games (and sums with
Nim) through the API, against a brute-force search written here: the
winner, and every winning move replayed and checked to leave a misère
P-position."""
import functools
import random

from harness import digit_options, expect_problem
from misere_check import check_quotient_algebra


def octal_options(digits, h):
    """(take, heaps left) of every move from h, by the digits (digits[j]
    for taking j, bits 1/2/4/8: leave 0/1/2/3 heaps)."""
    return digit_options(digits, h)


def sub_options(s, h):
    return [(t, (h - t,) if h > t else ()) for t in sorted(s) if t <= h]


def nim_options(h):
    return [(h - to, (to,) if to else ()) for to in range(h)]


class Brute:
    """Misère outcomes of multisets of (game, heap)."""

    def __init__(self, games):
        self.games = games  # list of callables heap -> [(take, leaves)]

    def options(self, pos):
        for i, (g, h) in enumerate(pos):
            rest = pos[:i] + pos[i + 1:]
            for take, leaves in self.games[g](h):
                yield i, take, leaves, tuple(sorted(rest + tuple((g, x) for x in leaves)))

    @functools.lru_cache(maxsize=None)
    def p(self, pos):
        opts = [nxt for _, _, _, nxt in self.options(pos)]
        return bool(opts) and all(not self.p(n) for n in opts)

    def is_p(self, pos):
        return self.p(tuple(sorted(pos)))


def random_code(rng, hexa):
    n = rng.randrange(1, 4)
    digits = [0] + [rng.randrange(16 if hexa else 8) for _ in range(n)]
    if digits[-1] == 0:
        digits[-1] = 7
    return "0." + "".join("0123456789ABCDEF"[d] for d in digits[1:]), digits


def check_answer(br, pos, r, move_to_pos):
    """Winner and every winning move against the brute force."""
    p = br.is_p(pos)
    assert r["winner"] == ("second" if p else "first"), (pos, r)
    assert "grundy" not in r
    want = [] if p else [m for m in br.options(tuple(pos)) if br.is_p(m[3])]
    got = r["winning_moves"]
    assert r["winning_move_count"] == len(want), (pos, r, want)
    for m in got:
        after = move_to_pos(m)
        assert br.is_p(after), (pos, m)  # replayed: a misère P-position
    if want:
        assert r["winning_move"] == got[0]
    else:
        assert r["winning_move"] is None


def test_octal_against_brute_force(srv):
    rng = random.Random(28)
    for k in range(30):
        code, digits = random_code(rng, hexa=k % 3 == 0)
        br = Brute([lambda h, d=digits: octal_options(d, h)])
        for _ in range(6):
            heaps = [rng.randrange(0, 9) for _ in range(rng.randrange(1, 4))]
            r = srv.post_json("/v1/octal", {"code": code, "heaps": heaps, "misere": True,
                                            "all_winning_moves": True}).json()

            def after(m, heaps=heaps):
                assert m["take"] >= 1
                rest = heaps[:m["heap"]] + heaps[m["heap"] + 1:]
                assert sum(m["leaves"]) + m["take"] == heaps[m["heap"]]
                return [(0, x) for x in rest + m["leaves"]]

            check_answer(br, [(0, h) for h in heaps], r, after)


def test_subtraction_against_brute_force(srv):
    rng = random.Random(29)
    for _ in range(25):
        s = sorted(set(rng.randrange(1, 6) for _ in range(rng.randrange(1, 4))))
        br = Brute([lambda h, s=s: sub_options(s, h)])
        for _ in range(6):
            piles = [rng.randrange(0, 11) for _ in range(rng.randrange(1, 4))]
            r = srv.post_json("/v1/subtraction", {"subtraction_set": s, "piles": piles,
                                                  "misere": True,
                                                  "all_winning_moves": True}).json()

            def after(m, piles=piles):
                assert m["take"] in s and m["from"] == piles[m["pile"]]
                rest = piles[:m["pile"]] + piles[m["pile"] + 1:] + [m["to"]]
                return [(0, x) for x in rest]

            check_answer(br, [(0, p) for p in piles], r, after)


def test_max_take_is_the_set_one_to_k(srv):
    br = Brute([lambda h: sub_options({1, 2, 3}, h)])
    for piles in ([1], [4], [5], [2, 3], [1, 1, 1], [5, 6, 7]):
        r = srv.post_json("/v1/subtraction", {"max_take": 3, "piles": piles, "misere": True,
                                              "all_winning_moves": True}).json()
        assert r["winner"] == ("second" if br.is_p([(0, p) for p in piles]) else "first")


def test_sum_of_nim_octal_subtraction(srv):
    rng = random.Random(30)
    for _ in range(25):
        code, digits = random_code(rng, hexa=False)
        s = sorted(set(rng.randrange(1, 5) for _ in range(2)))
        br = Brute([lambda h: nim_options(h), lambda h, d=digits: octal_options(d, h),
                    lambda h, s=s: sub_options(s, h)])
        nim = [rng.randrange(0, 4) for _ in range(rng.randrange(0, 3))]
        oct_ = [rng.randrange(0, 7) for _ in range(rng.randrange(0, 3))]
        sub = [rng.randrange(0, 7) for _ in range(rng.randrange(0, 2))]
        req = {"misere": True, "all_winning_moves": True, "components": [
            {"game": "nim", "piles": nim},
            {"game": "octal", "code": code, "heaps": oct_},
            {"game": "subtraction", "subtraction_set": s, "piles": sub}]}
        r = srv.post_json("/v1/sum", req).json()
        parts = [nim, oct_, sub]

        def after(w):
            c, m = w["component"], w["move"]
            assert w["game"] == ["nim", "octal", "subtraction"][c]
            new = [list(p) for p in parts]
            if c == 0:
                new[0][m["pile"]] = m["to"]
            elif c == 1:
                h = new[1].pop(m["heap"])
                assert sum(m["leaves"]) + m["take"] == h
                new[1] += m["leaves"]
            else:
                new[2][m["pile"]] = m["to"]
            return [(g, x) for g in range(3) for x in new[g]]

        check_answer(br, [(g, x) for g in range(3) for x in parts[g]], r, after)


def test_all_moves_have_misere_outcomes(srv):
    br = Brute([lambda h: octal_options([0, 7, 7], h)])
    heaps = [3, 5]
    r = srv.post_json("/v1/octal", {"code": "0.77", "heaps": heaps, "misere": True,
                                    "all_moves": True}).json()
    opts = list(br.options(((0, 3), (0, 5))))
    assert r["move_count"] == len(opts)
    for e in r["moves"]:
        m = e["move"]
        rest = heaps[:m["heap"]] + heaps[m["heap"] + 1:] + m["leaves"]
        won = br.is_p([(0, x) for x in rest])
        assert e["outcome"] == ("win" if won else "lose") and "grundy" not in e


def test_misere_nim_in_a_sum_equals_misere_nim(srv):
    for piles in ([1, 1], [1, 1, 1], [2, 2], [1, 2, 3], [4, 1], []):
        a = srv.post_json("/v1/nim", {"piles": piles, "misere": True}).json()
        b = srv.post_json("/v1/sum", {"misere": True,
                                      "components": [{"game": "nim", "piles": piles}]}).json()
        assert a["winner"] == b["winner"], piles


def test_empty_position_is_won_by_the_player_to_move(srv):
    r = srv.post_json("/v1/octal", {"code": "0.77", "heaps": [], "misere": True}).json()
    assert r["winner"] == "first" and r["winning_move"] is None


def test_problems(srv):
    expect_problem(srv.post_json("/v1/octal", {"code": "0.77", "heaps": [1], "misere": 1}),
                   400, "/misere")
    expect_problem(srv.post_json("/v1/octal", {"code": "0.x", "heaps": [1], "misere": True}),
                   400, "/code")
    expect_problem(srv.post_json("/v1/sum", {"components": [
        {"game": "octal", "code": "0.77", "heaps": [1], "misere": True}]}),
        400, "/components/0/misere")
    expect_problem(srv.post_json("/v1/sum", {"misere": True, "components": [
        {"game": "cram", "rows": 2, "cols": 2}]}), 422, "/components/0/game")
    expect_problem(srv.post_json("/v1/subtraction", {"subtraction_set": [0], "piles": [1],
                                                     "misere": True}),
                   400, "/subtraction_set/0")
    # past the exhaustive search's limits and without a quotient: 422 naming them
    expect_problem(srv.post_json("/v1/octal", {"code": "0.F7", "heaps": [str(2**60)],
                                               "misere": True}), 422, "/heaps")


def test_normal_play_unchanged_with_misere_false(srv):
    a = srv.post_json("/v1/octal", {"code": "0.77", "heaps": [3, 4]}).json()
    b = srv.post_json("/v1/octal", {"code": "0.77", "heaps": [3, 4], "misere": False}).json()
    assert a == b and a["grundy"] == 3 ^ 1


# ---- the quotient documents ------------------------------------------------

def check_document(doc, br, max_heap, rng):
    """The algebra of a quotient document, and its predictions against the
    brute force on random sums of heaps <= max_heap."""
    check_quotient_algebra(doc)
    t, p = doc["table"], set(doc["p_positions"])
    img = doc["heap_images"]
    assert len(img) == max_heap + 1 and img[0] == 0
    for _ in range(120):
        heaps = [rng.randrange(0, min(max_heap, 11) + 1) for _ in range(rng.randrange(1, 4))]
        e = 0
        for h in heaps:
            e = t[e][img[h]]
        assert (e in p) == br.is_p([(0, h) for h in heaps]), (heaps, doc)


def test_quotient_075_published(srv):
    r = srv.get("/v1/octal/misere-quotient?code=0.75&max_heap=30")
    assert r.status == 200
    doc = r.json()
    # Plambeck-Siegel: order 8, P = {a, b^2}, <a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>
    assert doc["order"] == 8 and len(doc["p_positions"]) == 2
    assert sorted(doc["elements"][i] for i in doc["p_positions"]) == ["a", "b^2"]
    pres = doc["presentation"]
    assert [g["heap"] for g in pres["generators"]] == [1, 2, 5]
    assert sorted(pres["relations"]) == sorted(["a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"])
    assert doc["complete"] and doc["pretending_period"]["period"] == 2 and not doc["tame"]
    check_document(doc, Brute([lambda h: octal_options([0, 7, 5], h)]), 30, random.Random(75))


def test_quotient_documents_random_games(srv):
    rng = random.Random(31)
    built = 0
    for k in range(30):
        if k % 2:
            code, digits = random_code(rng, hexa=k % 3 == 0)
            path = "/v1/octal/misere-quotient?code=%s&max_heap=12" % code
            br = Brute([lambda h, d=digits: octal_options(d, h)])
        else:
            s = sorted(set(rng.randrange(1, 6) for _ in range(rng.randrange(1, 4))))
            path = "/v1/subtraction/misere-quotient?subtraction_set=%s&max_heap=12" % (
                ",".join(map(str, s)))
            br = Brute([lambda h, s=s: sub_options(s, h)])
        r = srv.get(path)
        if r.status == 422:
            assert "quotient" in r.json()["detail"]
            continue
        assert r.status == 200, r
        built += 1
        check_document(r.json(), br, 12, rng)
    assert built >= 8


def test_quotient_tame_and_etag(srv):
    r = srv.get("/v1/subtraction/misere-quotient?max_take=2&max_heap=20")
    doc = r.json()
    assert doc["max_take"] == 2 and doc["order"] == 6 and doc["tame"] and doc["complete"]
    etag = r.header("etag")
    assert etag and "immutable" in r.header("cache-control")
    again = srv.get("/v1/subtraction/misere-quotient?max_take=2&max_heap=20",
                    headers={"If-None-Match": etag})
    assert again.status == 304
    other = srv.get("/v1/subtraction/misere-quotient?max_take=2&max_heap=21")
    assert other.header("etag") != etag
    r = srv.get("/v1/octal/misere-quotient?code=0.7&max_heap=10").json()
    assert r["order"] == 2 and r["tame"]


def test_quotient_query_problems(srv):
    expect_problem(srv.get("/v1/octal/misere-quotient?code=0.75"), 400, "/query/max_heap")
    expect_problem(srv.get("/v1/octal/misere-quotient?code=0.75&max_heap=0"), 400,
                   "/query/max_heap")
    expect_problem(srv.get("/v1/octal/misere-quotient?code=0.75&max_heap=5&count=3"), 400,
                   "/query/count")
    expect_problem(srv.get("/v1/octal/misere-quotient?code=x&max_heap=5"), 400, "/query/code")
    expect_problem(srv.get("/v1/subtraction/misere-quotient?subtraction_set=0&max_heap=5"),
                   400, "/query/subtraction_set")


def test_huge_heaps_through_a_complete_quotient(srv):
    big = str(10**15 + 1)
    r = srv.post_json("/v1/octal", {"code": "0.75", "heaps": [big, 7], "misere": True,
                                    "all_winning_moves": True, "max_moves": 3}).json()
    q = r["misere_quotient"]
    assert q["complete"] and q["order"] == 8
    doc = srv.get("/v1/octal/misere-quotient?code=0.75&max_heap=40").json()
    t, img, p = doc["table"], doc["heap_images"], set(doc["p_positions"])
    e0, per = doc["pretending_period"]["preperiod"], doc["pretending_period"]["period"]

    def image(h):
        return img[h] if h <= 40 else img[e0 + (h - e0) % per]

    heaps = [10**15 + 1, 7]
    whole = t[image(heaps[0])][image(heaps[1])]
    assert r["winner"] == ("second" if whole in p else "first")
    for m in r["winning_moves"]:  # each replayed: a P-position by the quotient
        rest = heaps[:m["heap"]] + heaps[m["heap"] + 1:] + [int(x) for x in m["leaves"]]
        assert sum(int(x) for x in m["leaves"]) + m["take"] == heaps[m["heap"]]
        e = 0
        for h in rest:
            e = t[e][image(h)]
        assert e in p


def quotient_image(doc):
    """Heap -> element of a complete quotient document, any heap size."""
    img, max_heap = doc["heap_images"], doc["max_heap"]
    e0, per = doc["pretending_period"]["preperiod"], doc["pretending_period"]["period"]
    return lambda h: img[h] if h <= max_heap else img[e0 + (h - e0) % per]


def test_wild_quotients_complete_with_published_periods(srv):
    # pretending-function periods of Plambeck-Siegel's supplement (0.34: 8,
    # 0.712: 6, 0.123: 5) and misère Kayles' 12 (Sibert-Conway); orders and
    # |P| as proven here
    for code, digits, order, pc, pre, per in [("0.34", [0, 3, 4], 12, 3, 7, 8),
                                              ("0.712", [0, 7, 1, 2], 14, 4, 3, 6),
                                              ("0.123", [0, 1, 2, 3], 20, 5, 5, 5),
                                              ("0.77", [0, 7, 7], 40, 9, 71, 12)]:
        r = srv.get("/v1/octal/misere-quotient?code=%s&max_heap=200" % code)
        assert r.status == 200, (code, r)
        doc = r.json()
        assert doc["complete"] and not doc["tame"], code
        assert doc["order"] == order and len(doc["p_positions"]) == pc, (code, doc["order"])
        assert doc["pretending_period"] == {"preperiod": pre, "period": per}, code
        check_document(doc, Brute([lambda h, d=digits: octal_options(d, h)]), 200,
                       random.Random(order))


def test_misere_kayles_7_12_30_and_huge_heaps(srv):
    doc = srv.get("/v1/octal/misere-quotient?code=0.77&max_heap=200").json()
    t, p, image = doc["table"], set(doc["p_positions"]), quotient_image(doc)
    # misère Kayles' single-heap P-positions: 1, 4, 9, 12, 20 and no other
    assert [h for h in range(1, 201) if doc["heap_images"][h] in p] == [1, 4, 9, 12, 20]

    def is_p(heaps):
        e = 0
        for h in heaps:
            e = t[e][image(h)]
        return e in p

    for heaps in ([7, 12, 30], [10**11 + 1, 123456789012, 7], [2**62, 3, 10**12 + 5]):
        r = srv.post_json("/v1/octal", {"code": "0.77", "heaps": [str(h) for h in heaps],
                                        "misere": True, "all_winning_moves": True,
                                        "max_moves": 50}).json()
        q = r["misere_quotient"]
        assert q["complete"] and q["order"] == 40, r
        assert r["winner"] == ("second" if is_p(heaps) else "first"), (heaps, r)
        for m in r["winning_moves"]:  # replayed: a P-position by the quotient
            leaves = [int(x) for x in m["leaves"]]
            assert sum(leaves) + m["take"] == heaps[m["heap"]]
            assert is_p(heaps[:m["heap"]] + heaps[m["heap"] + 1:] + leaves), (heaps, m)
    # and small sums against the brute force of this file
    br = Brute([lambda h: octal_options([0, 7, 7], h)])
    rng = random.Random(77)
    for _ in range(20):
        heaps = [rng.randrange(0, 12) for _ in range(rng.randrange(1, 4))]
        r = srv.post_json("/v1/octal", {"code": "0.77", "heaps": heaps, "misere": True,
                                        "all_winning_moves": True}).json()

        def after(m, heaps=heaps):
            rest = heaps[:m["heap"]] + heaps[m["heap"] + 1:]
            return [(0, x) for x in rest + m["leaves"]]

        check_answer(br, [(0, h) for h in heaps], r, after)
