"""The game table, src/games/games.def, as the tests read it.

rows() gives one dict per GR_GAME(...) row above the table's marker, in
table order: kind ("impartial", "partizan", "none"), name, path, cli,
offers (the GR_OFFER_ names without the prefix, e.g. {"SUM", "MISERE"}),
and the hooks json, text, json_fast, misere (a C name, or None).
"""
import os
import re

from harness import ROOT

MARKER = "/* @@ games: add new rows above this line @@ */"


def source():
    with open(os.path.join(ROOT, "src", "games", "games.def"), encoding="utf-8") as f:
        return f.read()


def above(text, marker):
    """The text above the marker line, which must occur exactly once."""
    assert text.count(marker) == 1, f"marker {marker!r} missing or repeated"
    return text[:text.index(marker)]


def rows():
    text = source()
    head = re.sub(r"/\*.*?\*/", "", above(text, MARKER), flags=re.S)
    tail = text[len(above(text, MARKER)):].split("\n", 1)[1]
    assert "GR_GAME(" not in tail, "rows below the game table's marker"
    found = []
    for m in re.finditer(r"GR_GAME\((\w+),\s*(\w+),(.*?)\)\s*(?=GR_GAME\(|$)", head, re.S):
        kind, name, fields = m.group(1), m.group(2), " ".join(m.group(3).split())
        row = {"kind": kind, "name": name, "offers": set()}
        for key, value in re.findall(r"\.(\w+) = ((?:[^,]|,(?! \.))+)", fields):
            value = value.strip()
            if key == "offers":
                row["offers"] = set(re.findall(r"GR_OFFER_(\w+)", value))
            else:
                row[key] = value.strip('"')
        for hook in ("json", "text", "json_fast", "misere"):
            row.setdefault(hook, None)
        found.append(row)
    assert len(found) == head.count("GR_GAME("), "a game table row the pattern does not read"
    return found
