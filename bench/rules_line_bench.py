"""CPU seconds of grundyd's line and graph rulesets.

1. MCGS's own Toppling Dominoes autotests (tests/api/mcgs_line_autotests.py,
   from MCGS's input/autotests/toppling_dominoes_autotests/): every row
   solved as MCGS solves it -- who wins with each player moving first
   (`outcome_only`; a sum of three rows through /v1/sum, which adds the
   rows' canonical forms), or the impartial variant's Grundy value for the
   *_imp files -- and checked against the file's result.
2. How far each game goes within the default node budget: Toads and Frogs
   on T^k .^2 F^k, Toppling Dominoes on alternating rows, Snort and Col on
   paths and grids, by value, and the time each took.

    python3 bench/rules_line_bench.py [BUILD]     (default build)

One `grundy` process per position (about 2 ms of CPU each, included);
CPU seconds are the children's user + system time, not wall time.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "api"))
sys.path.insert(0, HERE)
import mcgs_line_autotests as mcgs  # noqa: E402
from rules_grid_bench import cpu  # noqa: E402


def run(cli, game, body):
    """The answer, or the problem (which the command writes to stderr)."""
    r = subprocess.run([cli, game], input=json.dumps(body), capture_output=True, text=True,
                       check=False)
    out = r.stdout if r.stdout.startswith("{") else r.stderr
    return json.loads(out) if out.startswith("{") else {}


def autotests(cli):
    files = {}
    for name, rows, lw, rw, nim in mcgs.TOPPLING_DOMINOES:
        files.setdefault(name, []).append((rows, lw, rw, nim))
    total = 0.0
    print(f"{'autotest file':16} {'positions':>9} {'CPU s':>8} {'agree':>8}")
    for name, cases in files.items():
        t0, agree = cpu(), 0
        for rows, lw, rw, nim in cases:
            if nim is not None:
                g = 0
                for r in rows:
                    g ^= run(cli, "toppling-dominoes", {"dominoes": r, "impartial": True}).get(
                        "grundy", -1)
                agree += g == nim
                continue
            if len(rows) == 1:
                a = run(cli, "toppling-dominoes", {"dominoes": rows[0], "outcome_only": True})
            else:
                a = run(cli, "sum", {"components": [{"game": "toppling_dominoes", "dominoes": r}
                                                    for r in rows]})
            want = ("N" if rw else "L") if lw else ("R" if rw else "P")
            agree += a.get("outcome") == want
        dt = cpu() - t0
        total += dt
        print(f"{name:16} {len(cases):9} {dt:8.2f} {agree:>4}/{len(cases)}")
    print(f"total: {total:.2f} CPU s")


def grid_edges(rows, cols):
    at = lambda r, c: r * cols + c
    return [[at(r, c), at(r, c + 1)] for r in range(rows) for c in range(cols - 1)] + \
           [[at(r, c), at(r + 1, c)] for r in range(rows - 1) for c in range(cols)]


def scaling(cli):
    cases = []
    for k in range(1, 9):
        cases.append(("toads-and-frogs", f"T^{k}..F^{k}", {"strip": "T" * k + ".." + "F" * k}))
    for n in (10, 20, 40, 80, 160):
        cases.append(("toppling-dominoes", f"(bgr)^{n // 3} ({n})",
                      {"dominoes": ("bgr" * n)[:n]}))
    for n in (6, 10, 14, 18, 22):
        path = {"vertices": n, "edges": [[i, i + 1] for i in range(n - 1)]}
        cases.append(("snort", f"path {n}", path))
        cases.append(("col", f"path {n}", path))
    for r, c in ((2, 3), (3, 3), (3, 4), (4, 4)):
        g = {"vertices": r * c, "edges": grid_edges(r, c)}
        cases.append(("snort", f"grid {r}x{c}", g))
        cases.append(("col", f"grid {r}x{c}", g))
    print(f"{'game':18} {'position':16} {'CPU s':>8}  value (or problem) | outcome_only: CPU s")
    for game, label, body in cases:
        t0 = cpu()
        a = run(cli, game, body)
        dt = cpu() - t0
        what = a.get("value") or f"{a.get('status')} {a.get('detail', '')[:40]}"
        t0 = cpu()
        o = run(cli, game, {**body, "outcome_only": True})
        do = cpu() - t0
        print(f"{game:18} {label:16} {dt:8.2f}  {what[:44]:44} | {o.get('outcome') or o.get('status')} {do:.2f}")


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    cli = os.path.join(HERE, "..", build, "grundy")
    print(f"load average at start: {os.getloadavg()}")
    autotests(cli)
    scaling(cli)
    print(f"load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
