"""The `grundy` command line against the daemon: same JSON in, same bytes out.

For every analysis route, the request examples of api/openapi.yaml plus a
few bodies of our own (valid and invalid) go both to the daemon (POST) and
to the CLI (stdin, or FILE); the CLI's stdout must be the daemon's 200 body
plus a newline, and on invalid input its stderr the daemon's problem
document plus a newline, with exit status 1.  The CLI's games are the rows of
the game table, src/games/games.def, which the daemon's routes read too.

GRUNDY_CLI is the CLI binary (the runner sets it; default: next to GRUNDYD).
"""
import json
import os
import re
import subprocess
import tempfile

import game_table
import harness

ROOT = harness.ROOT


def _cli_path():
    cli = os.environ.get("GRUNDY_CLI")
    if not cli:
        daemon = os.environ.get("GRUNDYD", os.path.join(ROOT, "build", "grundyd"))
        cli = os.path.join(os.path.dirname(daemon), "grundy")
    return cli


CLI = _cli_path()


def run(args, stdin=b"", timeout=120):
    if isinstance(stdin, str):
        stdin = stdin.encode("utf-8")
    return subprocess.run([CLI] + list(args), input=stdin, capture_output=True,
                          timeout=timeout)


def listed_games():
    """{path: (name, formats)} from `grundy --list`."""
    r = run(["--list"])
    assert r.returncode == 0, r
    games = {}
    for line in r.stdout.decode().splitlines():
        name, path, formats = line.split()
        games[path] = (name, formats.split(","))
    return games


def c_source(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)


def analysis_routes(with_fast=False):
    """{path: (json_fn, text_fn or None)} from the game table
    (with_fast: a third item, the streaming JSON reader or None)."""
    rows = game_table.rows()
    if with_fast:
        return {r["path"]: (r["json"], r["text"], r["json_fast"]) for r in rows}
    return {r["path"]: (r["json"], r["text"]) for r in rows}


def same_answer(srv, path, body, name, text=False, via_file=False):
    """Sends body to the daemon and to the CLI; asserts the same bytes."""
    if isinstance(body, (dict, list)):
        body = json.dumps(body, separators=(",", ":"))
    ctype = "text/plain" if text else "application/json"
    resp = srv.post_raw(path, body, content_type=ctype)
    args = (["--text"] if text else []) + [name]
    if via_file:
        with tempfile.NamedTemporaryFile(suffix=".json") as f:
            f.write(body.encode("utf-8") if isinstance(body, str) else body)
            f.flush()
            r = run(args + [f.name])
    else:
        r = run(args, stdin=body)
    what = f"{name} {body[:120]!r}"
    if resp.status == 200:
        assert r.returncode == 0, f"{what}: daemon 200, CLI exit {r.returncode}: {r.stderr!r}"
        assert r.stdout == resp.body + b"\n", f"{what}: CLI {r.stdout[:300]!r} != daemon {resp.body[:300]!r}"
        assert r.stderr == b"", r.stderr
    else:
        assert r.returncode == 1, f"{what}: daemon {resp.status}, CLI exit {r.returncode}: {r.stdout!r}"
        assert r.stderr == resp.body + b"\n", f"{what}: CLI {r.stderr[:300]!r} != daemon {resp.body[:300]!r}"
        assert r.stdout == b"", r.stdout
    return resp


def openapi_examples(path, media):
    op = harness.OPENAPI.get("paths", {}).get(path, {}).get("post", {})
    content = harness._resolve(op.get("requestBody", {})).get("content", {}).get(media, {})
    out = []
    if "example" in content:
        out.append(content["example"])
    for ex in (content.get("examples") or {}).values():
        ex = harness._resolve(ex)
        if "value" in ex:
            out.append(ex["value"])
    return out


# Bodies of our own for the endpoints that exist from the start; the
# OpenAPI examples cover the rest as they are added.
EXTRA = {
    "/v1/nim": [
        {"piles": [3, 4, 5]},
        {"piles": [1, 2, 3]},
        {"piles": [5, 9, 12, 7], "all_winning_moves": True},
        {"piles": [1, 1, 1], "misere": True},
        {"piles": ["9007199254740993", 1]},
        {"piles": [3, -1]},
        {"piles": [1.5]},
        {"pile": [1]},
        [],
        '{"piles": [1, 2',
        '{"piles": [1], "piles": [2]}',
        "\ufeff{}",
        "",
    ],
    "/v1/hackenbush/tree": [
        {"parent": [-1, 0, 0, 1]},
        {"edges": [[0, 1], [0, 2], [1, 3]], "root": 0},
        {"nested": [[], [[]]]},
        {"parent": [-1, 0, 5]},
    ],
}


# Plain-text bodies for games with a text reader (the graph edge list).
EXTRA_TEXT = {
    "/v1/hackenbush/graph": [
        "3 3\n0\n0 1\n1 2\n2 0\n",
        "# a comment\n2 2\n0\n0 1\n1 1\n",
        "2 1\n0\n0 5\n",
        "not a graph\n",
    ],
}


def test_list_matches_routes(srv):
    """The CLI's games are the daemon's analysis routes, named by path."""
    routes, games = analysis_routes(), listed_games()
    assert routes, "no analysis routes found in src/games/games.def"
    assert set(games) == set(routes), (sorted(games), sorted(routes))
    cli = {r["path"]: r["cli"] for r in game_table.rows()}
    for path, (json_fn, text_fn) in routes.items():
        name, formats = games[path]
        assert name == cli[path], (path, name)
        assert formats == (["json", "text"] if text_fn else ["json"]), (path, formats)


def test_every_endpoint_is_reachable(srv):
    """Every endpoint declared in endpoints.h is routed (hence a CLI game)."""
    endpoints = set(re.findall(r"gr_endpoint_(?:json|text)\s+(\w+)\s*;",
                               c_source("src/games/endpoints.h")))
    used = {f for fns in analysis_routes(with_fast=True).values() for f in fns if f}
    assert endpoints <= used, f"declared but not routed: {sorted(endpoints - used)}"


def test_same_bytes_as_daemon(srv):
    checked = 0
    for path, (name, formats) in sorted(listed_games().items()):
        for body in openapi_examples(path, "application/json") + EXTRA.get(path, []):
            same_answer(srv, path, body, name)
            checked += 1
        if "text" in formats:
            for body in openapi_examples(path, "text/plain") + EXTRA_TEXT.get(path, []):
                same_answer(srv, path, body, name, text=True)
                checked += 1
    assert checked >= 10, checked


def test_file_argument_and_dash(srv):
    body = '{"piles":[7,7,1]}'
    same_answer(srv, "/v1/nim", body, "nim", via_file=True)
    r = run(["nim", "-"], stdin=body)
    assert r.returncode == 0 and json.loads(r.stdout)["grundy"] == 1, r


def test_sum_spelling_alias(srv):
    multi = [n for n, _ in listed_games().values() if "-" in n]
    for name in multi:
        a = run([name], stdin="{}")
        for alias in (name.replace("-", "_"), name.replace("-", "/")):
            b = run([alias], stdin="{}")
            assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr), alias


def test_usage_errors_exit_2(srv):
    for args in ([], ["no-such-game"], ["--no-such-option", "nim"], ["nim", "a", "b"],
                 ["--max-memory"], ["--max-memory", "12Q", "nim"], ["nim", "/nonexistent/body.json"]):
        r = run(args, stdin="{}")
        assert r.returncode == 2, (args, r)
        assert r.stdout == b"" and r.stderr.startswith(b"grundy: "), (args, r)
    no_text = [n for n, f in listed_games().values() if "text" not in f]
    if no_text:
        r = run(["--text", no_text[0]], stdin="1 0\n0\n")
        assert r.returncode == 2, r


def test_help_version_list(srv):
    r = run(["--help"])
    assert r.returncode == 0 and r.stdout.startswith(b"usage: grundy"), r
    for name, _ in listed_games().values():
        assert name.encode() in r.stdout, name
    r = run(["--version"])
    with open(os.path.join(ROOT, "VERSION")) as f:
        version = f.read().strip()
    assert r.returncode == 0 and r.stdout == f"grundy {version}\n".encode(), r


def test_memory_budget(srv):
    body = json.dumps({"piles": list(range(200000))})
    r = run(["--max-memory", "256K", "nim"], stdin=body)
    assert r.returncode == 1, r
    p = json.loads(r.stderr)
    assert p["status"] == 413 and p["type"].endswith("/memory-budget-exceeded"), p
    r = run(["--max-memory=0", "nim"], stdin=body)  # 0: unlimited
    assert r.returncode == 0, r.stderr[:300]
    r = run(["--max-request-memory", "64M", "nim"], stdin=body)
    assert r.returncode == 0, r.stderr[:300]
