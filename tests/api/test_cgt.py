"""POST /v1/cgt against the definitions: random game expressions are played
out by exhaustive search in Python (Left first, Right first), and the
service's canonical forms must agree on outcomes and on equality (two games
print the same value exactly when G - H is a second-player win).  Then
CGSuite's notation, means and temperatures of known games, and the errors."""
import functools
import random

from harness import expect_problem

CGT = "/v1/cgt"


def random_game(rng, birthday):
    """A game tree of at most this birthday, as (left, right) tuples."""
    if birthday == 0:
        return ((), ())
    side = lambda: tuple(random_game(rng, rng.randrange(birthday))
                         for _ in range(rng.randrange(3)))
    return (side(), side())


def text(g):
    left, right = g
    return "{" + ",".join(map(text, left)) + "|" + ",".join(map(text, right)) + "}"


def neg(g):
    left, right = g
    return (tuple(map(neg, right)), tuple(map(neg, left)))


@functools.lru_cache(maxsize=None)
def wins(comps, left):
    """Whether the player to move (Left when left) wins the sum comps."""
    for i, (gl, gr) in enumerate(comps):
        for o in (gl if left else gr):
            if not wins(comps[:i] + (o,) + comps[i + 1:], not left):
                return True
    return False


def outcome(comps):
    lf, rf = wins(comps, True), wins(comps, False)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(lf, rf)]


def test_against_exhaustive_search(srv):
    rng = random.Random(29)
    games = [random_game(rng, rng.randrange(1, 4)) for _ in range(40)]
    values = []
    for g in games:
        r = srv.post_json(CGT, {"expression": text(g)}).json()
        assert r["outcome"] == outcome((g,)), (text(g), r)
        values.append(r["value"])
        # the printed value reads back as the same game
        again = srv.post_json(CGT, {"expression": r["value"]}).json()
        assert again["value"] == r["value"] and again["outcome"] == r["outcome"]
    for i in range(0, len(games), 3):
        for j in range(len(games)):
            same = outcome((games[i], neg(games[j]))) == "P"
            assert (values[i] == values[j]) == same, (text(games[i]), text(games[j]))
    for i in range(0, len(games), 4):
        j = (i * 7 + 3) % len(games)
        expr = "(" + text(games[i]) + ") + (" + text(games[j]) + ")"
        r = srv.post_json(CGT, {"expression": expr}).json()
        assert r["outcome"] == outcome((games[i], games[j])), (expr, r)
        d = srv.post_json(CGT, {"expression": values[i] + " - (" + values[i] + ")"}).json()
        assert d["value"] == "0" and d["outcome"] == "P"


def test_known_values(srv):
    cases = {
        "{0|}": "1", "{|0}": "-1", "{0|0}": "*", "{0|*}": "^", "{*|0}": "v",
        "{1|0}": "{1|0}", "{1/2|1}": "3/4", "{1|-1}": "\u00b11", "1+*": "1*",
        "1/2+*": "1/2*", "1+^": "1^", "^+*": "^*", "^+^": "^^", "^+^+^": "^3",
        "*2+*3": "*", "-3/4": "-3/4", "3/8": "3/8", "{1, * | -1/2} + ^ - *2": "{1^*2|-1/2^*2}",
        "9/8+*": "9/8*", "73/16+v9*8": "73/16v9*8", "{0||0|-3/2}": "Tiny(3/2)",
        "{3||2+*|1+*}": "{3||2*|1*}", "{^^^|vv}": "{^3|vv}",
        " ( 1 + - 2 ) ": "-1",
    }
    for expr, want in cases.items():
        r = srv.post_json(CGT, {"expression": expr}).json()
        assert r["value"] == want, (expr, r)


def test_cgsuite_notation(srv):
    """Issue 38, item 8: CGSuite's +-, whitespace inside compact groups, and
    printed values that read back as themselves."""
    value = lambda e: srv.post_json(CGT, {"expression": e}).json()["value"]
    for expr, want in [("+-1", "\u00b11"), ("3+-1", "{4|2}"), ("3\u00b11", "{4|2}"),
                       ("3 + -1", "2"), ("123 v 58 *", "123v58*"), ("-1^^", "-1^^"),
                       ("-13^3*", "-13^3*"), ("{1^^|-1^^}", "{1^^|-1^^}"),
                       ("-(1^^)", "-1vv"), ("-1^^ - (-1 + ^^)", "0")]:
        assert value(expr) == want, expr
    # values printed by the service, read back: the same game
    rng = random.Random(38)
    for _ in range(60):
        parts = [f"{rng.randrange(-20, 21)}/{2 ** rng.randrange(3)}",
                 rng.choice(["", "^", "v", "^^", "vv", "^3", "v4"]),
                 rng.choice(["", "*", "*2"])]
        expr = "{" + "".join(parts) + "|" + text(random_game(rng, 2)) + "} + " + "".join(parts)
        first = value(expr)
        assert value(first) == first, (expr, first)
        assert value(f"({first}) - ({expr})") == "0", (expr, first)


def test_answer_fields(srv):
    r = srv.post_json(CGT, {"expression": "{2|-1}"}).json()
    assert r == {"value": "{2|-1}", "outcome": "N", "mean": "1/2", "temperature": "3/2",
                 "left_options": ["2"], "right_options": ["-1"]}
    r = srv.post_json(CGT, {"expression": "{1|-1}"}).json()
    assert (r["mean"], r["temperature"]) == ("0", "1")
    for expr, mean, temp in [("3", "3", "-1"), ("1/2", "1/2", "-1/2"), ("3/4", "3/4", "-1/4"),
                             ("*", "0", "0"), ("1^*", "1", "0")]:
        r = srv.post_json(CGT, {"expression": expr}).json()
        assert (r["mean"], r["temperature"]) == (mean, temp), (expr, r)
    r = srv.post_json(CGT, {"expression": "*3"}).json()
    assert r["left_options"] == ["0", "*", "*2"] and r["right_options"] == ["0", "*", "*2"]
    assert r["outcome"] == "N"


def test_errors(srv):
    for expr, offset in [("1 +", 3), ("{1|", 3), ("3/5", 2), ("(1", 2), ("1 2", 2), ("", 0)]:
        p = expect_problem(srv.post_json(CGT, {"expression": expr}), 400, "/expression")
        assert f"byte {offset}" in p["detail"], (expr, p)
    expect_problem(srv.post_json(CGT, {"expression": "(" * 300 + "1" + ")" * 300}), 422,
                   "/expression")
    expect_problem(srv.post_json(CGT, {"expression": "99999999999"}), 422, "/expression")
    expect_problem(srv.post_json(CGT, {"expression": "65536 + 1"}), 422, "/expression")
    # chains of non-number moves up to 1000: ^999 has 1000, ^1000 one more
    assert srv.post_json(CGT, {"expression": "^999"}).json()["value"] == "^999"
    expect_problem(srv.post_json(CGT, {"expression": "^1000"}), 422, "/expression")
    expect_problem(srv.post_json(CGT, {"expression": "{0|^999}"}), 422, "/expression")
    expect_problem(srv.post_json(CGT, {"expression": 3}), 400, "/expression")
    expect_problem(srv.post_json(CGT, {}), 400)
    expect_problem(srv.post_json(CGT, {"expression": "0", "extra": 1}), 400, "/extra")
