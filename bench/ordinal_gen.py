#!/usr/bin/env python3
"""Seeded forests for /v1/ordinal-trees, written as request bodies.

usage: ordinal_gen.py NODES SEED KIND > body.json

KIND:
  random  - trees of 1..2000 vertices, each a random recursive tree (parent
            of i uniform below i, depth O(log n)) or a "caterpillar" (parent
            among the last few vertices, depth up to ~700) or a broom; many
            repeated subtrees, as in real inputs, and many distinct ones.
  star    - one root with NODES-1 leaves (a natural number).
  bushy   - one random recursive tree of NODES vertices.
All shapes stay under the JSON parser's nesting limit (1000 levels).
"""
import random
import sys


def tree_children(rng, n, mode):
    kids = [[] for _ in range(n)]
    for i in range(1, n):
        if mode == 0:
            p = rng.randrange(i)
        elif mode == 1:
            p = max(0, i - 1 - rng.randrange(3))
        else:
            p = rng.randrange((i + 1) // 2)
        kids[p].append(i)
    return kids


def emit(out, kids):
    """Nested form without recursion; commas between siblings only."""
    stack = [[0, 0]]
    out.append("[")
    while stack:
        top = stack[-1]
        v, k = top
        if k == len(kids[v]):
            stack.pop()
            out.append("]")
            continue
        if k > 0:
            out.append(",")
        top[1] = k + 1
        out.append("[")
        stack.append([kids[v][k], 0])


def main():
    nodes, seed, kind = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    out = ['{"trees":[']
    if kind == "star":
        out.append("[" + ",".join(["[]"] * (nodes - 1)) + "]")
    elif kind == "bushy":
        emit(out, tree_children(rng, nodes, 0))
    else:
        left, first = nodes, True
        while left > 0:
            n = min(left, rng.randrange(1, 2001))
            mode = rng.randrange(3)
            if mode == 1:
                n = min(n, 600)
            if not first:
                out.append(",")
            first = False
            emit(out, tree_children(rng, n, mode))
            left -= n
    out.append('],"all_winning_moves":true}')
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
