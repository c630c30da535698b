"""CPU seconds of grundyd's rulesets on MCGS's own autotests (Clobber, NoGo,
Amazons): every position of tests/api/mcgs_grid_autotests.py (taken from
MCGS's input/autotests/), solved by the `grundy` command as MCGS solves it --
who wins with each player moving first (`outcome_only`), or the impartial
variant's Grundy value for the *_imp files -- and checked against the
result the file gives.  Prints CPU seconds (the children's user + system
time, not wall time) per autotest file, and the load average.

    python3 bench/rules_grid_bench.py [BUILD]     (default build)

Each position is one process; a `grundy` process that answers `{}` costs
about 2 ms of CPU, which the figures include.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "api"))
import mcgs_grid_autotests as mcgs  # noqa: E402


def cpu():
    t = os.times()
    return t.children_user + t.children_system


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    cli = os.path.join(HERE, "..", build, "grundy")
    print(f"load average at start: {os.getloadavg()}")
    print(f"{'game':8} {'autotest file':40} {'positions':>9} {'CPU s':>8} {'agree':>6}")
    total = 0.0
    for game, rows in (("clobber", mcgs.CLOBBER), ("nogo", mcgs.NOGO), ("amazons", mcgs.AMAZONS)):
        files = {}
        for name, board, lw, rw, nim in rows:
            files.setdefault(name, []).append((board, lw, rw, nim))
        for name, cases in files.items():
            t0 = cpu()
            agree = 0
            for board, lw, rw, nim in cases:
                body = {"board": board}
                if nim is not None:
                    body["impartial"] = True
                else:
                    body["outcome_only"] = True
                out = subprocess.run([cli, game], input=json.dumps(body), capture_output=True,
                                     text=True, check=False).stdout
                a = json.loads(out) if out.startswith("{") else {}
                if nim is not None:
                    agree += a.get("grundy") == nim
                else:
                    want = ("N" if rw else "L") if lw else ("R" if rw else "P")
                    agree += a.get("outcome") == want
            dt = cpu() - t0
            total += dt
            print(f"{game:8} {name:40} {len(cases):9} {dt:8.2f} {agree:>3}/{len(cases)}")
    print(f"total CPU seconds: {total:.2f}; load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
