#!/usr/bin/env python3
"""Issue 37 item 5: hunt the partizan endpoints for small requests that take
long.  Starts its own grundyd (build/grundyd, or $GRUNDYD; and a second
one, OLD, to compare in the same run) on a free loopback port with one
worker and the analysis time limit CAP seconds (the cap: a request past it
ends 422), posts a fixed, reproducible list of small inputs one after the
other (each to every daemon in turn) and prints, for each, the bytes of
the body, the status (the problem's type, "(estimate)" when it has one)
and the daemon's CPU seconds (user + system, /proc/PID/stat, the only
request running).
    python3 bench/amplification.py [CAP [OLD]]   (CAP default 10)
$AMP_ONLY (optional): a comma-separated list of substrings; only the cases
whose name holds one of them are run."""
import http.client
import json
import os
import socket
import subprocess
import sys
import time

CAP = int(sys.argv[1]) if len(sys.argv) > 1 else 10
DAEMONS = [os.environ.get("GRUNDYD", "build/grundyd")] + sys.argv[2:3]


def chain(n, open_, close):
    return open_ * n + "0" + close * n


def grid_edges(r, c):
    e = []
    for i in range(r):
        for j in range(c):
            v = i * c + j
            if j + 1 < c:
                e.append([v, v + 1])
            if i + 1 < r:
                e.append([v, v + c])
    return e


def hb(edges, colours):
    return {"edges": [[a, b, colours[k % len(colours)]] for k, (a, b) in enumerate(edges)],
            "ground": [0]}


def kn(n):
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


CGT = "/v1/cgt"
HBC = "/v1/hackenbush/colored"
DOM = "/v1/domineering"
CASES = [
    # /v1/cgt: sums, nests, ups and nimbers
    ("cgt *400+{0|-1}", CGT, {"expression": "*400+{0|-1}"}),
    ("cgt ^200+*200", CGT, {"expression": "^200+*200"}),
    ("cgt switches ±1..±16", CGT, {"expression": "+".join("+-%d" % k for k in range(1, 17))}),
    ("cgt switches ±1..±24", CGT, {"expression": "+".join("+-%d" % k for k in range(1, 25))}),
    ("cgt {k|0} k=1..12", CGT, {"expression": "+".join("{%d|0}" % k for k in range(1, 13))}),
    ("cgt {k*|-k} k=1..12", CGT, {"expression": "+".join("{%d*|-%d}" % (k, k) for k in range(1, 13))}),
    ("cgt tinies x12", CGT, {"expression": "+".join("Tiny(%d)" % k for k in range(1, 13))}),
    ("cgt Tiny nest 30", CGT, {"expression": "Tiny(" * 30 + "1" + ")" * 30}),
    ("cgt {0|..} nest 60", CGT, {"expression": "{0|" * 60 + "0" + "}" * 60}),
    ("cgt {..|0} + {0|..} nests", CGT,
     {"expression": "{" * 30 + "0" + "|0}" * 30 + "+" + "{0|" * 30 + "0" + "}" * 30}),
    ("cgt ({k|-k}+*k) k=1..10", CGT, {"expression": "+".join(["({%d|-%d}+*%d)" % (k, k, k) for k in range(1, 11)])}),
    ("cgt {^k*|vk} k=1..16", CGT, {"expression": "+".join(["{^%d*|v%d}" % (k, k) for k in range(1, 17)])}),
    # coloured Hackenbush: dense graphs, mixed parallel edges, cycles
    ("hbc K6 mixed", HBC, hb(kn(6), ["blue", "red", "green"])),
    ("hbc K7 mixed", HBC, hb(kn(7), ["blue", "red", "green"])),
    ("hbc K8 blue/red", HBC, hb(kn(8), ["blue", "red"])),
    ("hbc K8 mixed", HBC, hb(kn(8), ["blue", "red", "green"])),
    ("hbc 12b+12r+12g parallel", HBC, hb([(0, 1)] * 36, ["blue", "red", "green"])),
    ("hbc 20b+20r parallel, 2 vertices up", HBC, hb([(0, 1)] * 20 + [(1, 2)] * 20, ["blue", "red"])),
    ("hbc 3 stacked bundles of 8 mixed", HBC, hb([(0, 1)] * 8 + [(1, 2)] * 8 + [(2, 3)] * 8, ["blue", "red", "green"])),
    ("hbc stalk + 30 leaves at its top", HBC, hb([(0, 1)] * 2 + [(1, k) for k in range(2, 32)], ["blue", "red", "green"])),
    ("hbc triangle of bundles of 6", HBC, hb([(0, 1)] * 6 + [(1, 2)] * 6 + [(2, 0)] * 6, ["blue", "red"])),
    ("hbc cycle 24 mixed", HBC, hb([(i, (i + 1) % 24) for i in range(24)], ["blue", "red", "green"])),
    ("hbc grid 3x4 mixed", HBC, hb(grid_edges(3, 4), ["blue", "red", "green"])),
    ("hbc grid 4x4 mixed", HBC, hb(grid_edges(4, 4), ["blue", "red", "green"])),
    ("hbc grid 4x4 blue/red", HBC, hb(grid_edges(4, 4), ["blue", "red"])),
    # Domineering
    ("dom 6x6 value", DOM, {"board": ["." * 6] * 6}),
    ("dom 9x9 outcome", DOM, {"board": ["." * 9] * 9, "outcome_only": True}),
    ("dom 10x10 outcome", DOM, {"board": ["." * 10] * 10, "outcome_only": True}),
    ("dom 8x10 outcome", DOM, {"board": ["." * 10] * 8, "outcome_only": True}),
    # the rulesets on their larger boards
    ("clobber 4x4 checker", "/v1/clobber", {"board": ["xoxo", "oxox"] * 2}),
    ("clobber 5x5 checker", "/v1/clobber", {"board": ["xoxox", "oxoxo"] * 2 + ["xoxox"]}),
    ("clobber 5x5 checker outcome", "/v1/clobber",
     {"board": ["xoxox", "oxoxo"] * 2 + ["xoxox"], "outcome_only": True}),
    ("clobber 6x6 checker outcome", "/v1/clobber", {"board": ["xoxoxo", "oxoxox"] * 3, "outcome_only": True}),
    ("clobber 1x30", "/v1/clobber", {"board": ["xo" * 15]}),
    ("konane 6x6 checker, 2 holes", "/v1/konane", {"board": ["xoxoxo", "o.oxox"] + ["xoxoxo", "oxoxox"] * 2}),
    ("konane 8x8 checker, 2 holes, outcome", "/v1/konane",
     {"board": ["xoxoxoxo", "o.oxoxox"] + ["xoxoxoxo", "oxoxoxox"] * 3, "outcome_only": True}),
    ("nogo 3x4", "/v1/nogo", {"board": ["...."] * 3}),
    ("nogo 4x4", "/v1/nogo", {"board": ["...."] * 4}),
    ("nogo 5x5 outcome", "/v1/nogo", {"board": ["....."] * 5, "outcome_only": True}),
    ("amazons 4x4 1+1", "/v1/amazons", {"board": ["L...", "....", "....", "...R"]}),
    ("amazons 5x5 1+1", "/v1/amazons", {"board": ["L....", ".....", ".....", ".....", "....R"]}),
    ("amazons 5x5 2+2 outcome", "/v1/amazons",
     {"board": ["L...R", ".....", ".....", ".....", "R...L"], "outcome_only": True}),
    ("toads 12T 12F", "/v1/toads-and-frogs", {"strip": "T" * 12 + "." * 6 + "F" * 12}),
    ("toads TF. x12", "/v1/toads-and-frogs", {"strip": "T.F." * 12}),
    ("toads T..F x10 outcome", "/v1/toads-and-frogs", {"strip": "TT..FF" * 10, "outcome_only": True}),
    ("toppling 256 mixed", "/v1/toppling-dominoes", {"dominoes": "bgr" * 85}),
    ("snort path 40", "/v1/snort", {"vertices": 40, "edges": [[i, i + 1] for i in range(39)]}),
    ("snort grid 4x5", "/v1/snort", {"vertices": 20, "edges": grid_edges(4, 5)}),
    ("snort grid 5x5 outcome", "/v1/snort", {"vertices": 25, "edges": grid_edges(5, 5), "outcome_only": True}),
    ("col grid 4x5", "/v1/col", {"vertices": 20, "edges": grid_edges(4, 5)}),
    ("col grid 5x6", "/v1/col", {"vertices": 30, "edges": grid_edges(5, 6)}),
    ("snort grid 4x4", "/v1/snort", {"vertices": 16, "edges": grid_edges(4, 4)}),
    ("col grid 4x4", "/v1/col", {"vertices": 16, "edges": grid_edges(4, 4)}),
    ("toppling 180 mixed", "/v1/toppling-dominoes", {"dominoes": "bgr" * 60}),
    ("hbc K5 mixed", HBC, hb(kn(5), ["blue", "red", "green"])),
    ("col K12", "/v1/col", {"vertices": 12, "edges": kn(12)}),
    ("snort K12", "/v1/snort", {"vertices": 12, "edges": kn(12)}),
]


def cpu_of(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start(daemon):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    d = subprocess.Popen([daemon, "--port", str(port), "--bind", "127.0.0.1", "--threads", "1",
                          "--max-analysis-seconds", str(CAP), "--log-format", "off",
                          "--background-threads", "0"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            break
        except OSError:
            time.sleep(0.05)
    return d, port


def post(d, port, path, data):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=CAP + 60)
    c0 = cpu_of(d.pid)
    conn.request("POST", path, data, {"Content-Type": "application/json"})
    r = conn.getresponse()
    out = r.read()
    cpu = cpu_of(d.pid) - c0
    conn.close()
    status = str(r.status)
    if r.status != 200:
        try:
            p = json.loads(out)
            status += " " + p.get("type", "").rsplit("/", 1)[-1]
            if "estimate" in p:
                status += " (estimate)"
        except ValueError:
            pass
    return f"{status} | {cpu:.2f}"


def main():
    daemons = [start(d) for d in DAEMONS]
    try:
        head = " | ".join("status | CPU s" for _ in daemons)
        print(f"| case | bytes | {head} |\n|---|---|" + "---|---|" * len(daemons))
        only = [w for w in os.environ.get("AMP_ONLY", "").split(",") if w]
        for name, path, body in CASES:
            if only and not any(w in name for w in only):
                continue
            data = json.dumps(body, separators=(",", ":")).encode()
            cols = " | ".join(post(d, port, path, data) for d, port in daemons)
            label = name.replace("|", "\\|")  # a Markdown table's cell
            print(f"| {label} | {len(data)} | {cols} |", flush=True)
    finally:
        for d, _ in daemons:
            d.terminate()
            d.wait()


if __name__ == "__main__":
    main()
