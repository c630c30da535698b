"""Every curl example in README.md runs as written and prints what it shows.

The examples are taken from the README's ```sh blocks: a command starts at
a line beginning with `curl` or `printf` and goes on while a line ends in
a backslash or a pipe or a quoted string is open; the `#` lines right below it are what it prints.
Each command runs in a shell, as a reader would paste it, with only the
address changed to this module's daemon (localhost:8080 -> its port).  The
output shown is compared with what the command printed: `...` stands for
any text, and a JSON answer wrapped over several `#` lines is one line.
Event streams are compared line by line, without their heartbeats.
"""
import os
import re
import subprocess

from harness import ROOT

README = os.path.join(ROOT, "README.md")


def examples(text=None):
    """(line number, command, shown output lines) for every example."""
    if text is None:
        with open(README, encoding="utf-8") as f:
            text = f.read()
    found = []
    in_sh = False
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            in_sh = not in_sh and line.strip() == "```sh"
            i += 1
            continue
        if not in_sh or not re.match(r"\s*(curl|printf) ", line):
            i += 1
            continue
        start = i
        cmd = [line]
        # it goes on after a backslash, a pipe, or inside a quoted string
        while cmd[-1].rstrip().endswith(("\\", "|")) or "\n".join(cmd).count("'") % 2:
            i += 1
            cmd.append(lines[i])
        i += 1
        shown = []
        while i < len(lines) and lines[i].startswith("#"):
            shown.append(lines[i][1:])
            i += 1
        found.append((start + 1, "\n".join(cmd), shown))
    return found


def pattern(shown, stream):
    """A regular expression for the output shown: `...` is any text; in
    an event stream a line `...` is any number of lines."""
    if not stream:
        text = "".join(s.strip() for s in shown)
        return re.compile(".*?".join(re.escape(p) for p in text.split("...")), re.S)
    parts = []
    for line in (s.strip() for s in shown):
        if line == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append("[^\n]*?".join(re.escape(p) for p in line.split("...")) + "\n")
    return re.compile("".join(parts))


def run(srv, cmd):
    cmd = cmd.replace("localhost:8080", f"127.0.0.1:{srv.port}")
    out = subprocess.run(["sh", "-c", cmd], cwd=ROOT, capture_output=True, timeout=120)
    assert out.returncode == 0, (cmd, out.returncode, out.stderr)
    return out.stdout.decode("utf-8")


def test_the_readme_has_examples(srv):
    found = examples()
    assert len(found) >= 20, len(found)
    # every example shows what it prints
    bare = [(n, c) for n, c, shown in found if not shown]
    assert not bare, f"examples without their output: {bare}"


def test_every_example_prints_what_it_shows(srv):
    failures = []
    for n, cmd, shown in examples():
        stream = "text/event-stream" in cmd
        got = run(srv, cmd)
        if stream:
            got = "\n".join(ln for ln in got.split("\n") if ln not in ("", ":"))
        got = got.strip() + ("\n" if stream else "")
        if not pattern(shown, stream).fullmatch(got):
            failures.append(f"README.md line {n}:\n{cmd}\nshows:  {''.join(shown)}\nprints: {got}")
    assert not failures, "\n\n".join(failures)


def test_the_matcher(srv):
    # the extraction and the comparison themselves, on a made-up README
    text = "\n".join([
        "```sh", "# a comment, not an example", "curl -s localhost:8080/v1/nim \\",
        "     -d '{}'", "# {\"a\":1,", "#  \"b\":...}", "", "printf 'x' |",
        "  curl -s localhost:8080/x --data-binary @-", "```",
        "```json", "curl -s not-an-example", "```"])
    found = examples(text)
    assert [(n, len(s)) for n, _, s in found] == [(3, 2), (8, 0)], found
    p = pattern(found[0][2], False)
    assert p.fullmatch('{"a":1,"b":[2,3]}') and not p.fullmatch('{"a":2,"b":3}')
    p = pattern([" event: a", " data: ...", " ...", " event: b"], True)
    assert p.fullmatch("event: a\ndata: 1\nevent: b\n")
    assert p.fullmatch("event: a\ndata: 1\nevent: x\ndata: 2\nevent: b\n")
    assert not p.fullmatch("event: a\nevent: b\n")
