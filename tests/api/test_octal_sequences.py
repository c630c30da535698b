"""Octal and subtraction tables over HTTP: hexadecimal codes, Grundy's game and the aliases,
the "sequence" option, GET /v1/{octal,subtraction}/sequence (strict
queries, ETag, 304, the event stream parsed), the shared table cache (hits,
single flight under concurrency, eviction, /v1/sum components) in
/metrics.  References: explicit-move brute force in Python, and the OEIS
terms in tests/data/octal_reference.txt."""
import concurrent.futures
import json
import os
import random
import re
import time
import http.client

import harness
from concurrency import stable
from harness import expect_problem, mex, octal_values

# Tables of periodic codes stop at their period; the others (Grundy's game,
# 0.6) at this bound, which keeps each under a few seconds.
SERVER_ARGS = ["--max-octal-values", "150000", "--threads", "4"]

HUGE = 2**63 - 1
DATA = os.path.join(harness.ROOT, "tests", "data", "octal_reference.txt")


def reference_values():
    out = {}
    with open(DATA, encoding="utf-8") as f:
        for line in f:
            if line.startswith("values "):
                _, name, code, off, vals = line.split()
                out[name] = (code, int(off), [int(v) for v in vals.split(",")])
    return out


def digits_of(code):
    return [0] + [int(ch, 16) for ch in code[2:]]


def post(srv, path, body, status=200):
    r = srv.post_json(path, body)
    assert r.status == status, r
    return r.json()


def metrics(srv):
    text = srv.get("/metrics").body.decode()
    out = {}
    for name in ("hits", "misses", "shared", "evictions"):
        out[name] = int(re.search(rf"^grundyd_table_cache_{name}_total (\d+)$", text, re.M).group(1))
    out["bytes"] = int(re.search(r"^grundyd_table_cache_bytes (\d+)$", text, re.M).group(1))
    out["memory"] = int(re.search(r"^grundyd_memory_bytes (\d+)$", text, re.M).group(1))
    return out


def test_oeis_first_values_and_aliases(srv):
    for name, (code, off, vals) in reference_values().items():
        r = post(srv, "/v1/octal", {"code": code, "heaps": [1],
                                    "sequence": {"from": off, "count": len(vals)}})
        assert r["sequence"] == vals, name
    for alias, code in [("kayles", "0.77"), ("dawsons-kayles", "0.07"),
                        ("dawsons-chess", "0.137"), ("treblecross", "0.007")]:
        heaps = [40, 77] if alias == "treblecross" else [str(HUGE), 40]  # 0.007: no period
        a = post(srv, "/v1/octal", {"code": alias, "heaps": heaps})
        b = post(srv, "/v1/octal", {"code": code, "heaps": heaps})
        assert a == b, alias
        assert a["heap_grundy"][-1] == octal_values(code, 78)[int(heaps[-1])], alias


def replay(srv, code, heaps, move):
    heaps = list(heaps)
    leaves = [int(x) for x in move["leaves"]]
    i = move["heap"]
    assert leaves == sorted(leaves) and all(x >= 1 for x in leaves)
    assert sum(leaves) + move["take"] == heaps[i]
    if code == "grundy":
        assert move["take"] == 0 and len(leaves) == 2 and leaves[0] < leaves[1]
    else:
        assert digits_of(code)[move["take"]] & (1 << len(leaves)), (code, move)
    heaps[i:i + 1] = leaves
    after = post(srv, "/v1/octal", {"code": code, "heaps": [str(h) for h in heaps]})
    assert after["grundy"] == 0 and after["winning_move"] is None, (code, move, after)


def test_hex_codes_against_brute_force(srv):
    rng = random.Random(17)
    hexd = "0123456789abcdefABCDEF"
    for _ in range(10):
        code = "0." + "".join(rng.choice(hexd) for _ in range(rng.randrange(1, 3)))
        g = octal_values(code, 45)
        r = post(srv, "/v1/octal", {"code": code, "heaps": list(range(45))})
        assert r["heap_grundy"] == g, code
        heaps = [rng.randrange(1, 45) for _ in range(3)]
        r = post(srv, "/v1/octal", {"code": code, "heaps": heaps, "all_winning_moves": True,
                                    "max_moves": 6})
        total = 0
        for h in heaps:
            total ^= g[h]
        assert (r["winning_move"] is None) == (total == 0), (code, r)
        for m in r.get("winning_moves", [])[:3]:
            replay(srv, code, heaps, m)


def test_grundys_game(srv):
    _, off, vals = reference_values()["A002188"]
    r = post(srv, "/v1/octal", {"code": "grundy", "heaps": list(range(len(vals)))})
    assert r["heap_grundy"] == vals and r["period"] is None
    # the table grows to the question: a chunk, not the whole bound
    assert len(vals) <= r["values_computed"] < 150000, r["values_computed"]
    assert r["period_status"] == "searching"
    g = octal_values("grundy", 300)
    rng = random.Random(5)
    for _ in range(6):
        heaps = [rng.randrange(3, 300) for _ in range(2)]
        r = post(srv, "/v1/octal", {"code": "grundy", "heaps": heaps, "all_winning_moves": True})
        if g[heaps[0]] ^ g[heaps[1]] == 0:
            assert r["winning_move"] is None
            continue
        for m in r["winning_moves"][:4]:
            replay(srv, "grundy", heaps, m)
    expect_problem(srv.post_json("/v1/octal", {"code": "grundy", "heaps": [150000]}), 422,
                   "/heaps/0")
    # that grew it to the bound: no period there, and no search left
    r = post(srv, "/v1/octal", {"code": "grundy", "heaps": [5]})
    assert r["values_computed"] == 150000 and r["period_status"] == "not found", r


def test_huge_heaps_of_long_periods_replayed(_srv):
    # 0.16: preperiod 105,351, period 149,459; 0.56: 326,640 / 144 (the
    # default value bound: these tables stop at their periods)
    srv = harness.Server().start()
    try:
        long_periods(srv)
    finally:
        assert srv.stop() == 0


def long_periods(srv):
    for code, e, p in [("0.16", 105351, 149459), ("0.56", 326640, 144)]:
        # a huge heap grows the table in the request until the period is
        # confirmed; a small heap after it is answered from it
        r = post(srv, "/v1/octal", {"code": code, "heaps": [str(HUGE)]})
        assert r["period"] == {"preperiod": e, "period": p}, (code, r)
        assert r["period_status"] == "confirmed", r
        r = post(srv, "/v1/octal", {"code": code, "heaps": [1]})
        assert r["period"] == {"preperiod": e, "period": p}, (code, r)
        heaps = [HUGE - 12345, 10**15 + 7]
        r = post(srv, "/v1/octal", {"code": code, "heaps": [str(h) for h in heaps],
                                    "all_winning_moves": True, "max_moves": 4})
        if r["grundy"] != 0:
            for m in r["winning_moves"][:2]:
                replay(srv, code, heaps, m)


def get_seq(srv, query, headers=None, status=200):
    r = srv.get("/v1/octal/sequence?" + query, headers=headers or {})
    assert r.status == status, r
    return r


def test_get_sequence_document_and_caching_headers(srv):
    r = get_seq(srv, "code=0.77&from=0&count=100")
    doc = r.json()
    post_doc = post(srv, "/v1/octal", {"code": "0.77", "heaps": [1],
                                       "sequence": {"from": 0, "count": 100}})
    assert doc == {"code": "0.77", "from": 0, "sequence": post_doc["sequence"],
                   "period": {"preperiod": 71, "period": 12}, "values_computed": 168,
                   "period_status": "confirmed"}
    assert r.header("cache-control") == "public, max-age=31536000, immutable"
    etag = r.header("etag")
    assert etag and etag.startswith('"') and etag.endswith('"')
    # the same query gives the same bytes and tag; another query another tag
    r2 = get_seq(srv, "count=100&code=0.77")
    assert r2.body == r.body and r2.header("etag") == etag
    assert get_seq(srv, "code=0.77&count=99").header("etag") != etag
    for inm in (etag, "W/" + etag, '"x", ' + etag, "*"):
        n = get_seq(srv, "code=0.77&from=0&count=100", headers={"If-None-Match": inm},
                    status=304)
        assert n.body == b"" and n.header("etag") == etag
    get_seq(srv, "code=0.77&from=0&count=100", headers={"If-None-Match": '"nope"'})
    # huge heaps through the period
    r = get_seq(srv, f"code=dawsons-chess&from={HUGE - 9}&count=10").json()
    _, _, table = reference_values()["A002187"]
    e, p = 52, 34
    assert r["period"] == {"preperiod": e, "period": p}
    assert r["sequence"] == [table[e + (h - e) % p] for h in range(HUGE - 9, HUGE + 1)]


def test_get_sequence_strict_query(srv):
    cases = [
        ("code=0.77&count=5&bogus=1", "/query/bogus"),
        ("code=0.77&count=5&count=6", "/query/count"),
        ("code=0.77", "/query/count"),
        ("count=5", "/query/code"),
        ("code=0.7x&count=5", "/query/code"),
        ("code=0.77&count=-1", "/query/count"),
        ("code=0.77&count=1e3", "/query/count"),
        ("code=0.77&count=+5", "/query/count"),
        ("code=0.77&count=", "/query/count"),
        ("code=0.77&count=100001", "/query/count"),
        ("code=0.77&count=5&from=x", "/query/from"),
        ("code=0.77&count=5&from=9223372036854775808", "/query/from"),
        ("code=0.77&count=5&from=9223372036854775805", "/query/count"),
    ]
    for q, ptr in cases:
        expect_problem(srv.get("/v1/octal/sequence?" + q), 400, ptr)
    # beyond a table without a period
    expect_problem(srv.get("/v1/octal/sequence?code=0.6&from=149990&count=11"), 422,
                   "/query/count")
    r = srv.request("POST", "/v1/octal/sequence", body=b"{}",
                    headers={"Content-Type": "application/json"})
    assert r.status == 405


def read_events(srv, query, timeout=60, beats=None):
    """The stream's events as (arrival, kind, data); SSE comment lines
    (the server's heartbeats) are left out, their arrival times appended
    to beats when given."""
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=timeout)
    conn.request("GET", query, headers={"Accept": "text/event-stream"})
    resp = conn.getresponse()
    assert resp.status == 200
    assert resp.getheader("Content-Type").startswith("text/event-stream")
    events, buf = [], b""
    while True:
        chunk = resp.read1(65536)
        if not chunk:
            break
        buf += chunk
        while b"\n\n" in buf:
            block, buf = buf.split(b"\n\n", 1)
            lines = [ln for ln in block.decode().split("\n") if not ln.startswith(":")]
            if not lines:  # a comment only: a heartbeat
                if beats is not None:
                    beats.append(time.monotonic())
                continue
            fields = dict(line.split(": ", 1) for line in lines)
            events.append((time.monotonic(), fields["event"], json.loads(fields["data"])))
    conn.close()
    return events


def test_event_stream(srv):
    # the request grows 0.14's table (no sparse space: quadratic) to 65,536
    # values, a fraction of a second here and well inside the time limit
    # under ASan on one slow core
    q = "/v1/octal/sequence?code=0.14&from=40000&count=50"
    t0 = time.monotonic()
    beats = []
    events = read_events(srv, q, beats=beats)
    took = time.monotonic() - t0
    kinds = [k for _, k, _ in events]
    assert kinds[-1] == "result" and set(kinds[:-1]) == {"progress"}, kinds
    progress = [d for _, k, d in events if k == "progress"]
    assert len(progress) >= 1, kinds
    for d in progress:
        assert d["target"] == 40050 and 0 <= d["values_computed"] <= 150000
    seen = [d["values_computed"] for d in progress]
    assert seen == sorted(seen), seen
    # Between events the callback sends a heartbeat rather than hold a
    # network thread (after 0.25 s of silence by the server's clock); how
    # many arrive depends on the machine's speed, so only that they come is
    # checked.  Three progress events span at least one half second of
    # computing by the server's clock, in which a heartbeat is due before
    # the next progress, however late either is sent.
    if len(progress) >= 3:
        assert len(beats) >= 1, (len(beats), took)
    doc = events[-1][2]
    again = get_seq(srv, "code=0.14&from=40000&count=50").json()
    # the background may have grown the table since: the values agree
    assert {k: v for k, v in doc.items() if k not in ("values_computed", "period_status")} == \
        {k: v for k, v in again.items() if k not in ("values_computed", "period_status")}
    assert doc["sequence"] == post(srv, "/v1/octal", {"code": "0.14", "heaps": list(range(40000, 40050))})["heap_grundy"]
    # errors arrive as a problem event
    events = read_events(srv, "/v1/octal/sequence?code=0.14&from=150000&count=1")
    assert events[-1][1] == "problem" and events[-1][2]["status"] == 422, events[-1]
    assert events[-1][2]["type"].endswith("/limit-exceeded")
    # invalid queries stay plain problems
    expect_problem(srv.get("/v1/octal/sequence?code=0.6",
                           headers={"Accept": "text/event-stream"}), 400, "/query/count")


def test_subtraction_sequences(srv):
    def brute_sub(s, n):
        g = []
        for i in range(n):
            g.append(mex({g[i - x] for x in s if x <= i}))
        return g
    r = srv.get("/v1/subtraction/sequence?subtraction_set=7,2,5,2&from=3&count=60")
    assert r.status == 200 and r.header("etag")
    doc = r.json()
    assert doc["subtraction_set"] == [2, 5, 7] and doc["from"] == 3
    assert doc["sequence"] == brute_sub([2, 5, 7], 63)[3:]
    assert doc["period"] == {"preperiod": 0, "period": 22}
    again = srv.get("/v1/subtraction/sequence?subtraction_set=2,5,7&from=3&count=60",
                    headers={"If-None-Match": r.header("etag")})
    assert again.status == 304
    doc = srv.get(f"/v1/subtraction/sequence?max_take=4&from={HUGE - 2}&count=3").json()
    assert doc["sequence"] == [(HUGE - 2 + i) % 5 for i in range(3)] and doc["max_take"] == 4
    p = post(srv, "/v1/subtraction", {"piles": [1], "subtraction_set": [1, 3, 4],
                                      "sequence": {"count": 30}})
    assert p["sequence"] == brute_sub([1, 3, 4], 30)
    for q, ptr in [("count=5", "/query/subtraction_set"),
                   ("subtraction_set=1,3&max_take=2&count=5", "/query/max_take"),
                   ("subtraction_set=1,,3&count=5", "/query/subtraction_set"),
                   ("subtraction_set=0&count=5", "/query/subtraction_set"),
                   ("max_take=0&count=5", "/query/max_take"),
                   ("subtraction_set=1&count=5&code=0.7", "/query/code")]:
        expect_problem(srv.get("/v1/subtraction/sequence?" + q), 400, ptr)
    expect_problem(srv.post_json("/v1/subtraction", {"piles": [1], "max_take": 2,
                                                     "sequence": {"count": 100001}}),
                   422, "/sequence/count")


def test_sequence_option_errors(srv):
    expect_problem(srv.post_json("/v1/octal", {"code": "0.77", "heaps": [1],
                                               "sequence": {"from": 1}}), 400, "/sequence/count")
    expect_problem(srv.post_json("/v1/octal", {"code": "0.77", "heaps": [1],
                                               "sequence": {"count": 1, "x": 2}}), 400)
    expect_problem(srv.post_json("/v1/octal", {"code": "0.6", "heaps": [1],
                                               "sequence": {"from": 149999, "count": 2}}),
                   422, "/sequence")
    expect_problem(srv.post_json("/v1/sum", {"components": [
        {"game": "octal", "code": "0.77", "heaps": [1], "sequence": {"count": 1}}]}),
        400, "/components/0/sequence")


def test_cache_hits_and_single_flight(srv):
    post(srv, "/v1/octal", {"code": "0.137", "heaps": [1]})
    before = metrics(srv)
    post(srv, "/v1/octal", {"code": "0.137", "heaps": [2]})  # cached now
    mid = metrics(srv)
    assert mid["hits"] == before["hits"] + 1 and mid["misses"] == before["misses"], (before, mid)
    # eight concurrent requests for a table nobody computed yet: one miss
    body = {"code": "0.6", "heaps": [1000], "sequence": {"from": 0, "count": 200}}
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as ex:
        answers = list(ex.map(lambda _: srv.post_json("/v1/octal", body), range(8)))
    # the background may grow the shared table between answers: all but what
    # grows with it is the same (concurrency.stable)
    first = stable("/v1/octal", 200, answers[0].body)
    assert all(a.status == 200 and stable("/v1/octal", 200, a.body) == first
               for a in answers), answers
    time.sleep(0.2)  # the last request's release runs as its connection completes
    after = metrics(srv)
    assert after["misses"] == mid["misses"] + 1, (mid, after)
    assert after["hits"] + after["shared"] == mid["hits"] + mid["shared"] + 7, (mid, after)
    # /v1/sum components use the same tables
    post(srv, "/v1/sum", {"components": [{"game": "octal", "code": "0.6", "heaps": [5]},
                                         {"game": "octal", "code": "0.137", "heaps": [5]}]})
    time.sleep(0.2)
    last = metrics(srv)
    assert last["hits"] == after["hits"] + 2 and last["misses"] == after["misses"], (after, last)
    # the cached tables are charged to the process memory budget
    # (--max-memory): what /metrics reports as used includes them
    assert last["bytes"] > 0 and last["memory"] >= last["bytes"], last


def test_cache_eviction(_srv):
    srv = harness.Server(args=["--cache-memory", "1M"]).start()
    try:
        # huge heaps: each table grows to its period
        post(srv, "/v1/octal", {"code": "0.56", "heaps": [str(HUGE)]})   # ~650 KB
        post(srv, "/v1/octal", {"code": "0.16", "heaps": [str(HUGE)]})   # ~520 KB
        m = metrics(srv)
        assert m["evictions"] >= 1, m
        post(srv, "/v1/octal", {"code": "0.56", "heaps": [str(HUGE)]})
        m2 = metrics(srv)
        assert m2["misses"] == m["misses"] + 1, (m, m2)
    finally:
        assert srv.stop() == 0
