"""Misère quotients against figures published or computed by others: each
figure below was read in the source named beside it (never derived from
grundyd), and the GET document must agree with it.  docs/misere.md,
"Checked against published figures and a peer", says how each was found
and which figures could not be found to check."""
from misere_check import check_quotient_algebra

# 0.115's quotient is learnt from outcomes (several seconds here, more under
# a sanitizer): the analysis limit is raised so that a slow build is not
# answered by the 422 of a limit.
SERVER_ARGS = ("--max-analysis-seconds", "600")


def quotient(srv, query):
    r = srv.get("/v1/%s/misere-quotient?%s" % ("subtraction" if "subtraction_set" in query
                                               else "octal", query), timeout=600)
    assert r.status == 200, (query, r.status, r.body[:300])
    return r.json()


def p_heaps(doc, heaps):
    """The heaps among `heaps` that are misère P-positions on their own."""
    p, img = set(doc["p_positions"]), doc["heap_images"]
    return [h for h in heaps if img[h] in p]


def generated(doc, heaps):
    """Whether the images of these heaps generate the whole quotient."""
    t, img = doc["table"], doc["heap_images"]
    seen, todo = {doc["identity"]}, [doc["identity"]]
    while todo:
        e = todo.pop()
        for h in heaps:
            f = t[e][img[h]]
            if f not in seen:
                seen.add(f)
                todo.append(f)
    return len(seen) == doc["order"]


def test_0312_plambeck(srv):
    # T. Plambeck, "The game .312", plambeck.org/oldhtml/mathematics/games/
    # misere/quaternary/0312/index.htm: "Status: SOLVED"; the single-heap
    # genus sequence 1^{03131} 2^{20} 0^{02} 2^{1420} 0^{02} 1^{13}, periodic
    # of length two from there: the misère nim value (the first exponent)
    # is 0 at heaps 1, 3, 5 and then at every odd heap, so the single-heap
    # P-positions are the odd heaps.  "Except for the heap of size 4, we can
    # pretend that individual games are adders ... (period 2)" and "We can
    # pretend that A + A = :0", A the heap of 4.
    doc = quotient(srv, "code=0.312&max_heap=40")
    check_quotient_algebra(doc)
    assert doc["complete"] and doc["pretending_period"]["period"] == 2
    assert p_heaps(doc, range(1, 41)) == list(range(1, 41, 2))
    img = doc["heap_images"]
    assert doc["table"][img[4]][img[4]] == doc["identity"]
    assert img.count(img[4]) == 1  # heap 4 alone behaves as no other heap


# The Woolly Mammoths and Stalking, the only quaternary codes of up to three
# digits with heaps that are not misère nim heaps (next test).
NOT_NIM_HEAPS = {"0.31", "0.121", "0.123", "0.131", "0.201", "0.211", "0.312", "0.331"}


def test_quaternary_codes_tame(srv):
    # T. Plambeck, "Stalking the Woolly Mammoths", plambeck.org/oldhtml/
    # mathematics/games/misere/quaternary/index.htm: Winning Ways' table
    # shows .31 (Stalking) to be the only two-digit quaternary code (digits
    # 0-3) with a heap that is not a misère nim heap, and "all [three-digit
    # quaternaries] have only misère nim-heaps as values, except for the
    # seven Woolly Mammoths .121, .123, .131, .201, .211, .312 and .331".
    # Sums of misère nim heaps have misère Nim's quotient: tame.  (The
    # converse is not claimed there: .121, .131, .201, .211, .331 and .31
    # have tame quotients too, with heaps that are not nim heaps.)
    codes = ["0.%d%d" % (a, b) for a in range(4) for b in range(1, 4)]
    codes += ["0.%d%d%d" % (a, b, c) for a in range(4) for b in range(4) for c in range(1, 4)]
    checked = 0
    for code in codes:
        if code in NOT_NIM_HEAPS:
            continue
        doc = quotient(srv, "code=%s&max_heap=40" % code)
        assert doc["tame"] and doc["complete"], (code, doc["order"])
        assert doc["order"] in (2, 6, 10), code
        checked += 1
    assert checked == len(codes) - len(NOT_NIM_HEAPS)


def test_subtraction_games_tame(srv):
    # The same page: "Subtraction games always reduce to nim heaps in misère
    # play (see Winning Ways)": every subtraction set's quotient is tame.
    for mask in range(1, 64):
        s = [k for k in range(1, 7) if mask >> (k - 1) & 1]
        doc = quotient(srv, "subtraction_set=%s&max_heap=40" % ",".join(map(str, s)))
        assert doc["tame"], (s, doc["order"])


def test_single_heaps_cgsuite(srv):
    # CGSuite's own test table (github.com/aaron-siegel/cgsuite,
    # lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala, commit
    # e909ab8b): MisereNimValue of heaps 0..20 of Kayles, Dawson's Kayles and
    # 0.3F; a heap is a misère P-position exactly when that value is 0.
    cgsuite = {
        "0.77": [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0],
        "0.07": [1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1, 3],
        "0.3F": [1, 0, 2, 1, 0, 2, 1, 0, 4, 1, 0, 4, 1, 0, 6, 1, 0, 6, 1, 0, 6],
    }
    for code, values in cgsuite.items():
        want = [h for h in range(21) if values[h] == 0]
        got = [h for h in range(21) if srv.post_json("/v1/octal", {
            "code": code, "heaps": [h], "misere": True}).json()["winner"] == "second"]
        assert got == want, code
        if code != "0.3F":  # whose quotient grundyd does not build (a split)
            assert p_heaps(quotient(srv, "code=%s&max_heap=20" % code), range(21)) == want
    # MisereSolver's quotient of Kayles, complete at heap 168 (below), has
    # no single-heap P-position but 1, 4, 9, 12 and 20; nor has grundyd's.
    doc = quotient(srv, "code=0.77&max_heap=200")
    assert doc["complete"] and p_heaps(doc, range(201)) == [1, 4, 9, 12, 20]


# Siegel's MisereSolver (CGSuite's lib/core/src/main/scala/org/cgsuite/core/
# misere/solver, commit e909ab8b, built apart and run heap by heap to
# max_heap, bench/RESULTS.md "Misère quotients against a peer"): the order
# and |P| of the quotient of heaps <= max_heap, the pretending period where
# its images repeat within max_heap by the Guy-Smith bound, and the heaps
# that generate its minimal presentation.  Each quotient was isomorphic to
# grundyd's, P-portion and heap images included.
MISERE_SOLVER = [
    # code, max_heap, order, |P|, (preperiod, period) or None, generators
    ("0.75", 22, 8, 2, (8, 2), [1, 2, 5]),
    ("0.77", 168, 40, 9, (71, 12), [1, 2, 5, 9, 12, 25, 27]),
    ("0.34", 32, 12, 3, (7, 8), [1, 4, 10]),
    ("0.123", 23, 20, 5, (5, 5), [1, 3, 8, 9]),
    ("0.712", 21, 14, 4, (3, 6), [1, 2, 5]),
    ("0.512", 47, 8, 2, (16, 6), [1, 4, 9]),
    ("0.716", 51, 14, 4, (22, 2), [1, 2, 5]),
    ("0.144", 47, 30, 5, (12, 10), [1, 5, 9, 14, 20]),
    ("0.152", 149, 34, 6, (25, 48), [1, 4, 10, 21, 24]),
    ("0.53", 62, 16, 3, (21, 9), [1, 3, 9, 11, 14]),
    ("4.56", 32, 8, 2, (11, 4), [1, 3, 6]),
    ("4.74", 22, 8, 2, (8, 2), [1, 2, 5]),
    ("0.31", 12, 6, 2, (3, 2), [1, 2]),
    ("0.312", 17, 12, 3, (5, 2), [1, 2, 4]),
    ("0.115", 60, 42, 12, None, [1, 8, 19, 25, 28, 32, 38, 40, 42]),
    ("0.15", 80, 42, 12, None, [1, 6, 14, 18, 20, 23, 27, 29, 30]),
    ("0.44", 100, 40, 9, None, [3, 5, 11, 19, 25, 51, 55]),
    ("0.07", 25, 144, 23, None, [2, 4, 14, 21, 22, 24, 25]),
]


def test_against_misere_solver(srv):
    for code, n, order, p, period, gens in MISERE_SOLVER:
        doc = quotient(srv, "code=%s&max_heap=%d" % (code, n))
        assert (doc["order"], len(doc["p_positions"])) == (order, p), code
        if period is not None:
            pp = doc["pretending_period"]
            assert doc["complete"] and (pp["preperiod"], pp["period"]) == period, code
        assert generated(doc, gens), code
        # the same minimal generating heaps, in the same order
        assert [g["heap"] for g in doc["presentation"]["generators"]] == gens, code
