"""Sums with large Domineering components: /v1/sum of builds against each
other (the old one values every component, the new one searches a large
Domineering board as a position, issue 37 item 4) and MCGS v1.5 on the same
sums, interleaved per sum in one run.

    python3 bench/sum_positions.py OLD_GRUNDYD NEW_GRUNDYD [MCGS_DIR] [TIMEOUT_S] [rulesets]

With "rulesets" last, the sums are the fixed ruleset ones of RULESET_SUMS
instead (a Clobber, NoGo, Konane, Amazons or Toads and Frogs component
plus `*`, searched as a position by the new build when its value is not
found within 1/64 of the node budget); MCGS is asked where it has the game
(Clobber, NoGo, Amazons: X for x / L, O for o / R).

The sums are made here, reproducibly (random.Random(37)): for each count of
empty cells n, a board of rows x cols with stones dropped at random until
n empty cells are left in one 4-connected region, plus one of `*`, `{1|-1}`
or a 2 x 3 Domineering board.  Each program answers who wins each sum
with each player first; every answer must agree (else exit 1).  Timed: each
daemon's wall seconds per request and its CPU (from /proc), MCGS's own
case milliseconds (its --out-file) -- one MCGS process per sum, its
start-up (an empty file) taken off its CPU.  A program past TIMEOUT_S
(default 20) on a sum shows "-" there.
"""
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mcgs_sums  # noqa: E402

EXTRAS = (
    ("*", {"game": "cgt", "expression": "*"}, ("nimber", "1")),
    ("{1|-1}", {"game": "cgt", "expression": "{1|-1}"}, ("switch_game", "1, -1")),
    ("2x3 board", {"game": "domineering", "board": ["...", "..."]}, ("domineering", "...|...")),
)
SIZES = ((18, 5, 6), (20, 5, 6), (22, 5, 6), (24, 5, 6), (26, 6, 6), (28, 6, 6), (30, 6, 6),
         (32, 6, 6), (36, 6, 6))


def board(rng, n, rows, cols):
    """rows x cols, one region of n empty cells (stones dropped at random)."""
    while True:
        empty = {(r, c) for r in range(rows) for c in range(cols)}
        while len(empty) > n:
            empty.discard(rng.choice(sorted(empty)))
        seen, todo = set(), [min(empty)]
        while todo:
            cell = todo.pop()
            if cell in seen or cell not in empty:
                continue
            seen.add(cell)
            r, c = cell
            todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
        if seen == empty:
            return ["".join("." if (r, c) in empty else "#" for c in range(cols))
                    for r in range(rows)]


STAR = ({"game": "cgt", "expression": "*"}, ("nimber", "1"))
RULESET_SUMS = (
    ("clobber", ["xoxox", "oxoxo", "xoxox"]),
    ("clobber", ["xoxoxo", "oxoxox", "xoxoxo"]),
    ("clobber", ["xoxox", "oxoxo", ".oxox", "oxoxo"]),
    ("clobber", ["xoxox", "oxoxo", "xoxox", "oxoxo"]),
    ("nogo", ["....", "....", "...."]),
    ("nogo", ["x...", "....", "...o", "...."]),
    ("konane", ["xoxox", "oxoxo", "xo.ox", "oxoxo", "xoxox"]),
    ("amazons", ["L...", "....", "....", "...R"]),
    ("toads_and_frogs", "TTT...FFF"),
    ("toads_and_frogs", "TTTT....FFFF"),
)


def ruleset_sums():
    out = []
    for game, pos in RULESET_SUMS:
        if game == "toads_and_frogs":
            comp, text = {"game": game, "strip": pos}, pos
        else:
            comp, text = {"game": game, "board": pos}, "/".join(pos)
        back = {"L": "X", "R": "O", "x": "X", "o": "O"}
        mgames = ([(game, "|".join("".join(back.get(ch, ch) for ch in row) for row in pos)), STAR[1]]
                  if game in ("clobber", "nogo", "amazons") else None)
        out.append((game, [text], "*", [comp, STAR[0]], mgames))
    return out


def sums():
    if sys.argv[-1] == "rulesets":
        return ruleset_sums()
    rng = random.Random(37)
    out = []
    for n, rows, cols in SIZES:
        b = board(rng, n, rows, cols)
        for name, comp, mcgs in EXTRAS:
            out.append((n, b, name, [{"game": "domineering", "board": b}, comp],
                        [("domineering", "|".join(b)), mcgs]))
    return out


class Daemon:
    def __init__(self, binary, timeout_s):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        self.port = s.getsockname()[1]
        s.close()
        self.proc = subprocess.Popen(
            [binary, "--bind", "127.0.0.1", "--port", str(self.port), "--threads", "1",
             "--log-format", "off", "--max-analysis-seconds", str(int(timeout_s))],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        self.timeout_s = timeout_s

    def ask(self, comps):
        """(outcome or None, wall s, CPU s, method)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout_s + 60)
        c0, t0 = mcgs_sums.proc_cpu(self.proc.pid), time.perf_counter()
        conn.request("POST", "/v1/sum", json.dumps({"components": comps}),
                     {"Content-Type": "application/json"})
        r = conn.getresponse()
        body = json.loads(r.read())
        t1, c1 = time.perf_counter(), mcgs_sums.proc_cpu(self.proc.pid)
        conn.close()
        if r.status != 200:
            return None, t1 - t0, c1 - c0, f"{r.status}"
        return body["outcome"], t1 - t0, c1 - c0, body["method"]

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


def fmt(x):
    return "-" if x is None else f"{x:.3f}"


def main():
    old_bin, new_bin = sys.argv[1], sys.argv[2]
    mcgs_dir = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] != "-" else None
    timeout_s = float(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4] != "rulesets" else 20.0
    old, new = Daemon(old_bin, timeout_s), Daemon(new_bin, timeout_s)
    start = min(mcgs_sums.mcgs_run(mcgs_dir, [], timeout_s)[0] for _ in range(3)) if mcgs_dir else 0
    bad = 0
    tot = {"old": 0.0, "new": 0.0, "mcgs": 0.0}
    print(f"load before: {os.getloadavg()[0]:.2f}; MCGS start-up CPU {start:.2f} s")
    print("| empty cells (game) | board | + | old s (CPU) | old method | new s (CPU) | new method | "
          "MCGS s | old / new | MCGS / new | outcome |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    try:
        for n, b, name, comps, mgames in sums():
            o_out, o_w, o_c, o_m = old.ask(comps)
            n_out, n_w, n_c, n_m = new.ask(comps)
            m_w = None
            m_out = None
            if mcgs_dir and mgames is not None:
                cpu, res = mcgs_sums.mcgs_run(mcgs_dir, [(mgames, [("B", ""), ("W", "")])],
                                              timeout_s)
                if all(r is not None for r, _ in res):
                    bw, ww = res[0][0] == "win", res[1][0] == "win"
                    m_out = "N" if bw and ww else "L" if bw else "R" if ww else "P"
                    m_w = sum(ms for _, ms in res) / 1000
            got = {o for o in (o_out, n_out, m_out) if o is not None}
            if len(got) > 1:
                bad += 1
                print(f"DISAGREE {b} + {name}: old {o_out}, new {n_out}, MCGS {m_out}")
            ow = o_w if o_out else None
            nw = n_w if n_out else None
            if ow and nw:
                tot["old"] += ow
                tot["new"] += nw
                tot["mcgs"] += m_w or 0
            ratio = f"{ow / nw:.1f}" if ow and nw else "-"
            mratio = f"{m_w / nw:.1f}" if m_w and nw else "-"
            print(f"| {n} | {'/'.join(b)} | {name} | {fmt(ow)} ({o_c:.2f}) | {o_m} | "
                  f"{fmt(nw)} ({n_c:.2f}) | {n_m} | {fmt(m_w)} | {ratio} | {mratio} | "
                  f"{next(iter(got)) if got else '-'} |", flush=True)
    finally:
        old.stop()
        new.stop()
    print(f"load after: {os.getloadavg()[0]:.2f}; disagreements: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
