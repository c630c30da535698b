#!/usr/bin/env python3
"""Boards for bench/dom_outcome_calib.c (the Domineering outcome forecast's
calibration, issue 37 item 5), reproducibly: with RECT, every rectangle
from 6x9 to 10x10 (at least 54 cells); then N random boards (seed S) of a
8x9 .. 10x10 frame with cells filled at random so that LO .. HI cells stay
empty.
    python3 bench/dom_outcome_calib.py N S LO HI [RECT] | build/bench/dom_outcome_calib CAP"""
import random
import sys

n, seed, lo, hi = (int(a) for a in sys.argv[1:5])
rnd = random.Random(seed)
if len(sys.argv) > 5:
    for r in range(6, 11):
        for c in range(6, 11):
            if r * c >= 54:
                print(r, c, "." * (r * c))
frames = [(r, c) for r in range(8, 11) for c in range(8, 11) if r * c >= lo]
for _ in range(n):
    r, c = rnd.choice(frames)
    cells = ["."] * (r * c)
    keep = rnd.randint(lo, min(hi, r * c))
    for i in rnd.sample(range(r * c), r * c - keep):
        cells[i] = "#"
    print(r, c, "".join(cells))
