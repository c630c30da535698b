#!/usr/bin/env python3
"""Konane boards for the outcome refusal's scale (src/games/ruleset.c,
GR_RS_OUTCOME_SHIFT_KONANE; bench/RESULTS.md, "Konane's outcome refusal"):
checkered openings of 5x5, 5x6, 6x6 and 6x7 with one to three holes, random
6x6 and 5x5 boards, and the 6x6 board refused at the defaults before the
scale -- seeded, one a line, for bench/rules_forecast.c:
    python3 bench/konane_openings.py | build/bench/rules_forecast 80001 10000000 outcome
(80,001: the probe of a request at the default budget of 8 * 10^6 nodes).
The forecast column against the outcome nodes is the ratio the scale
rests on."""
import random

rng = random.Random(4507)
out = []
for r, c in ((5, 5), (5, 6), (6, 6), (6, 7)):
    for _ in range(5):
        b = [["xo"[(i + j) % 2] for j in range(c)] for i in range(r)]
        for _ in range(rng.choice((1, 2, 2, 3))):
            b[rng.randrange(r)][rng.randrange(c)] = "."
        out.append(f"konane {r} {c} " + "".join("".join(row) for row in b))
for r, c in ((5, 5), (6, 6)):
    for _ in range(4):
        out.append(f"konane {r} {c} " + "".join(rng.choices("xo.", (4, 4, 1), k=r * c)))
out.append("konane 6 6 xoxoxooxoxoxxoxoxoox.x.xxoxoxooxoxox")
print("\n".join(out))
