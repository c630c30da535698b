"""First answers: on a fresh daemon a small heap of any code is answered
from a table grown only as far as the question (a chunk of values, not the
2^25 bound), exactly (a brute-force mex in Python), and the period is then
found in the background: every published period of
tests/data/octal_reference.txt is reached by the background search alone,
and a short period (0.56's) is found while long searches (Grundy's game,
codes with no known period) run beside it.  The waits are liveness bounds,
not timings."""
import os
import random
import time

import harness
from harness import octal_values as brute
from test_octal_sequences import post

NO_SERVER = True
DATA = os.path.join(harness.ROOT, "tests", "data", "octal_reference.txt")
CHUNK = 256  # a heap below 100 grows a table to 256 values


def published():
    out = []
    with open(DATA, encoding="utf-8") as f:
        for line in f:
            if line.startswith("period ") or line.startswith("tperiod "):
                kind, code, e, p = line.split()
                out.append((kind, code, int(e), int(p)))
    return out


def dead_heaps(code):
    """The last heap of the run 0, 1, ... of heaps with no move: the
    trivial table counts heaps from it (see octal_reference.txt)."""
    d = [0] + [int(ch, 16) for ch in code[2:]]
    h = 1
    while True:
        for j in range(1, min(len(d) - 1, h) + 1):
            x, r = d[j], h - j
            if (x & 1 and r == 0) or (x & 2 and r >= 1) or (x & 4 and r >= 2) or (x & 8 and r >= 3):
                return h - 1
        h += 1


def status(srv, code):
    return post(srv, "/v1/octal", {"code": code, "heaps": [1]})


def wait_confirmed(srv, codes, seconds=900):
    left, deadline = set(codes), time.monotonic() + seconds
    answers = {}
    while left:
        assert time.monotonic() < deadline, sorted(left)
        for code in sorted(left):
            r = status(srv, code)
            assert r["period_status"] in ("searching", "confirmed"), (code, r)
            if r["period_status"] == "confirmed":
                answers[code] = r
                left.discard(code)
        time.sleep(0.2)
    return answers


def test_small_heaps_of_any_code_at_once(_):
    srv = harness.Server().start()
    try:
        rng = random.Random(24)
        codes = ["grundy", "0.6", "0.007", "0.106", "0.376", "0.354", "0.F"]
        codes += ["0." + "".join(rng.choice("01234567") for _ in range(rng.randrange(1, 4)))
                  for _ in range(40)]
        # each asked once: a second request may find what the background grew
        codes = list(dict.fromkeys(codes))
        for code in codes:
            heaps = [rng.randrange(0, 60) for _ in range(3)] + [59]
            g = brute(code, 60)
            r = post(srv, "/v1/octal", {"code": code, "heaps": heaps})
            assert r["heap_grundy"] == [g[h] for h in heaps], code
            # a chunk, not the whole table (the old first request computed
            # 2^25 values, or up to the time limit)
            assert r["values_computed"] <= CHUNK, (code, r["values_computed"])
            if r["period"] is None:
                assert r["period_status"] == "searching", (code, r)
        # Grundy's game, heap 5 (the playground's first question)
        assert post(srv, "/v1/octal", {"code": "grundy", "heaps": [5]})["grundy"] == 2
    finally:
        assert srv.stop() == 0


def test_background_reaches_the_published_periods(_):
    srv = harness.Server(args=["--background-threads", "2"]).start()
    try:
        table = published()
        # nontrivial periods (plain heap sizes) are compared exactly; the
        # trivial table counts heaps from the first one with a move
        for _, code, _, _ in table:
            status(srv, code)
        answers = wait_confirmed(srv, [c for _, c, _, _ in table])
        for kind, code, e, p in table:
            period = answers[code]["period"]
            assert period["period"] == p, (code, period)
            if kind == "period":
                assert period["preperiod"] == e, (code, period)
            else:
                dead = dead_heaps(code)
                assert max(period["preperiod"], dead) - dead == e, (code, period)
    finally:
        assert srv.stop() == 0


def test_short_period_found_beside_long_searches(_):
    srv = harness.Server(args=["--max-octal-values", "4194304"]).start()
    try:
        # long searches first: no period within the bound
        for code in ("grundy", "0.6", "0.106", "0.007", "0.3F"):
            status(srv, code)
        time.sleep(0.5)
        r = status(srv, "0.56")
        assert r["period_status"] == "searching"
        # 0.56 is asked last, so served in every other slice
        got = wait_confirmed(srv, ["0.56"])["0.56"]
        assert got["period"] == {"preperiod": 326640, "period": 144}
        m = srv.get("/metrics").body.decode()
        assert "grundyd_background_jobs" in m and "grundyd_background_values_total" in m
    finally:
        assert srv.stop() == 0
