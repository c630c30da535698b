"""Misère quotients learnt when a heap splits elements (docs/misere.md,
"Splits: the learner"): Dawson's Kayles (0.07) to heap 25 and 0.15, whose
rebuild from the generators stops, through GET .../misere-quotient: the
algebra of each document and its predictions against the brute force of
test_misere.py."""
import random

from test_misere import Brute, octal_options


def check_algebra(doc):
    """Identity, commutative, associative (Light's test over the heaps'
    images, which generate the monoid), reduced."""
    m, t = doc["order"], doc["table"]
    assert len(t) == m and all(len(row) == m for row in t) and doc["identity"] == 0
    for a in range(m):
        assert t[0][a] == a
        for b in range(a + 1, m):
            assert t[a][b] == t[b][a]
    gens = sorted(set(doc["heap_images"]))
    for g in gens:
        for a in range(m):
            ag = t[a][g]
            for b in range(m):
                assert t[ag][b] == t[a][t[g][b]]
    p = set(doc["p_positions"])
    for a in range(m):
        for b in range(a + 1, m):
            assert any((t[a][c] in p) != (t[b][c] in p) for c in range(m))


def quotient_says_p(doc, heaps):
    """Whether the document's quotient calls the position of these heaps a
    second-player win: the product of the heaps' images lies in P."""
    t, img = doc["table"], doc["heap_images"]
    e = 0
    for h in heaps:
        e = t[e][img[h]]
    return e in set(doc["p_positions"])


def predicts(doc, br, heaps):
    return quotient_says_p(doc, heaps) == br.is_p([(0, h) for h in heaps])


def check_against_brute(doc, digits, seed, top):
    """The document's algebra, and its outcomes of 150 random positions of
    1 to 3 heaps below top against brute force (which it returns)."""
    check_algebra(doc)
    br = Brute([lambda h: octal_options(digits, h)])
    rng = random.Random(seed)
    for _ in range(150):
        heaps = [rng.randrange(0, top) for _ in range(rng.randrange(1, 4))]
        assert predicts(doc, br, heaps), heaps
    return br


def test_dawson_kayles_to_heap_25(srv):
    r = srv.get("/v1/octal/misere-quotient?code=0.07&max_heap=25")
    assert r.status == 200, r.body
    doc = r.json()
    assert doc["order"] == 144 and len(doc["p_positions"]) == 23
    assert not doc["complete"]
    br = check_against_brute(doc, [0, 0, 7], 7, 12)
    for x in range(0, 4):  # heap 25, where the split is, with a small heap
        assert predicts(doc, br, [25, x]), x


def test_015_complete(srv):
    doc = srv.get("/v1/octal/misere-quotient?code=0.15&max_heap=200").json()
    assert doc["order"] == 42 and len(doc["p_positions"]) == 12
    assert doc["complete"] and doc["pretending_period"]["period"] == 10
    check_against_brute(doc, [0, 1, 5], 15, 16)
    # past the heaps the documents lists, by the period: a POST answers
    r = srv.post_json("/v1/octal", {"code": "0.15", "heaps": ["1000000000001", 3],
                                    "misere": True}).json()
    assert r["misere_quotient"]["complete"], r


def test_a_post_keeps_the_quotient_proven_below_where_it_stops(srv):
    # a POST builds its quotient until complete or to heap 256, within
    # smaller limits than the GET; Dawson's Kayles stops at a split those
    # limits do not reach, and the quotient proven below it still answers
    # positions of smaller heaps (a search of 5 heaps up to 23 passes its
    # own limits): the winner and every winning move by the GET's document
    heaps = [19, 17, 23, 21, 16]
    r = srv.post_json("/v1/octal", {"code": "0.07", "heaps": heaps, "misere": True,
                                    "all_winning_moves": True, "max_moves": 1000})
    assert r.status == 200, r.body
    r = r.json()
    q = r["misere_quotient"]
    assert q is not None and not q["complete"] and q["max_heap"] >= max(heaps), q
    doc = srv.get("/v1/octal/misere-quotient?code=0.07&max_heap=%d" % q["max_heap"]).json()
    assert r["winner"] == ("second" if quotient_says_p(doc, heaps) else "first")
    assert len(r["winning_moves"]) == r["winning_move_count"] > 0
    for m in r["winning_moves"]:
        leaves = [int(x) for x in m["leaves"]]
        assert sum(leaves) + m["take"] == heaps[m["heap"]]
        assert quotient_says_p(doc, heaps[:m["heap"]] + heaps[m["heap"] + 1:] + leaves), m
    # the same answer from the cache, byte for byte
    again = srv.post_json("/v1/octal", {"code": "0.07", "heaps": heaps, "misere": True,
                                        "all_winning_moves": True, "max_moves": 1000})
    assert again.json() == r
