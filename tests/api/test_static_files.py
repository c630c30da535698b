"""The daemon's own small GETs: the playground's files (GET /, /web/...), the docs
(GET /docs/<name>) and GET /v1/limits.

The page is markup plus ES modules: every module it reaches from web/main.mjs (static
imports, and the game modules GET /web/games/ lists) must be served, byte for byte the
file in web/, as text/javascript (a browser refuses a module of any other type, and the
daemon sends nosniff).  /v1/limits must say what the daemon was started with."""
import os
import re

import harness
from harness import ROOT, Server, expect_problem

SERVER_ARGS = ["--max-inflight", "7", "--max-inflight-per-client", "3", "--rate-per-client", "9",
               "--rate-burst", "33", "--max-body", "1000000", "--max-analysis-seconds", "12"]

IMPORT = re.compile(r'^import \{[^}]*\} from "([^"]+)";', re.M)


def test_limits_are_the_flags(srv):
    r = srv.get("/v1/limits")
    assert r.status == 200 and r.header("content-type").startswith("application/json")
    lim = r.json()
    assert lim["max_inflight"] == 7
    assert lim["max_inflight_per_client"] == 3
    assert lim["rate_per_client"] == 9
    assert lim["rate_burst"] == 33
    assert lim["max_body"] == 1000000
    assert lim["max_analysis_seconds"] == 12
    for k, v in lim.items():
        assert isinstance(v, int) and v >= 0, k


def test_every_module_the_page_reaches_is_served_as_javascript(srv):
    page = srv.get("/")
    assert page.status == 200 and page.header("content-type").startswith("text/html")
    html = page.body.decode()
    assert len(html.splitlines()) <= 400
    assert 'src="web/main.mjs"' in html and 'href="web/style.css"' in html
    css = srv.get("/web/style.css")
    assert css.status == 200 and css.header("content-type").startswith("text/css")
    games = srv.get("/web/games/")
    assert games.status == 200 and games.header("content-type").startswith("application/json")
    listed = games.json()
    on_disk = sorted(f for f in os.listdir(os.path.join(ROOT, "web", "games")) if f.endswith(".mjs"))
    assert sorted(listed) == on_disk
    todo, seen = ["web/main.mjs"] + ["web/games/" + g for g in listed], set()
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        r = srv.get("/" + f)
        assert r.status == 200, f
        assert r.header("content-type").startswith("text/javascript"), f
        with open(os.path.join(ROOT, f), "rb") as fh:
            assert r.body == fh.read(), f
        for imp in IMPORT.findall(r.body.decode()):
            todo.append(os.path.normpath(os.path.join(os.path.dirname(f), imp)))
    assert any(f.startswith("web/kit/") for f in seen)  # a subdirectory is served
    for f in seen:
        with open(os.path.join(ROOT, f), encoding="utf-8") as fh:
            assert len(fh.read().splitlines()) <= 800, f


def test_docs_are_served_as_markdown(srv):
    for name in sorted(os.listdir(os.path.join(ROOT, "docs"))):
        if not name.endswith(".md"):
            continue
        r = srv.get("/docs/" + name[:-3])
        assert r.status == 200, name
        assert r.header("content-type").startswith("text/markdown"), name
        with open(os.path.join(ROOT, "docs", name), "rb") as fh:
            assert r.body == fh.read(), name


def test_unknown_files_are_404_problems(srv):
    for path in ["/web/nope.mjs", "/web/../src/http/static.c", "/docs/nope", "/docs/octal.md", "/web/nowhere/"]:
        expect_problem(srv.get(path), 404)


def test_the_page_loads_past_a_tight_rate_limit(srv):
    """Thirty-odd modules load at once: the static files are not counted by the rate limit
    (a request a second, a bucket of one), while an API GET still is."""
    tight = Server(args=["--log-format", "off", "--rate-per-client", "1", "--rate-burst", "1"],
                   env={"GRUNDYD_RATE_PER_CLIENT": "1"}).start()
    try:
        for _ in range(40):
            assert tight.get("/web/main.mjs").status == 200
            assert tight.get("/docs/octal").status == 200
        statuses = {tight.get("/v1/limits", check=False).status for _ in range(5)}
        assert 429 in statuses
    finally:
        tight.stop()
