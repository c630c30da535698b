"""Misère subtraction games past the heaps a quotient lists: a complete
quotient answers any pile through its period (issue 35, item 4).

The reference is the quotient GET's own document (the heap images, the
multiplication table, the P-portion and the period), itself checked
against a brute-force misère search of single piles; max_take 3 is also
checked against the same game written as octal 0.333."""
import functools

N63 = 2**63 - 1


def quotient(srv, query):
    r = srv.get(f"/v1/subtraction/misere-quotient?{query}&max_heap=200", timeout=600)
    assert r.status == 200, r.body
    q = r.json()
    assert q["complete"] is True
    return q


def image(q, h):
    """The image of a pile of h: listed, or by the quotient's period."""
    imgs = q["heap_images"]
    if h < len(imgs):
        return imgs[h]
    pre, per = q["pretending_period"]["preperiod"], q["pretending_period"]["period"]
    assert pre + per <= len(imgs)
    return imgs[pre + (h - pre) % per]


def product(q, piles):
    e = q["identity"]
    for h in piles:
        e = q["table"][e][image(q, h)]
    return e


def is_p(q, piles):
    return product(q, piles) in q["p_positions"]


def brute_p(subset, h):
    """Misère P-position: a single pile of h (the player unable to move wins)."""
    @functools.lru_cache(maxsize=None)
    def p(n):
        opts = [n - s for s in subset if s <= n]
        return bool(opts) and all(not p(m) for m in opts)
    return p(h)


def check(srv, q, body):
    """Winner and every move's outcome (all_moves) against the quotient."""
    piles = [int(h) for h in body["piles"]]
    r = srv.post_json("/v1/subtraction", dict(body, misere=True, all_moves=True))
    assert r.status == 200, r.body
    a = r.json()
    p = is_p(q, piles)
    assert a["winner"] == ("second" if p else "first"), (piles, a)
    moves = a["moves"]
    assert a["move_count"] == len(moves)
    for e in moves:
        m = e["move"]
        i, frm, to = m["pile"], int(m["from"]), int(m["to"])
        assert frm == piles[i] and frm - to == m["take"]
        after = piles[:i] + ([to] if to else []) + piles[i + 1:]
        assert e["outcome"] == ("win" if is_p(q, after) else "lose"), (m, e)
    if not p:
        m = a["winning_move"]
        i, to = m["pile"], int(m["to"])
        assert is_p(q, piles[:i] + ([to] if to else []) + piles[i + 1:])
    return a


def test_the_quotient_documents_agree_with_brute_force(srv):
    for query, subset in (("max_take=3", (1, 2, 3)), ("subtraction_set=2,5,7", (2, 5, 7))):
        q = quotient(srv, query)
        for h in range(200):
            assert is_p(q, [h]) == brute_p(subset, h), (query, h)


def test_max_take_3_at_2_63(srv):
    q = quotient(srv, "max_take=3")
    a = check(srv, q, {"piles": [str(N63)], "max_take": 3})
    # the same game as octal 0.333: the same winner and the same first move
    o = srv.post_json("/v1/octal", {"code": "0.333", "heaps": [str(N63)], "misere": True}).json()
    assert o["winner"] == a["winner"]
    assert int(o["winning_move"]["leaves"][0]) == int(a["winning_move"]["to"])


def test_257_at_1000005(srv):
    q = quotient(srv, "subtraction_set=2,5,7")
    check(srv, q, {"piles": [1000005], "subtraction_set": [2, 5, 7]})


def test_257_every_pile_to_a_million_by_residue(srv):
    """Past the preperiod a pile's image is its residue's; one pile of
    every residue just below 10^6, alone and all together, and the small
    piles the table lists, all together."""
    q = quotient(srv, "subtraction_set=2,5,7")
    per = q["pretending_period"]["period"]
    top = [10**6 - k for k in range(per)]
    for h in top:
        check(srv, q, {"piles": [h], "subtraction_set": [2, 5, 7]})
    check(srv, q, {"piles": top, "subtraction_set": [2, 5, 7]})
    check(srv, q, {"piles": list(range(1, 40)) + top[:3], "subtraction_set": [2, 5, 7]})
