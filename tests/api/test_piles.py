"""Subtraction and octal games through the API.

Values against a brute-force mex in Python, the published tables (Kayles
A002186, Dawson's chess A002187), huge piles as strings, every listed move
replayed through the API to a position of value 0, bad input with pointers.
"""
SERVER_ARGS = ["--max-octal-values", "32768"]  # the bound the expectations below use

import random

from harness import expect_problem, mex, octal_values

HUGE = 2**63 - 1

KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7,
          4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7,
          4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7,
          4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7]
DAWSON_CHESS = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1,
                1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3,
                3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3,
                7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3,
                0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4]


def brute_subtraction(s, n):
    g = []
    for i in range(n):
        g.append(mex({g[i - t] for t in s if t <= i}))
    return g


def num(x):
    return int(x)


def post(srv, path, body, status=200):
    r = srv.post_json(path, body)
    assert r.status == status, r
    return r.json()


# ---- subtraction ---------------------------------------------------------

def test_subtraction_values_against_brute_force(srv):
    rng = random.Random(6)
    for _ in range(40):
        s = sorted({rng.randrange(1, 12) for _ in range(rng.randrange(1, 5))})
        g = brute_subtraction(s, 120)
        piles = list(range(120))
        r = post(srv, "/v1/subtraction", {"piles": piles, "subtraction_set": s})
        assert r["pile_grundy"] == g, (s, r)
        x = 0
        for v in g:
            x ^= v
        assert r["grundy"] == x
        assert r["winner"] == ("first" if x else "second")
        p = r["period"]
        e, per = p["preperiod"], p["period"]
        assert all(g[n] == g[n + per] for n in range(e, 120 - per)), (s, p)


def test_subtraction_known_periods(srv):
    for s, per in (([1, 2], 3), ([1, 3], 2), ([1, 3, 4], 7), ([2, 5, 7], 22)):
        r = post(srv, "/v1/subtraction", {"piles": [1], "subtraction_set": s})
        assert r["period"]["period"] == per, (s, r)
    r = post(srv, "/v1/subtraction", {"piles": [1, 2, 3], "subtraction_set": [3, 1, 4, 1]})
    assert r["period"] == {"preperiod": 0, "period": 7}


def test_subtraction_max_take_is_seed_004(srv):
    rng = random.Random(4)
    for _ in range(30):
        k = rng.choice([1, 2, 3, 7, 100, 2**40, HUGE])
        piles = [rng.randrange(0, 2**63) for _ in range(rng.randrange(1, 6))]
        r = post(srv, "/v1/subtraction", {"piles": [str(p) for p in piles], "max_take": str(k)})
        assert [num(v) for v in r["pile_grundy"]] == [p % (k + 1) for p in piles]
        assert num(r["period"]["period"]) == k + 1 and r["period"]["preperiod"] == 0


def replay_subtraction(srv, body, move):
    piles = [num(p) for p in body["piles"]]
    i = move["pile"]
    assert num(move["from"]) == piles[i]
    assert num(move["to"]) == piles[i] - num(move["take"])
    rule = {k: body[k] for k in ("max_take", "subtraction_set") if k in body}
    if "subtraction_set" in rule:
        assert num(move["take"]) in rule["subtraction_set"]
    else:
        assert 1 <= num(move["take"]) <= num(rule["max_take"])
    piles[i] = num(move["to"])
    after = post(srv, "/v1/subtraction", dict(rule, piles=[str(p) for p in piles]))
    assert after["grundy"] == 0 and after["winner"] == "second", (body, move, after)
    assert after["winning_move"] is None


def test_subtraction_moves_replay_with_huge_piles(srv):
    rng = random.Random(66)
    for it in range(25):
        s = sorted({rng.randrange(1, 30) for _ in range(rng.randrange(1, 6))})
        piles = [rng.choice([rng.randrange(0, 200), HUGE - rng.randrange(0, 10**6)])
                 for _ in range(rng.randrange(1, 5))]
        body = {"piles": [str(p) for p in piles], "subtraction_set": s,
                "all_winning_moves": True}
        r = post(srv, "/v1/subtraction", body)
        if r["grundy"] == 0:
            assert r["winning_move"] is None and r["winning_move_count"] == 0
            continue
        assert r["winning_move"] == r["winning_moves"][0]
        assert r["winning_move_count"] == len(r["winning_moves"])
        for m in r["winning_moves"]:
            replay_subtraction(srv, body, m)
    body = {"piles": [str(HUGE), "12345678901234567"], "max_take": 1000}
    r = post(srv, "/v1/subtraction", body)
    replay_subtraction(srv, body, r["winning_move"])


def test_subtraction_bad_input(srv):
    cases = [
        ({"piles": [1], "max_take": 0}, 400, "/max_take"),
        ({"piles": [1], "subtraction_set": [1, 0]}, 400, "/subtraction_set/1"),
        ({"piles": [-1], "max_take": 2}, 400, "/piles/0"),
        ({"piles": [3, "-5"], "max_take": 2}, 400, "/piles/1"),
        ({"piles": [1], "max_take": 2, "subtraction_set": [1]}, 400, "/subtraction_set"),
        ({"piles": [1]}, 400, ""),
        ({"max_take": 2}, 400, None),
        ({"piles": [1.5], "max_take": 2}, 400, "/piles/0"),
        ({"piles": [1], "max_take": 2, "misere": 1}, 400, "/misere"),
        ({"piles": [1], "subtraction_set": [1000001]}, 422, "/subtraction_set/0"),
        ({"piles": [1], "subtraction_set": list(range(1, 10002))}, 422, "/subtraction_set"),
        ({"piles": [str(2**63)], "max_take": 2}, 400, "/piles/0"),
    ]
    for body, status, pointer in cases:
        expect_problem(srv.post_json("/v1/subtraction", body), status, pointer)


def test_subtraction_without_period_answers_small_piles(srv):
    s = [10**6 - 7 * i for i in range(10000)]  # too big for the period search
    r = post(srv, "/v1/subtraction", {"piles": [5, 999], "subtraction_set": s})
    assert r["period"] is None and r["grundy"] == 0
    p = expect_problem(srv.post_json("/v1/subtraction", {"piles": [5, str(HUGE)],
                                                          "subtraction_set": s}), 422, "/piles/1")
    assert "period" in p["detail"]


def test_subtraction_long_period(srv):
    # {10^6}: g(n) = floor(n / 10^6) mod 2, period 2*10^6 found by windows of 10^6.
    r = post(srv, "/v1/subtraction", {"piles": [str(HUGE), 1999999], "subtraction_set": [10**6]})
    assert r["period"] == {"preperiod": 0, "period": 2 * 10**6}
    assert r["pile_grundy"] == [(HUGE // 10**6) % 2, 1]


# ---- octal ---------------------------------------------------------------

def test_octal_published_tables(srv):
    r = post(srv, "/v1/octal", {"code": "0.77", "heaps": list(range(len(KAYLES)))})
    assert r["heap_grundy"] == KAYLES
    assert r["period"] == {"preperiod": 71, "period": 12}
    assert octal_values("0.77", len(KAYLES)) == KAYLES
    r = post(srv, "/v1/octal", {"code": "0.137", "heaps": list(range(len(DAWSON_CHESS)))})
    assert r["heap_grundy"] == DAWSON_CHESS
    assert r["period"] == {"preperiod": 52, "period": 34}
    r = post(srv, "/v1/octal", {"code": "0.07", "heaps": list(range(1, len(DAWSON_CHESS) + 1))})
    assert r["heap_grundy"] == DAWSON_CHESS  # Dawson's Kayles g(n) = A002187(n-1)
    assert r["period"] == {"preperiod": 53, "period": 34}
    r = post(srv, "/v1/octal", {"code": "0.77", "heaps": [str(HUGE)]})
    assert r["heap_grundy"] == [KAYLES[71 + (HUGE - 71) % 12]]
    r = post(srv, "/v1/octal", {"code": "0.3333", "heaps": [str(HUGE)]})
    assert r["heap_grundy"] == [HUGE % 5] and r["period"] == {"preperiod": 0, "period": 5}


def test_octal_random_codes_against_brute_force(srv):
    # A code whose period is not confirmed costs the full 32,768-value
    # table (about a second), so only a dozen random codes here; the unit
    # tests compare hundreds of codes with brute force.
    rng = random.Random(7)
    for _ in range(12):
        code = "0." + "".join(str(rng.randrange(8)) for _ in range(rng.randrange(1, 4)))
        g = octal_values(code, 90)
        r = post(srv, "/v1/octal", {"code": code, "heaps": list(range(90))})
        assert r["heap_grundy"] == g, code


def replay_octal(srv, body, move):
    heaps = [num(h) for h in body["heaps"]]
    i = move["heap"]
    leaves = [num(x) for x in move["leaves"]]
    assert all(x >= 1 for x in leaves) and leaves == sorted(leaves)
    assert sum(leaves) + move["take"] == heaps[i]
    d = int(body["code"][1 + move["take"]])
    assert d & (1 << len(leaves)), (body["code"], move)
    heaps[i:i + 1] = leaves
    after = post(srv, "/v1/octal", {"code": body["code"], "heaps": [str(h) for h in heaps]})
    assert after["grundy"] == 0 and after["winning_move"] is None, (body, move, after)


def test_octal_moves_replay_with_huge_heaps(srv):
    rng = random.Random(77)
    codes = ["0.77", "0.07", "0.137", "0.4", "0.333", "0.51", "0.35"]
    for it in range(30):
        code = codes[it % len(codes)]
        heaps = [rng.choice([rng.randrange(1, 60), HUGE - rng.randrange(0, 10**9)])
                 for _ in range(rng.randrange(1, 4))]
        body = {"code": code, "heaps": [str(h) for h in heaps], "all_winning_moves": True,
                "max_moves": 20}
        r = post(srv, "/v1/octal", body)
        if r["grundy"] == 0:
            assert r["winning_move"] is None and r["winning_move_count"] == 0
            continue
        assert r["winning_move"] == r["winning_moves"][0]
        assert num(r["winning_move_count"]) >= len(r["winning_moves"])
        for m in r["winning_moves"][:5]:
            replay_octal(srv, body, m)


def test_octal_move_counts_small(srv):
    # Every winning move of small Kayles positions, against brute force.
    g = octal_values("0.77", 40)
    rng = random.Random(8)
    for _ in range(20):
        heaps = [rng.randrange(0, 40) for _ in range(rng.randrange(1, 4))]
        total = 0
        for h in heaps:
            total ^= g[h]
        expect = []
        for i, h in enumerate(heaps):
            want = g[h] ^ total
            for j in (1, 2):
                if j == h and want == 0:
                    expect.append((i, j, ()))
                if j < h and g[h - j] == want:
                    expect.append((i, j, (h - j,)))
                for a in range(1, (h - j) // 2 + 1):
                    if g[a] ^ g[h - j - a] == want:
                        expect.append((i, j, (a, h - j - a)))
        r = post(srv, "/v1/octal", {"code": "0.77", "heaps": heaps, "all_winning_moves": True})
        got = [(m["heap"], m["take"], tuple(m["leaves"])) for m in r["winning_moves"]]
        assert got == expect, (heaps, got, expect)
        assert r["winning_move_count"] == len(expect)


def test_octal_bad_input(srv):
    cases = [
        ({"code": "0.7G", "heaps": [1]}, 400, "/code"),
        ({"code": "0.78 ", "heaps": [1]}, 400, "/code"),
        ({"code": "Kayles", "heaps": [1]}, 400, "/code"),
        ({"code": "77", "heaps": [1]}, 400, "/code"),
        ({"code": ".77", "heaps": [1]}, 400, "/code"),
        ({"code": "0.", "heaps": [1]}, 400, "/code"),
        ({"code": 0.77, "heaps": [1]}, 400, "/code"),
        ({"code": "0.77", "heaps": [-2]}, 400, "/heaps/0"),
        ({"code": "0.77"}, 400, None),
        ({"heaps": [1]}, 400, None),
        ({"code": "0." + "3" * 65, "heaps": [1]}, 422, "/code"),
        ({"code": "0.6", "heaps": [3, 100000]}, 422, "/heaps/1"),
    ]
    for body, status, pointer in cases:
        expect_problem(srv.post_json("/v1/octal", body), status, pointer)


def test_octal_unconfirmed_small_heaps(srv):
    r = post(srv, "/v1/octal", {"code": "0.6", "heaps": [30000]})
    assert r["period"] is None and r["values_computed"] == 32768


def octal_count_huge(code, table, e, p, h, target):
    """Moves from one huge heap to value target, counted in Python with big
    integers through the period (independently of the server's caches)."""
    def G(n):
        return table[n] if n < len(table) else table[e + (n - e) % p]
    digits = [0] + [int(ch) for ch in code[2:]]
    count = 0
    for j in range(1, len(digits)):
        d = digits[j]
        if d & 2 and G(h - j) == target:
            count += 1
        if d & 4:
            c = h - j
            half = c // 2
            start = len(table)  # explicit below, by residue above
            for a in range(1, start):
                if G(a) ^ G(c - a) == target:
                    count += 1
            for r in range(p):
                a0 = start + r
                if G(a0) ^ G(c - a0) == target:
                    count += (half - a0) // p + 1
    return count


def test_octal_huge_counts_against_python(srv):
    rng = random.Random(99)
    for code in ("0.137", "0.07", "0.77", "0.4", "0.35"):
        info = post(srv, "/v1/octal", {"code": code, "heaps": [1]})
        e, p = info["period"]["preperiod"], info["period"]["period"]
        table = octal_values(code, 2 * e + 3 * p + 10)
        for _ in range(3):
            h = HUGE - rng.randrange(0, 10**12)
            r = post(srv, "/v1/octal", {"code": code, "heaps": [str(h)],
                                        "all_winning_moves": True, "max_moves": 3})
            g = r["heap_grundy"][0]
            want = octal_count_huge(code, table, e, p, h, 0) if g else 0
            assert num(r["winning_move_count"]) == want, (code, h, r)
