#!/usr/bin/env python3
"""Seeded Green Hackenbush graphs for bench/graph_bench.sh.

    graph_gen.py SHAPE SIZE SEED OUT_PREFIX

writes OUT_PREFIX.json (POST body for application/json) and OUT_PREFIX.txt
(the text/plain edge list: "n m", ground ids, then "u v" lines).  Shapes:

  random  SIZE edges on SIZE/2 vertices, three ground vertices, ~2% loops,
          ~2% doubled edges, plus a detached part (~1% of the edges)
  cycle   an odd cycle of SIZE edges through the ground, edges shuffled
  ring    a ring of SIZE triangles joined by single edges (one big cycle of
          connecting edges), sticks of length 1-3 hanging from random vertices
  necklace  a ring of SIZE triangles, each sharing a vertex with the next,
          with sticks (the other reading of "a ring of triangles")
  grid    a SIZE x SIZE grid grounded at a corner, with sticks
  path    a path of SIZE edges from the ground
"""
import json
import random
import sys


def shape_random(m, rng):
    n = max(2, m // 2)
    detached = m // 100
    edges = []
    for _ in range(m - detached):
        r = rng.random()
        u = rng.randrange(n)
        if r < 0.02:
            v = u  # loop
        elif r < 0.04 and edges:
            u, v = edges[rng.randrange(len(edges))]  # doubled edge
        else:
            v = rng.randrange(n)
        edges.append((u, v))
    # a detached part on its own vertices
    base = n
    dn = max(2, detached // 2)
    for _ in range(detached):
        edges.append((base + rng.randrange(dn), base + rng.randrange(dn)))
    rng.shuffle(edges)
    return n + dn, edges, [0, 1, 2]


def shape_cycle(m, rng):
    edges = [(i, (i + 1) % m) for i in range(m)]
    rng.shuffle(edges)
    return m, edges, [0]


def add_sticks(n, edges, count, rng, pool):
    for _ in range(count):
        at = rng.randrange(pool)
        for _ in range(rng.randint(1, 3)):
            edges.append((at, n))
            at = n
            n += 1
    return n


def shape_ring(k, rng):
    # triangle i on vertices 3i, 3i+1, 3i+2; 3i+2 joined to 3(i+1)
    edges = []
    for i in range(k):
        a, b, c = 3 * i, 3 * i + 1, 3 * i + 2
        edges += [(a, b), (b, c), (c, a), (c, (3 * (i + 1)) % (3 * k))]
    n = add_sticks(3 * k, edges, k, rng, 3 * k)
    rng.shuffle(edges)
    return n, edges, [0]


def shape_necklace(k, rng):
    # triangle i on a_i = 2i, b_i = 2i+1, a_{i+1}
    edges = []
    for i in range(k):
        a, b, c = 2 * i, 2 * i + 1, (2 * i + 2) % (2 * k)
        edges += [(a, b), (b, c), (a, c)]
    n = add_sticks(2 * k, edges, k, rng, 2 * k)
    rng.shuffle(edges)
    return n, edges, [0]


def shape_grid(s, rng):
    edges = []
    for r in range(s):
        for c in range(s):
            v = r * s + c
            if c + 1 < s:
                edges.append((v, v + 1))
            if r + 1 < s:
                edges.append((v, v + s))
    n = add_sticks(s * s, edges, s * s // 10, rng, s * s)
    rng.shuffle(edges)
    return n, edges, [0]


def shape_path(m, rng):
    return m + 1, [(i, i + 1) for i in range(m)], [0]


def main():
    shape, size, seed, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    rng = random.Random(seed)
    n, edges, ground = {"random": shape_random, "cycle": shape_cycle, "ring": shape_ring,
                        "necklace": shape_necklace, "grid": shape_grid, "path": shape_path}[shape](size, rng)
    with open(out + ".txt", "w") as f:
        f.write(f"{n} {len(edges)}\n{' '.join(map(str, ground))}\n")
        f.write("".join(f"{u} {v}\n" for u, v in edges))
    with open(out + ".json", "w") as f:
        f.write('{"vertices":%d,"ground":%s,"edges":[' % (n, json.dumps(ground)))
        f.write(",".join(f"[{u},{v}]" for u, v in edges))
        f.write("]}")


if __name__ == "__main__":
    main()
