#!/usr/bin/env python3
"""Positions for the ruleset forecast's calibration (bench/rules_forecast.c),
random but reproducible (seeded): N per game and size, on stdout, one a line.
    python3 bench/rules_forecast.py N SEED | build/bench/rules_forecast 0 CAP > runs.tsv
Then the forecast judged against those runs:
    python3 bench/rules_forecast.py eval runs.tsv
For every search that finished (value, outcome) in A nodes, the forecast a
request with a budget of exactly A would make (its probe: max(256, A/100)
regions, as src/games/ruleset.c; a search of 4,096 nodes or fewer ends
inside the search's own probe and is never forecast) and the ratio forecast / A: a refusal
needs the forecast past 16 times the budget, so a ratio under 16 means that
board is never refused by a budget it fits in.
The memory cap judged against the same runs (BVAL, BOUT: the bytes a node
src/games/ruleset.c assumes for the value and the other searches):
    python3 bench/rules_forecast.py memeval runs.tsv BVAL BOUT
For every search that finished in A > 4,096 nodes with a peak of P bytes,
the least memory budget it fits in, P, is P / B nodes; the forecast a
request with that budget would make, with the probe a hundredth of it (the
node budget lowered to it) and with the defaults' probe of 80,001 regions,
and q = forecast / (P / B) (0: the search ends inside its own probe, a
hundredth of the budget, at least 4,096 nodes, 80,001 at the defaults, and
is never forecast): a memory refusal needs q past the margin, so the
largest q is what the margin must stay above.
A budget of exactly A is not always the worst: a larger budget has a larger
probe, which may finish one more level (rfc2).  Over budgets B = A .. 100 A:
    python3 bench/rules_forecast.py sweep runs.tsv
the largest forecast / (16 B) per game and search (past 1: refused under a
budget it fits in); and the value search's q over probes from P/128/100
doubling up to A (what a request with a larger node budget would probe):
    python3 bench/rules_forecast.py memsweep runs.tsv
The forecast binary: $RF_BIN, else build/bench/rules_forecast."""
import random
import subprocess
import os
import sys

BIN = os.environ.get("RF_BIN", "build/bench/rules_forecast")

MODES = ("eval", "memeval", "sweep", "memsweep")
N = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1] not in MODES else 4
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[1] not in MODES else 1)


def cells(r, c, weights):
    keys = list(weights)
    return "".join(rng.choices(keys, [weights[k] for k in keys], k=r * c))


def grid_graph(r, c, drop):
    e = []
    for i in range(r):
        for j in range(c):
            v = i * c + j
            if j + 1 < c and rng.random() >= drop:
                e.append(f"{v}-{v + 1}")
            if i + 1 < r and rng.random() >= drop:
                e.append(f"{v}-{v + c}")
    return f"{r * c} " + ",".join(e)


SPECS = [
    ("clobber", [(3, 4), (4, 4), (4, 5), (5, 5)], {"x": 4, "o": 4, ".": 1}),
    ("konane", [(4, 4), (5, 5), (6, 6)], {"x": 4, "o": 4, ".": 1}),
    ("nogo", [(3, 4), (4, 4), (4, 5)], {".": 8, "x": 1, "o": 1}),
    ("amazons", [(4, 4), (4, 5), (5, 5)], {".": 8, "#": 2}),
]


def main():
    for game, sizes, weights in SPECS:
        for r, c in sizes:
            for _ in range(N):
                b = list(cells(r, c, weights))
                if game == "amazons":  # one amazon each
                    i, j = rng.sample(range(r * c), 2)
                    b[i], b[j] = "L", "R"
                print(game, r, c, "".join(b))
    for n in (14, 18, 22, 26, 30):
        for _ in range(N):
            print("toads", "".join(rng.choices("TF.", [3, 3, 2], k=n)))
    for n in (40, 80, 160):
        for _ in range(N):
            print("toppling", "".join(rng.choices("bgr", k=n)))
    for game in ("snort", "col"):
        for r, c in ((3, 4), (4, 4), (4, 5)):
            for _ in range(N):
                print(game, grid_graph(r, c, 0.2))


def evaluate(path):
    rows = [line.rstrip("\n").split("\t") for line in open(path) if "\t" in line]
    worst = {}
    print("| game | position | search | nodes | probe | forecast | ratio |\n|---|---|---|---|---|---|---|")
    for r in rows:
        if len(r) < 11:
            continue
        for kind, col in (("value", 7), ("outcome", 9)):
            if r[col].startswith(">"):
                continue
            a = int(r[col])
            probe = max(256, a // 100 + 1)
            if a <= 4096:
                continue  # ends inside the search's own probe (at least 4,096 nodes): never forecast
            out = subprocess.run([BIN, str(probe), "0"],
                                 input=f"{r[0]} {r[1]}\n", capture_output=True, text=True).stdout
            fc = int(out.split("\t")[6])
            ratio = fc / a
            key = (r[0], kind)
            worst[key] = max(worst.get(key, 0), ratio)
            print(f"| {r[0]} | {r[1][:40]} | {kind} | {a} | {probe} | {fc} | {ratio:.2f} |")
    print()
    for (game, kind), w in sorted(worst.items()):
        print(f"worst {game} {kind}: {w:.2f}")


def forecast(game, pos, probe):
    out = subprocess.run([BIN, str(probe), "0"],
                         input=f"{game} {pos}\n", capture_output=True, text=True).stdout
    return int(out.split("\t")[6])


def memeval(path, bval, bout):
    rows = [line.rstrip("\n").split("\t") for line in open(path) if "\t" in line]
    worst, least_b = {}, {}
    print("| game | position | search | nodes | peak bytes | bytes/node | P/B nodes "
          "| forecast (probe P/B/100) | q | forecast (probe 80,001) | q |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        if len(r) < 13:
            continue
        for kind, col, pcol, b in (("value", 7, 11, bval), ("outcome", 9, 12, bout)):
            if r[col].startswith(">"):
                continue
            a, peak = int(r[col]), int(r[pcol])
            if a <= 4096:
                continue
            key = (r[0], kind)
            least_b[key] = min(least_b.get(key, 1e9), peak / a)
            mem = peak // b
            # a search that ends inside the search's own probe (a hundredth
            # of the budget, at least 4,096; 80,001 at the defaults) is
            # never forecast: "-"
            f1 = forecast(r[0], r[1], max(256, mem // 100 + 1)) if a > max(4096, mem // 100 + 1) else 0
            f2 = forecast(r[0], r[1], 80001) if a > 80001 else 0
            q1, q2 = f1 / mem, f2 / mem
            worst[key] = max(worst.get(key, 0), q1, q2)
            print(f"| {r[0]} | {r[1][:32]} | {kind} | {a} | {peak} | {peak / a:.0f} | {mem} "
                  f"| {f1} | {q1:.3f} | {f2} | {q2:.3f} |")
    print()
    for key in sorted(worst):
        print(f"{key[0]} {key[1]}: fewest bytes/node {least_b[key]:.0f}, worst q {worst[key]:.3f}")


def sweep(path):
    rows = [line.rstrip("\n").split("\t") for line in open(path) if "\t" in line]
    worst = {}
    for r in rows:
        if len(r) < 11:
            continue
        for kind, col in (("value", 7), ("outcome", 9)):
            if r[col].startswith(">") or int(r[col]) <= 4096:
                continue
            a = int(r[col])
            for m in (1, 1.5, 2, 3, 5, 10, 30, 100):
                b = int(a * m)
                if b // 100 + 1 >= a:
                    break  # the search ends inside its own probe: never forecast
                w = forecast(r[0], r[1], max(256, b // 100 + 1)) / (16 * b)
                if w > worst.get((r[0], kind), (0,))[0]:
                    worst[(r[0], kind)] = (w, m, r[1][:36], a)
    for (game, kind), v in sorted(worst.items()):
        print(f"{game} {kind}: worst forecast / (16 B) {v[0]:.3f} at B = {v[1]:g} A ({v[2]}, {v[3]} nodes)")


def memsweep(path):
    rows = [line.rstrip("\n").split("\t") for line in open(path) if "\t" in line]
    worst = {}
    for r in rows:
        if len(r) < 13 or r[7].startswith(">") or r[0] in ("snort", "col"):
            continue  # Snort and Col are not judged on memory
        a, mem = int(r[7]), int(r[11]) // 128
        p = max(256, mem // 100 + 1)
        while a > 4096 and p < a:
            q = forecast(r[0], r[1], p) / mem
            if q > worst.get(r[0], (0,))[0]:
                worst[r[0]] = (q, p, r[1][:36], a)
            p *= 2
    for game, v in sorted(worst.items()):
        print(f"{game} value: worst q {v[0]:.3f} at probe {v[1]} ({v[2]}, {v[3]} nodes)")


if __name__ == "__main__":
    if len(sys.argv) > 4 and sys.argv[1] == "memeval":
        memeval(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif len(sys.argv) > 2 and sys.argv[1] == "eval":
        evaluate(sys.argv[2])
    elif len(sys.argv) > 2 and sys.argv[1] == "sweep":
        sweep(sys.argv[2])
    elif len(sys.argv) > 2 and sys.argv[1] == "memsweep":
        memsweep(sys.argv[2])
    else:
        main()
