"""Bad input of every shape, on every analysis endpoint, gets a 4xx
application/problem+json answer, and the daemon keeps serving after each.

The endpoints are discovered at run time from GET /v1, so an endpoint added
to the registry (src/games/registry.c) is covered without touching this file.  Each gets:

  * the body-level corpus in tests/reliability/bad_inputs/ (empty body,
    null, arrays where objects belong, trailing commas, NaN/Infinity/1e309,
    a BOM, invalid UTF-8, control characters, duplicate keys, ...);
  * huge shapes made here rather than committed: 100,000 nested brackets,
    200,000 nulls, a 100,000-digit number, a 1 MB string;
  * mutations of the endpoint's example request from api/openapi.yaml: for
    each top-level field, every wrong JSON type, NaN/Infinity/1e309,
    negative sizes, ids of 2^31 and 2^32, a 100,000-digit number string, a
    1 MB string value, 200,000 nulls, deep nesting; for array fields, the
    same applied to the first element;
  * for endpoints that also read text/plain, a few broken bodies.

After every request GET /healthz must answer 200.  The module prints how
many bad inputs it tried.
"""
import glob
import json
import os

import harness

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(os.path.dirname(HERE), "reliability", "bad_inputs")

BIG = 100_000
MB_STRING = "a" * (1 << 20)


class Raw:
    """JSON text inserted verbatim (for tokens json.dumps cannot write)."""

    def __init__(self, text):
        self.text = text


def enc(v):
    if isinstance(v, Raw):
        return v.text
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k) + ":" + enc(x) for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ",".join(enc(x) for x in v) + "]"
    return json.dumps(v)


NAN, INF, NINF, E309 = Raw("NaN"), Raw("Infinity"), Raw("-Infinity"), Raw("1e309")
DIGITS = Raw("1" + "0" * (BIG - 1))                # a 100,000-digit number
DIGIT_STRING = "1" * BIG                           # ... and as a decimal string
DEEP = Raw("[" * BIG + "]" * BIG)                   # 100,000 nested brackets
NULLS = Raw("[" + ",".join(["null"] * 200_000) + "]")
FRACTION = 1.5
TOO_BIG_STRING = str(2**64)

# Values that are the wrong JSON type for each kind of field, and values of
# the right type that no field accepts.
WRONG_TYPES = {
    "bool": [None, 0, 1, "true", [], {}],
    "int": [None, True, "x", "", [], {}, [1], FRACTION, -1, NAN, INF, NINF, E309, DIGITS,
            DIGIT_STRING, TOO_BIG_STRING, "-1"],
    "string": [None, True, 7, [], {}, ["0.77"]],
    "array": [None, True, 7, "x", {}, NAN],
    "object": [None, True, 7, "x", []],
}
ELEMENT_BAD = {
    "int": [None, True, "x", [], {}, FRACTION, -2, "-2", NAN, INF, E309, DIGITS,
            DIGIT_STRING, TOO_BIG_STRING],
    "pair": [None, 7, "x", {}, [0], [0, 1, 2], [0, "x"], [0, -1], [0, FRACTION], [0, None],
             [0, E309], [0, 2**32], [2**32, 0], [0, 2**63], [0, TOO_BIG_STRING]],
    "nested": [None, 7, "x", {}, True],
    "object": [None, 7, "x", [], {"no_such_field": 1}],
}
# Fields whose integers name vertices/positions or count them: ids of 2^31
# and 2^32 must be refused (out of range of the given graph, or too big to
# allocate within the default per-request memory budget).
ID_FIELDS = {"root", "start", "ground", "vertices", "positions"}
# Except: a vertex/position COUNT of 2^31 names a graph whose extra
# vertices are isolated; an implementation that compacts ids may answer it
# (/v1/hackenbush/graph does, in O(edges)), so there 200 is accepted too --
# what must hold is no 5xx, no crash, no hang.  2^32 is past the uint32 ids.
MAY_SUCCEED = {"vertices=2147483648", "positions=2147483648"}

TEXT_BAD = [
    b"", b"x", b"\xff\xfe\x00", b"-1 1\n0\n0 1\n", b"3 1\n0\n0 4294967296\n",
    b"3 1\n0\n0 2147483648\n", b"3 1\n0\n0 5\n", b"3 1\n0\n0 1 2\n", b"3 1\n0\n0 x\n",
    b"3 1\n0\n0\n", b"1" * BIG, b"3 1\n-1\n0 1\n", b"3 1\n0\n0 -1\n", b"\xef\xbb\xbf3 1\n0\n0 1\n",
    b"99999999999999999999999 1\n0\n0 1\n",
]


def kind_of(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, str):
        return "string"
    if isinstance(v, dict):
        return "object"
    if isinstance(v, list):
        if v and all(isinstance(x, (int, str)) and not isinstance(x, bool) for x in v):
            return "int-array"
        if v and all(isinstance(x, list) and len(x) == 2 and
                     all(isinstance(y, int) for y in x) for x in v):
            return "pair-array"
        if v and all(isinstance(x, dict) for x in v):
            return "object-array"
        return "nested-array"
    return "other"


def examples(path):
    """The endpoint's example requests from api/openapi.yaml (may be [])."""
    op = harness.OPENAPI.get("paths", {}).get(path, {}).get("post", {})
    content = op.get("requestBody", {}).get("content", {})
    media = content.get("application/json", {})
    out = []
    if "example" in media:
        out.append(media["example"])
    for ex in (media.get("examples") or {}).values():
        if isinstance(ex, dict) and "value" in ex:
            out.append(ex["value"])
    return [e for e in out if isinstance(e, dict)], "text/plain" in content


def field_mutations(example):
    """(label, body) pairs: each top-level field replaced by bad values."""
    out = []
    for field, value in example.items():
        kind = kind_of(value)
        base_kind = kind if kind in WRONG_TYPES else "array"
        bad = list(WRONG_TYPES[base_kind])
        bad += [MB_STRING, NULLS, DEEP] if base_kind != "string" else [NULLS, DEEP]
        if base_kind == "int" and field in ID_FIELDS:
            bad += [2**31, 2**32]
        for b in bad:
            out.append((f"{field}={label_of(b)}", dict(example, **{field: b})))
        elem = {"int-array": "int", "pair-array": "pair", "nested-array": "nested",
                "object-array": "object"}.get(kind)
        if elem is not None and value:
            ebad = list(ELEMENT_BAD[elem])
            if elem == "int" and field in ID_FIELDS:
                ebad += [2**31, 2**32]
            if elem == "pair":
                ebad += [[0, 2**31], [2**31, 0]]
            for b in ebad:
                out.append((f"{field}/0={label_of(b)}", dict(example, **{field: [b] + value[1:]})))
    return out


def label_of(v):
    if isinstance(v, Raw):
        return v.text if len(v.text) < 20 else f"<{len(v.text)} chars {v.text[:8]}...>"
    s = enc(v)
    return s if len(s) < 30 else f"<{len(s)} chars {s[:10]}...>"


def body_mutations(example):
    """Broken versions of a whole valid request."""
    text = enc(example)
    first = next(iter(example), None)
    out = [
        ("bom+example", b"\xef\xbb\xbf" + text.encode()),
        ("example+trailing-comma", (text[:-1] + ",}").encode()),
        ("example-as-array", ("[" + text + "]").encode()),
        ("example-truncated", text[: len(text) // 2].encode()),
        ("example+garbage", (text + "]").encode()),
        ("example-twice", (text + text).encode()),
    ]
    if first is not None:
        dup = "{" + json.dumps(first) + ":" + enc(example[first]) + "," + text[1:]
        out.append(("duplicate-key", dup.encode()))
        key = json.dumps(first).encode()
        out.append(("invalid-utf8-key",
                    text.encode().replace(key, key[:-1] + b'\xff"', 1)))
        out.append(("control-char-in-key", text.replace(json.dumps(first),
                                                        '"' + first + '\x01"', 1).encode()))
    return out


def whole_body_corpus():
    out = []
    for name in sorted(glob.glob(os.path.join(CORPUS, "*"))):
        if os.path.basename(name).startswith("README"):
            continue
        with open(name, "rb") as f:
            out.append((os.path.basename(name), f.read()))
    out += [
        ("nested-100000-arrays", DEEP.text.encode()),
        ("nested-100000-unclosed", b"[" * BIG),
        ("nested-100000-objects", (('{"a":' * BIG) + "1" + "}" * BIG).encode()),
        ("200000-nulls", NULLS.text.encode()),
        ("100000-digit-number", DIGITS.text.encode()),
        ("100000-digit-string", json.dumps(DIGIT_STRING).encode()),
        ("1MB-string", json.dumps(MB_STRING).encode()),
        ("1MB-key", ('{"' + MB_STRING + '": 1}').encode()),
    ]
    return out


def endpoints(srv):
    idx = srv.get("/v1").json()
    eps = [e["path"] for e in idx["endpoints"] if e.get("method") == "POST"]
    assert eps, "GET /v1 lists no analysis endpoints"
    return eps


def test_every_endpoint_refuses_bad_input(srv):
    tried = 0
    statuses = {}
    failures = []
    no_example = []
    shared = whole_body_corpus()
    for path in endpoints(srv):
        exs, has_text = examples(path)
        if not exs:
            no_example.append(path)
        merged = {}
        for ex in exs:
            for k, v in ex.items():
                merged.setdefault(k, v)
        cases = list(shared)
        for ex in exs:
            cases += body_mutations(ex)
        # Mutate each field once, in the context of the first example that
        # has it (so the other fields stay consistent with it).
        seen = set()
        for ex in exs:
            fresh = {k: v for k, v in ex.items() if k not in seen}
            seen.update(fresh)
            for label, obj in field_mutations(fresh):
                obj = dict(ex, **{k: v for k, v in obj.items()})
                cases.append((label, enc(obj).encode()))
        items = [(label, body, "application/json") for label, body in cases]
        if has_text:
            items += [(f"text:{b[:20]!r}", b, "text/plain") for b in TEXT_BAD]
        for label, body, ctype in items:
            tried += 1
            try:
                r = srv.post_raw(path, body, content_type=ctype, timeout=60)
                statuses[r.status] = statuses.get(r.status, 0) + 1
                if not (400 <= r.status < 500 or (r.status == 200 and label in MAY_SUCCEED)):
                    failures.append(f"{path} [{label}]: status {r.status}: {r.body[:200]!r}")
            except Exception as e:  # contract errors, timeouts, resets
                failures.append(f"{path} [{label}]: {type(e).__name__}: {str(e)[:300]}")
            if not srv.alive():
                raise AssertionError(f"grundyd died on {path} [{label}]")
            h = srv.get("/healthz", timeout=10)
            assert h.status == 200, f"/healthz after {path} [{label}]: {h!r}"
    print(f"    bad inputs tried: {tried} on {len(endpoints(srv))} endpoints, "
          f"{len(failures)} not refused with a 4xx problem; statuses {dict(sorted(statuses.items()))}")
    if no_example:
        print(f"    endpoints without an example request in openapi.yaml: {no_example}")
    assert not failures, "\n".join(failures[:40]) + (
        f"\n... and {len(failures) - 40} more" if len(failures) > 40 else "")
