"""Every row of the endpoint registry is present wherever a game must be.

Adding a game is a registry row (src/games/registry.c) and what the
checklist in docs/architecture.md lists; this module checks the parts a
reviewer could miss, from the registry itself:

- the daemon serves the row (GET /v1 lists exactly the registry's paths);
- api/openapi.yaml has its path, and its game is a /v1/sum component
  (the discriminator mapping and the move's game enum);
- README.md has a section naming the path, and /v1/sum's game list names
  the game;
- tests/fuzz/corpus has seeds for it;
- the playground (GET /) offers it.

The "@@ ... above this line @@" markers in the registry, the family and
endpoint headers, the README and the OpenAPI document are read here too:
each must exist, and everything of its kind must stand above it, so a
new row added below a marker fails.
"""
import os
import re

import yaml

from harness import ROOT


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def above(text, marker):
    """The text above the marker line, which must occur exactly once."""
    assert text.count(marker) == 1, f"marker {marker!r} missing or repeated"
    return text[:text.index(marker)]


REGISTRY = read("src/games/registry.c")
ROW = re.compile(r'\{"(/v1/[^"]+)", (?:&(gr_family_\w+)|NULL), (\w+), (\w+), (\w+), GR_COST_\w+\}')


def rows():
    """(path, family symbol or None, readers) of every registry row, from
    the table above its marker; nothing but the table's end below it."""
    table = REGISTRY[REGISTRY.index("gr_registry[] = {"):]
    head = above(table, "/* @@ registry: add new endpoints above this line @@ */")
    tail = table[len(head):].split("\n", 1)[1]
    assert tail.lstrip().startswith("};"), "rows below the registry's marker"
    found = [(m[0], m[1] or None, [r for r in m[2:] if r != "NULL"])
             for m in ROW.findall(re.sub(r"\s+", " ", head))]
    assert len(found) == head.count('{"/v1/'), "a registry row the pattern does not read"
    return found


def games(srv):
    """(path, game name) of every row with a family: the names are those
    /v1/sum knows, which its unknown-game problem lists in registry order."""
    r = srv.post_json("/v1/sum", {"components": [{"game": "?"}]})
    listed = re.search(r"\(games: ([^)]*)\)", r.json()["detail"]).group(1).split(", ")
    fams = [path for path, fam, _ in rows() if fam is not None]
    # the partizan games have readers of their own (no gr_family) and are
    # sum components all the same, listed after the impartial ones
    partizan = sorted(path for path, fam, _ in rows() if fam is None and path != "/v1/sum")
    named = sorted(listed[len(fams):])
    assert named == sorted(p[len("/v1/"):].replace("/", "_") for p in partizan), (listed, fams)
    by_name = {p[len("/v1/"):].replace("/", "_"): p for p in partizan}
    return list(zip(fams, listed)) + [(by_name[n], n) for n in named]


def test_the_daemon_serves_the_registry(srv):
    index = srv.get("/v1").json()
    posts = sorted(e["path"] for e in index["endpoints"] if e["method"] == "POST")
    assert posts == sorted(p for p, _, _ in rows()), posts


def test_declarations_stand_above_their_markers(srv):
    fams = above(read("src/games/families.h"),
                 "/* @@ family declarations: add new ones above this line @@ */")
    eps = above(read("src/games/endpoints.h"),
                "/* @@ endpoints: add new declarations above this line @@ */")
    for path, fam, readers in rows():
        if fam is not None:
            assert f"extern const gr_family {fam};" in fams, (path, fam)
        for r in readers:
            assert re.search(rf"\bgr_endpoint_(json|text) {r};", eps), (path, r)


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
    schemas = doc["components"]["schemas"]
    mapping = schemas["SumComponent"]["discriminator"]["mapping"]
    move_games = schemas["SumMove"]["properties"]["game"]["enum"]
    # a sum with a partizan component moves by SumPartizanMove, any game
    partizan_games = schemas["SumPartizanMove"]["properties"]["game"]["enum"]
    impartial = {n for p, fam, _ in rows() if fam is not None
                 for q, n in games(srv) if q == p}
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
    for path, _, _ in rows():
        d = os.path.join(corpus, path[len("/v1/"):].replace("/", "-"))
        assert os.path.isdir(d) and os.listdir(d), f"no fuzz seeds in {d}"


def test_the_playground_offers_every_row(srv):
    page = srv.get("/").body.decode("utf-8")
    for path, _, _ in rows():
        assert f'"{path}"' in page, f"the playground (GET /) does not offer {path}"
