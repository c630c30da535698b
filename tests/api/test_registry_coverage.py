"""Every row of the game table is present wherever a game must be.

Adding a game is a row in src/games/games.def and what the checklist in
docs/architecture.md lists; this module checks the parts a reviewer could
miss, from the table itself (tests/api/game_table.py reads it): a row's
path, name and cli are the markers looked for:

- the daemon serves the row (GET /v1 lists exactly the table's paths, and
  the sequence and quotient GETs of the rows that offer them);
- api/openapi.yaml has its path (and its GETs), and its game is a
  /v1/sum component (the discriminator mapping and the move's game enum);
- README.md has a section naming the path, and /v1/sum's game list names
  the game;
- tests/fuzz/corpus/<cli> has seeds for it;
- the playground (GET /) offers it.

The "@@ ... above this line @@" markers in the table, the endpoints
header, the README and the OpenAPI document are read here too: each must
exist, and everything of its kind must stand above it, so a new row added
below a marker fails.
"""
import os
import re

import yaml

import game_table
from game_table import above
from harness import ROOT


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def rows():
    """(path, kind, readers) of every row of the game table."""
    return [(r["path"], r["kind"], [r[h] for h in ("json", "text", "json_fast") if r[h]])
            for r in game_table.rows()]


def games(srv):
    """(path, game name) of every sum component: the names /v1/sum knows,
    which its unknown-game problem lists, impartial games first, then the
    partizan ones, each in table order."""
    r = srv.post_json("/v1/sum", {"components": [{"game": "?"}]})
    listed = re.search(r"\(games: ([^)]*)\)", r.json()["detail"]).group(1).split(", ")
    table = game_table.rows()
    want = [(t["path"], t["name"]) for kind in ("impartial", "partizan") for t in table
            if t["kind"] == kind and "SUM" in t["offers"]]
    assert listed == [n for _, n in want], (listed, want)
    return want


def test_the_daemon_serves_the_registry(srv):
    index = srv.get("/v1").json()
    posts = sorted(e["path"] for e in index["endpoints"] if e["method"] == "POST")
    assert posts == sorted(p for p, _, _ in rows()), posts
    gets = {e["path"] for e in index["endpoints"] if e["method"] == "GET"}
    for r in game_table.rows():
        for offer, suffix in (("SEQUENCE", "/sequence"), ("QUOTIENT", "/misere-quotient")):
            assert (r["path"] + suffix in gets) == (offer in r["offers"]), (r["path"], offer)


def test_declarations_stand_above_their_markers(srv):
    eps = above(read("src/games/endpoints.h"),
                "/* @@ endpoints: add new declarations above this line @@ */")
    for r in game_table.rows():
        assert r["kind"] in ("impartial", "partizan", "none"), r
        assert (r["misere"] is not None) == ("MISERE" in r["offers"]), r["name"]
        for h in ("json", "text", "json_fast"):
            if r[h]:
                assert re.search(rf"\bgr_endpoint_(json|text) {r[h]};", eps), (r["path"], r[h])


def test_openapi_has_every_row(srv):
    text = read("api/openapi.yaml")
    doc = yaml.safe_load(text)
    paths_part = above(text, "  # @@ paths: add new paths above this line @@")
    schemas_part = above(text, "    # @@ schemas: add new schemas above this line @@")
    # the markers close their blocks: no path or schema is defined below them
    after_paths = text[len(paths_part):].split("\n", 1)[1]
    assert not re.match(r"(\s*\n)*  /", after_paths), "a path below the paths marker"
    after_schemas = text[len(schemas_part):].split("\n", 1)[1]
    assert not re.search(r"^    [A-Za-z]\w*:", after_schemas, re.M), "a schema below its marker"
    for path, _, _ in rows():
        assert "post" in doc["paths"].get(path, {}), f"{path} has no POST in api/openapi.yaml"
        assert f"\n  {path}:" in paths_part, path
    for r in game_table.rows():
        for offer, suffix in (("SEQUENCE", "/sequence"), ("QUOTIENT", "/misere-quotient")):
            if offer in r["offers"]:
                assert "get" in doc["paths"].get(r["path"] + suffix, {}), (r["path"], suffix)
    schemas = doc["components"]["schemas"]
    mapping = schemas["SumComponent"]["discriminator"]["mapping"]
    move_games = schemas["SumMove"]["properties"]["game"]["enum"]
    # a sum with a partizan component moves by SumPartizanMove, any game
    partizan_games = schemas["SumPartizanMove"]["properties"]["game"]["enum"]
    impartial = {r["name"] for r in game_table.rows() if r["kind"] == "impartial"}
    for path, name in games(srv):
        assert name in mapping, f"{name} is not a /v1/sum component in api/openapi.yaml"
        assert name in partizan_games, f"{name} is not in SumPartizanMove's game enum"
        if name in impartial:
            assert name in move_games, f"{name} is not in SumMove's game enum"
    assert sorted(mapping) == sorted(n for _, n in games(srv)), mapping


def test_the_readme_has_a_section_for_every_row(srv):
    readme = above(read("README.md"),
                   "<!-- @@ readme games: add new game sections above this line @@ -->")
    headings = [ln for ln in readme.split("\n") if ln.startswith("### ")]
    sum_list = readme[readme.index("### Sums of games"):]
    sum_list = sum_list[:sum_list.index("\n\n")]
    for path, _, _ in rows():
        assert any(f"`{path}`" in h or f"`POST {path}`" in h for h in headings), \
            f"README.md has no section heading naming {path}"
    for path, name in games(srv):
        assert f"`{name}`" in sum_list, f"the /v1/sum section of README.md does not list {name}"


def test_the_fuzzer_has_seeds_for_every_row(srv):
    corpus = os.path.join(ROOT, "tests", "fuzz", "corpus")
    for r in game_table.rows():
        d = os.path.join(corpus, r["cli"])
        assert os.path.isdir(d) and os.listdir(d), f"no fuzz seeds in {d}"


def test_the_playground_offers_every_row(srv):
    page = srv.get("/").body.decode("utf-8")
    for path, _, _ in rows():
        assert f'"{path}"' in page, f"the playground (GET /) does not offer {path}"
