"""Partizan sums, grundyd's POST /v1/sum against MCGS v1.5 on MCGS's own
autotest files (github.com/ualberta-mueller-group/MCGS, input/autotests/,
MIT licence; built outside the repository by bench/mcgs_sums.sh).

    python3 bench/mcgs_sums.py URL PID MCGS_DIR TIMEOUT_S FILE...

URL and PID are a running grundyd's (started by mcgs_sums.sh); FILE names are
relative to MCGS_DIR/input/autotests.  For each file, one after the other:

1. its cases are read (the .test syntax of MCGS's input/info.test: sections
   [game], games, command blocks {B win, W loss}; the sum is emptied after
   each block) and every sum whose games grundyd has is translated to a
   /v1/sum body: clobber_1xn / clobber / nogo_1xn / nogo boards as
   `clobber` / `nogo` boards (X is Left's x, O Right's o), amazons (X, O as
   L, R), domineering (Black plays vertically in both), toppling_dominoes
   (X, O, # as b, r, g), and the basic CGT types as `cgt` expressions.
   Boards are split into their independent regions (MCGS splits them into
   subgames the same way before it searches): Clobber at empty cells,
   Domineering at blocked ones, Amazons at blocked cells 8-connectedly;
   NoGo boards stay whole (a region's liberties reach across empties).
   A sum with a game grundyd has no ruleset for (elephants, sheep, fission,
   gen_toads, kayles, the impartial variants) is left out and counted; a
   case of one game that is one region is not a sum and is not taken.
2. MCGS solves the translated sums, written back in its own syntax to a
   scratch file with the file's own B / W commands and expected results:
   `MCGS --run-tests --test-dir D --test-timeout MS`, one process per file,
   timed in CPU seconds (user + system of the process, with its start-up:
   the 2^28-entry table is allocated and cleared, about 2.4 s) and by its
   own per-case stopwatch (wall ms, the CSV's "Time (ms)").  Its start-up
   alone (an empty file, least of three runs) is taken off its CPU for the
   CPU ratio.
3. grundyd answers each sum with one request (both players: `outcome`),
   timed in wall seconds per request over loopback (keep-alive), and the
   daemon's CPU over the whole file (utime + stime of /proc/PID/stat).

The answers are compared with each other and with the file's expected
result; every disagreement is printed.  Prints one markdown row per file:
"ratio wall" is grundyd's request seconds over MCGS's case seconds, "ratio
CPU" the daemon's CPU over MCGS's CPU less its start-up ("-" where the
divisor is under the clock's 10 ms).  A case either program stops at the
time limit counts its whole time in both.
"""
import csv
import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "api"))
# The earlier translations of MCGS's single-game autotests fix the letters:
# x / o for Clobber and NoGo, L / R for Amazons, b / r / g for Toppling
# Dominoes.  Their checkerboard() is MCGS's alternating Clobber board; the
# boards parsed here are checked against it (same letters, same corner).
from mcgs_grid_autotests import checkerboard  # noqa: E402

STONES = {"X": "x", "O": "o", ".": "."}
AMAZONS = {"X": "L", "O": "R", ".": ".", "#": "#"}
DOMINOES = {"X": "b", "O": "r", "#": "g"}


# ---- MCGS's .test syntax ------------------------------------------------------

def tokens(text):
    """Section titles, bracketed games, command blocks and bare games, in
    order (comments dropped)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.findall(r"\[[^\]]*\]|\([^)]*\)|\{[^}]*\}|\S+", text)


def parse(text):
    """[(games, commands)]: games [(section, text)], commands
    [(player 'B' / 'W', expected 'win' / 'loss' / None)] -- the partisan
    solve commands of the block that closes the sum."""
    out, section, games = [], None, []
    for t in tokens(text):
        if t[0] == "[":
            section = t[1:-1].strip()
        elif t[0] == "{":
            body = t[1:-1].strip()
            if body.startswith("version"):
                continue
            cmds = []
            for c in body.split(","):
                w = c.split()
                if w and w[0] in ("B", "W"):
                    cmds.append((w[0], w[1].lower() if len(w) > 1 else None))
            if cmds:
                out.append((games, cmds))
            games = []
        else:
            games.append((section, t[1:-1].strip() if t[0] == "(" else t))
    return out


# ---- translation ----------------------------------------------------------------

def regions(rows, open_cell, steps):
    """The cells of rows split into groups connected through open cells by
    steps: each group as a board of the same size, the rest of its cells
    replaced by fill (the caller's), cropped to its bounding box."""
    h, w = len(rows), len(rows[0])
    seen = [[False] * w for _ in range(h)]
    groups = []
    for r in range(h):
        for c in range(w):
            if seen[r][c] or not open_cell(rows[r][c]):
                continue
            stack, group = [(r, c)], []
            seen[r][c] = True
            while stack:  # an explicit stack: boards are small, but no recursion
                y, x = stack.pop()
                group.append((y, x))
                for dy, dx in steps:
                    ny, nx = y + dy, x + dx
                    if 0 <= ny < h and 0 <= nx < w and not seen[ny][nx] and open_cell(rows[ny][nx]):
                        seen[ny][nx] = True
                        stack.append((ny, nx))
            groups.append(group)
    return groups


def crop(rows, group, fill):
    ys = [y for y, _ in group]
    xs = [x for _, x in group]
    cells = set(group)
    return ["".join(rows[y][x] if (y, x) in cells else fill for x in range(min(xs), max(xs) + 1))
            for y in range(min(ys), max(ys) + 1)]


STEPS4 = ((-1, 0), (1, 0), (0, -1), (0, 1))
STEPS8 = tuple((dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dy, dx) != (0, 0))


def split(game, rows):
    """A board as its independent regions, [(game, board)] (at least one)."""
    if game == "clobber":  # stones touching orthogonally; a lone stone has no move
        parts = [crop(rows, g, ".") for g in regions(rows, lambda ch: ch != ".", STEPS4)]
        parts = [p for p in parts if "x" in "".join(p) and "o" in "".join(p)]
    elif game == "domineering":
        parts = [crop(rows, g, "#") for g in regions(rows, lambda ch: ch == ".", STEPS4)]
        parts = [p for p in parts if len(p) > 1 or len(p[0]) > 1]  # a lone cell is 0
    elif game == "amazons":
        parts = [crop(rows, g, "#") for g in regions(rows, lambda ch: ch != "#", STEPS8)]
    else:
        parts = [rows]
    return [(game, p) for p in parts] or [(game, rows)]


def number(text):
    f = Fraction(text.replace(" ", ""))
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def cgt(section, text):
    """A basic CGT game of MCGS as a /v1/cgt expression."""
    if section in ("integer_game", "dyadic_rational"):
        return number(text)
    if section == "nimber":
        n = int(text)
        return "0" if n == 0 else f"*{n}"
    if section == "switch_game":
        a, b = re.findall(r"-?\s*\d+(?:\s*/\s*\d+)?", text)
        return "{" + number(a) + "|" + number(b) + "}"
    if section == "up_star":
        star = "*" in text
        ups = [int(s) for s in re.findall(r"-?\d+", text)]
        k = ups[0] if ups else 0
        s = (f"^{k}" if k > 0 else f"v{-k}" if k < 0 else "") + ("*" if star else "")
        return s or "0"
    return None


def translate(games):
    """[component] for /v1/sum, or None when a game has no grundyd ruleset."""
    comps = []
    for section, text in games:
        rows = text.split("|")
        if section in ("clobber_1xn", "clobber", "nogo_1xn", "nogo"):
            g = "nogo" if section.startswith("nogo") else "clobber"
            parts = split(g, ["".join(STONES[ch] for ch in r) for r in rows])
        elif section == "amazons":
            parts = split("amazons", ["".join(AMAZONS[ch] for ch in r) for r in rows])
        elif section == "domineering":
            parts = split("domineering", rows)
        elif section == "toppling_dominoes":
            comps.append({"game": "toppling_dominoes",
                          "dominoes": "".join(DOMINOES[ch] for ch in text)})
            continue
        else:
            e = cgt(section, text)
            if e is None:
                return None
            comps.append({"game": "cgt", "expression": e})
            continue
        comps += [{"game": g, "board": b} for g, b in parts]
    return comps


assert split("clobber", checkerboard(2, 2)) == [("clobber", ["xo", "ox"])]


# ---- the two programs -------------------------------------------------------------

def mcgs_write(path, sums):
    with open(path, "w") as f:
        f.write("{version 1.5}\n\n")
        for games, cmds in sums:
            for section, text in games:
                f.write(f"[{section}] ({text})\n")
            f.write("{" + ", ".join(p + (" " + e if e else "") for p, e in cmds) + "}\n\n")


def mcgs_run(mcgs_dir, sums, timeout_s):
    """(process CPU s, [(result 'win' / 'loss' / None, wall ms)] per command)."""
    with tempfile.TemporaryDirectory() as d:
        os.mkdir(os.path.join(d, "in"))
        mcgs_write(os.path.join(d, "in", "sums.test"), sums)
        out = os.path.join(d, "out.csv")
        t0 = os.times()
        subprocess.run([os.path.join(mcgs_dir, "MCGS"), "--run-tests", "--test-dir",
                        os.path.join(d, "in"), "--out-file", out, "--test-timeout",
                        str(int(timeout_s * 1000))], cwd=mcgs_dir, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        t1 = os.times()
        cpu = (t1.children_user - t0.children_user) + (t1.children_system - t0.children_system)
        with open(out, newline="") as f:
            rows = list(csv.DictReader(f))
    res = []
    for row in rows:
        r = row["Result"].lower()
        res.append((r if r in ("win", "loss") else None, float(row["Time (ms)"])))
    return cpu, res


def proc_cpu(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wins(outcome, player):
    """Does player ('B' Left, 'W' Right) win moving first in outcome class?"""
    return outcome in (("L", "N") if player == "B" else ("R", "N"))


def main():
    url, pid, mcgs_dir, timeout_s = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
    files = sys.argv[5:]
    host, port = url.split("//")[1].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout_s + 60)
    # MCGS's start-up alone (its table allocated and cleared, no case): taken
    # off its CPU figure for the CPU ratio
    start_cpu = min(mcgs_run(mcgs_dir, [], timeout_s)[0] for _ in range(3))
    print(f"MCGS start-up CPU (an empty file, least of 3): {start_cpu:.2f} s")
    print()
    print("| autotest file | sums (left out) | cases | agree | MCGS CPU s | "
          "MCGS cases s | grundyd requests s | grundyd daemon CPU s | ratio wall | ratio CPU | "
          "grundyd method canonical / search / failed | MCGS timeouts | load |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    tot = [0] * 4 + [0.0] * 5
    for name in files:
        cases = parse(open(os.path.join(mcgs_dir, "input", "autotests", name)).read())
        sums, bodies, skipped = [], [], 0
        for games, cmds in cases:
            comps = translate(games)
            if comps is None:
                skipped += 1
                continue
            if len(comps) < 2:  # one game, one region: not a sum
                continue
            sums.append((games, cmds))
            bodies.append(comps)
        if not sums:
            print(f"| {name} | 0{f' ({skipped})' if skipped else ''} | | | | | | | | | | | |")
            continue
        load = os.getloadavg()[0]
        m_cpu, m_res = mcgs_run(mcgs_dir, sums, timeout_s)
        ncmd = sum(len(c) for _, c in sums)
        if len(m_res) != ncmd:
            sys.exit(f"{name}: MCGS wrote {len(m_res)} rows for {ncmd} commands")
        g_cpu0 = proc_cpu(pid)
        g_wall = 0.0
        methods = {"canonical": 0, "search": 0, "failed": 0}
        agree = n = m_timeouts = 0
        k = 0
        for (games, cmds), comps in zip(sums, bodies):
            # bytes: http.client then sends head and body in one write (no
            # Nagle / delayed-ACK stall between them)
            body = json.dumps({"components": comps}).encode()
            t0 = time.perf_counter()
            try:
                conn.request("POST", "/v1/sum", body, {"Content-Type": "application/json"})
                r = conn.getresponse()
            except (OSError, http.client.HTTPException):
                # the daemon closed the idle keep-alive connection while MCGS ran
                conn.close()
                conn = http.client.HTTPConnection(host, int(port), timeout=timeout_s + 60)
                t0 = time.perf_counter()
                conn.request("POST", "/v1/sum", body, {"Content-Type": "application/json"})
                r = conn.getresponse()
            data = r.read()
            g_wall += time.perf_counter() - t0
            a = json.loads(data) if r.status == 200 else None
            if a is None:
                methods["failed"] += 1
                print(f"  {name}: grundyd {r.status} on {body[:200]}: {data[:200]!r}",
                      file=sys.stderr)
            else:
                methods[a.get("method", "canonical")] += 1
            for player, expected in cmds:
                m, _ = m_res[k]
                k += 1
                n += 1
                m_timeouts += m is None
                g = None if a is None else ("win" if wins(a["outcome"], player) else "loss")
                answers = {x for x in (g, m, expected) if x is not None}
                if g is not None and m is not None and len(answers) == 1:
                    agree += 1
                elif len(answers) > 1:  # two answers given, and they differ
                    print(f"  DISAGREE {name} {player}: grundyd {g}, MCGS {m}, file {expected}: "
                          f"{games}", file=sys.stderr)
        g_cpu = proc_cpu(pid) - g_cpu0
        m_cases = sum(t for _, t in m_res) / 1000
        m_search = max(m_cpu - start_cpu, 0.0)
        left = f" ({skipped})" if skipped else ""
        print(f"| {name} | {len(sums)}{left} | {n} | {agree} | {m_cpu:.2f} | "
              f"{m_cases:.2f} | {g_wall:.2f} | {g_cpu:.2f} | {ratio(g_wall, m_cases)} | "
              f"{ratio(g_cpu, m_search)} | {methods['canonical']} / {methods['search']} / "
              f"{methods['failed']} | {m_timeouts} | {load:.2f} |", flush=True)
        for i, v in enumerate((len(sums), n, agree, m_timeouts, m_cpu, m_cases, g_wall, g_cpu,
                               m_search)):
            tot[i] += v
    print(f"| total | {tot[0]} | {tot[1]} | {tot[2]} | {tot[4]:.2f} | {tot[5]:.2f} | "
          f"{tot[6]:.2f} | {tot[7]:.2f} | {ratio(tot[6], tot[5])} | {ratio(tot[7], tot[8])} | | "
          f"{tot[3]} | {os.getloadavg()[0]:.2f} |")


def ratio(a, b):
    """a / b, or "-" when b is below the clock's grain (10 ms)."""
    return f"{a / b:.2f}" if b >= 0.01 else "-"


if __name__ == "__main__":
    main()
