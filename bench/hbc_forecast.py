#!/usr/bin/env python3
"""The pictures of coloured Hackenbush's forecast calibration (bench/hbc_forecast.c;
bench/RESULTS.md, "Coloured Hackenbush forecast"): K5-K7 mixed and blue/red, four
grids, then 60 random simple graphs (random.Random(5)).  One a line: NAME then
"U V C" triples (C 0 blue, 1 red, 2 green), the ground vertex 0.
    python3 bench/hbc_forecast.py | build/bench/hbc_forecast 20000000
    python3 bench/hbc_forecast.py big | build/bench/hbc_forecast 1   (forecasts alone)"""
import itertools
import random
import sys


def line(name, edges):
    print(name, " ".join(f"{u} {v} {c}" for u, v, c in edges))


def grid(r, c):
    e = []
    for i in range(r):
        for j in range(c):
            v = i * c + j
            if j + 1 < c:
                e.append((v, v + 1))
            if i + 1 < r:
                e.append((v, v + c))
    return e


def main():
    big = sys.argv[1:] == ["big"]
    for n in (8, 9, 10, 11) if big else (5, 6, 7):
        for k, cols in (("mixed", 3), ("br", 2)):
            pairs = list(itertools.combinations(range(n), 2))[:64]
            line(f"K{n}-{k}", [(a, b, i % cols) for i, (a, b) in enumerate(pairs)])
    for r, c in ((4, 5), (5, 5), (4, 6), (5, 6)) if big else ((3, 3), (3, 4), (4, 4), (3, 5)):
        line(f"grid{r}x{c}-mixed", [(a, b, i % 3) for i, (a, b) in enumerate(grid(r, c))])
    if big:
        return
    rng = random.Random(5)
    for k in range(60):
        nv, m = rng.randint(4, 9), rng.randint(10, 22)
        edges = set()
        while len(edges) < m:
            a, b = rng.sample(range(nv), 2)
            edges.add((min(a, b), max(a, b)))
            if len(edges) >= nv * (nv - 1) // 2:
                break
        line(f"rnd{k}", [(a, b, rng.randrange(3 if k % 2 else 2)) for a, b in sorted(edges)])


main()
