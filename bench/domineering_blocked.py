#!/usr/bin/env python3
"""Domineering outcomes on boards with blocked cells, grundyd's core against
Obsequi, interleaved board by board: a cross-check of the 8x8 search (its
bounds, move pruning and table) on positions no brute force reaches, and
the CPU time of each.

    bench/domineering_blocked.py [COUNT] [SEED]

COUNT random boards (default 60) of 6 to 8 rows and columns with 1 to 12
cells blocked at random.  Each board is solved by `partizan_bench outcome
R C BOARD` (both players first) and by Obsequi (`solve rows R cols C bits B
b<blocks> V`, then `... H`; built as bench/domineering_obsequi.sh says).
Prints one line per board, the totals, and fails on any disagreement.
"""
import os
import random
import re
import resource
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BUILD = os.environ.get("BUILD", os.path.join(ROOT, "build"))
OBSEQUI = os.environ.get("OBSEQUI", os.path.join(
    os.environ.get("OBSEQUI_DIR", "/work/peers/obsequi"), "obsequi", "Obsequi"))
BENCH = os.path.join(BUILD, "bench", "partizan_bench")


def cpu_children():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def run(cmd, stdin=None):
    t0 = cpu_children()
    out = subprocess.run(cmd, input=stdin, capture_output=True, text=True, check=True).stdout
    return out, cpu_children() - t0


def obsequi(rows, cols, blocked, first):
    cells = ";".join("%d,%d" % rc for rc in blocked)
    bits = 16 if rows * cols < 40 else 20
    cmd = "solve rows %d cols %d bits %d %s%s\n" % (
        rows, cols, bits, ("b" + cells + " ") if cells else "", first)
    out, t = run([OBSEQUI], cmd)
    m = re.search(r"^winner ([VH]),.*nodes ([0-9,]+)\.", out, re.M)
    return m.group(1) == first, int(m.group(2).replace(",", "")), t


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    rnd = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 2026)
    os.makedirs(os.path.dirname(BENCH), exist_ok=True)
    subprocess.run(["cc", "-std=c11", "-O2", "-g", "-I" + os.path.join(ROOT, "include"),
                    "-I" + os.path.join(ROOT, "src"), "-D_POSIX_C_SOURCE=200809L", "-o", BENCH,
                    os.path.join(HERE, "partizan_bench.c"), os.path.join(BUILD, "libgrundy.a"),
                    "-lm"], check=True)
    print("load: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    tg = to = 0.0
    fails = 0
    for i in range(count):
        rows, cols = rnd.randint(6, 8), rnd.randint(6, 8)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        blocked = sorted(rnd.sample(cells, rnd.randint(1, 12)))
        board = "".join("#" if (r, c) in blocked else "." for (r, c) in cells)
        out, g = run([BENCH, "outcome", str(rows), str(cols), board])
        got = re.search(r"outcome=([LRNP]) ", out).group(1)
        gn = int(re.search(r"nodes=(\d+)", out).group(1))
        lw, nv, ov = obsequi(rows, cols, blocked, "V")
        rw_v, nh, oh = obsequi(rows, cols, blocked, "H")
        want = {(True, True): "N", (True, False): "L", (False, True): "R",
                (False, False): "P"}[(lw, rw_v)]
        tg += g
        to += ov + oh
        mark = "" if got == want else "  DISAGREE (Obsequi %s)" % want
        fails += got != want
        print("%2d %dx%d blocked %2d  %s  grundyd %.2f s %8d nodes  Obsequi %.2f s %8d nodes%s"
              % (i, rows, cols, len(blocked), got, g, gn, ov + oh, nv + nh, mark))
    print("total: grundyd %.2f s, Obsequi %.2f s, ratio %.2f; %d disagreements"
          % (tg, to, tg / to if to else 0, fails))
    print("load after: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
