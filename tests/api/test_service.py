"""The service foundation: routes, methods, content types, CORS, problems,
the number rules, metrics, the index and the embedded documents."""
import json
import time

import yaml

from harness import OPENAPI, expect_problem

NIM = "/v1/nim"


def test_healthz_readyz(srv):
    r = srv.get("/healthz")
    assert r.status == 200 and r.json() == {"status": "ok"}
    assert r.header("access-control-allow-origin") == "*"
    assert r.header("x-request-id")
    r = srv.get("/readyz")
    assert r.status == 200 and r.json() == {"status": "ready"}


def test_head_is_get_without_body(srv):
    r = srv.request("HEAD", "/healthz")
    assert r.status == 200 and r.body == b""


def test_index_lists_every_documented_path(srv):
    r = srv.get("/v1")
    idx = r.json()
    paths = {e["path"] for e in idx["endpoints"]}
    assert NIM in paths and "/healthz" in paths
    for e in idx["endpoints"]:
        assert e["path"] in OPENAPI["paths"], f"{e['path']} served but not in openapi.yaml"
        assert e["method"].lower() in OPENAPI["paths"][e["path"]]
    for p in OPENAPI["paths"]:
        assert p in paths, f"{p} documented but not served"


def test_openapi_served_is_the_file(srv):
    r = srv.get("/openapi.yaml")
    assert r.status == 200
    assert r.header("content-type").startswith("application/yaml")
    assert yaml.safe_load(r.body) == OPENAPI


def test_playground_served(srv):
    r = srv.get("/")
    assert r.status == 200 and r.header("content-type").startswith("text/html")
    assert b"<" in r.body


def test_unknown_path_404(srv):
    p = expect_problem(srv.get("/v1/nope"), 404)
    assert p["type"].endswith("/not-found")
    expect_problem(srv.post_json("/v2/nim", {"piles": [1]}), 404)


def test_wrong_method_405_with_allow(srv):
    r = srv.get(NIM)
    expect_problem(r, 405)
    assert "POST" in r.header("allow")
    r = srv.request("DELETE", NIM)
    expect_problem(r, 405)
    r = srv.post_json("/healthz", {})
    expect_problem(r, 405)
    assert "GET" in r.header("allow")


def test_cors_preflight(srv):
    r = srv.request("OPTIONS", NIM, headers={
        "Origin": "http://example.test", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})
    assert r.status == 204
    assert r.header("access-control-allow-origin") == "*"
    assert "POST" in r.header("access-control-allow-methods")
    assert "content-type" in r.header("access-control-allow-headers").lower()
    r = srv.post_json(NIM, {"piles": [1]}, headers={"Origin": "http://example.test"})
    assert r.header("access-control-allow-origin") == "*"
    # a browser may read the request id of a CORS answer
    assert "x-request-id" in r.header("access-control-expose-headers").lower()
    p = expect_problem(srv.post_json(NIM, {"piles": "x"}, headers={"Origin": "http://a.test"}), 400)
    assert p["pointer"] == "/piles"


def test_cors_headers_on_every_kind_of_answer(srv):
    origin = {"Origin": "http://example.test"}
    # CORS requests (Origin present): allow + expose, answers and problems alike
    for r in (srv.post_json(NIM, {"piles": [1]}, headers=origin),
              srv.post_json(NIM, {"piles": "x"}, headers=origin),
              srv.get("/healthz", headers=origin)):
        assert r.header("access-control-allow-origin") == "*", r
        assert "x-request-id" in r.header("access-control-expose-headers").lower(), r
    # GET answers may be cached and replayed to a browser: expose always
    r = srv.get("/v1")
    assert "x-request-id" in r.header("access-control-expose-headers").lower()
    # a POST without Origin is no CORS request: allow-origin still, expose not needed
    r = srv.post_json(NIM, {"piles": [1]})
    assert r.header("access-control-allow-origin") == "*"
    assert r.header("x-request-id")


def test_content_types(srv):
    ok = {"piles": [1, 2]}
    body = json.dumps(ok)
    for ct in ("application/json", "application/json; charset=utf-8",
               "Application/JSON;charset=UTF-8", 'application/json; charset="utf-8"'):
        assert srv.post_raw(NIM, body, content_type=ct).status == 200, ct
    for ct in ("text/json", "application/x-www-form-urlencoded",
               "application/json; charset=latin1", None):
        p = expect_problem(srv.post_raw(NIM, body, content_type=ct), 415)
        assert "application/json" in p["detail"]


def test_malformed_json(srv):
    for bad in ("", "{", "[1,]", '{"piles": [1,]}', "{piles: [1]}", "nul", '{"piles":[1]} x',
                "\ufeff{\"piles\": [1]}"):
        p = expect_problem(srv.post_raw(NIM, bad), 400)
        assert p["type"].endswith("/invalid-input"), p
    expect_problem(srv.post_raw(NIM, b'{"piles": [1], "x": "\xff"}'), 400)
    expect_problem(srv.post_raw(NIM, b'{"piles": [1], "x": "a\x01b"}'), 400)
    # the position is a line and a column from 1, as the playground and editors name it
    p = expect_problem(srv.post_raw(NIM, '{\n  "piles": [1, 2}'), 400)
    assert p["detail"] == "malformed JSON at line 2, column 17", p


def test_wrong_shapes_carry_pointers(srv):
    expect_problem(srv.post_json(NIM, []), 400, "")
    expect_problem(srv.post_json(NIM, None), 400, "")
    expect_problem(srv.post_json(NIM, {}), 400, "/piles")
    expect_problem(srv.post_json(NIM, {"piles": 3}), 400, "/piles")
    expect_problem(srv.post_json(NIM, {"piles": [1, 2, "x"]}), 400, "/piles/2")
    expect_problem(srv.post_json(NIM, {"piles": [1], "extra": 1}), 400, "/extra")
    # "game" tags a /v1/sum component; an endpoint's own body has no such field
    expect_problem(srv.post_json(NIM, {"piles": [1], "game": "nim"}), 400, "/game")
    expect_problem(srv.post_json(NIM, {"piles": [1], "misere": "yes"}), 400, "/misere")
    expect_problem(srv.post_json(NIM, {"piles": [1], "all_winning_moves": 1}), 400,
                   "/all_winning_moves")
    expect_problem(srv.post_json(NIM, {"piles": [1], "max_moves": -1}), 400, "/max_moves")
    expect_problem(srv.post_raw(NIM, '{"piles": [1], "piles": [2]}'), 400, "/piles")
    expect_problem(srv.post_json(NIM, {"piles": [1], "a/b~c": 0}), 400, "/a~1b~0c")


def test_number_rules(srv):
    big = 2**63 - 1
    r = srv.post_json(NIM, {"piles": [str(big), 1]}).json()
    assert r["grundy"] == str(big ^ 1)
    r = srv.post_json(NIM, {"piles": [2**53 - 1]}).json()
    assert r["grundy"] == 2**53 - 1
    r = srv.post_raw(NIM, '{"piles": [1e3, 2.0, 0]}').json()
    assert r["grundy"] == 1000 ^ 2
    for bad in ("1.5", "-1", "1e400", "9007199254740992", "-0.5", '"-1"', '"1.0"', '"1e3"',
                '"9223372036854775808"', '"' + "9" * 100000 + '"', '""', "true", "null",
                "[1]", "{}"):
        expect_problem(srv.post_raw(NIM, '{"piles": [0, %s]}' % bad), 400, "/piles/1")
    for bad in ("NaN", "Infinity", "-Infinity", "0x10", "+1", "01"):
        expect_problem(srv.post_raw(NIM, '{"piles": [0, %s]}' % bad), 400)


def test_deep_nesting_is_refused_cleanly(srv):
    p = expect_problem(srv.post_raw(NIM, "[" * 100000 + "]" * 100000), 422)
    assert "parent" in p["detail"]
    assert srv.get("/healthz").status == 200


def test_request_id_echoed(srv):
    r = srv.post_json(NIM, {"piles": [1]}, headers={"X-Request-Id": "abc-123"})
    assert r.header("x-request-id") == "abc-123"
    r = srv.post_json(NIM, {}, headers={"X-Request-Id": "zz"})
    expect_problem(r, 400)
    assert r.header("x-request-id") == "zz"
    r = srv.post_json(NIM, {"piles": [1]}, headers={"X-Request-Id": "bad id\x7f"})
    assert r.header("x-request-id") != "bad id\x7f"


def test_metrics(srv):
    srv.post_json(NIM, {"piles": [1]})
    srv.post_json(NIM, {})
    text = srv.get("/metrics").body.decode()
    assert 'grundyd_requests_total{endpoint="/v1/nim",status="200"}' in text
    assert 'grundyd_requests_total{endpoint="/v1/nim",status="400"}' in text
    assert "grundyd_request_duration_seconds_bucket" in text
    assert "grundyd_requests_in_flight" in text
    assert "grundyd_arena_bytes" in text
    for line in text.splitlines():
        assert line.startswith("#") or len(line.rsplit(" ", 1)) == 2, line


def test_deterministic_bytes(srv):
    body = {"piles": [7, 11, 13, 2**40, "12345678901234567890"[:19]], "all_winning_moves": True}
    a = srv.post_json(NIM, body).body
    for _ in range(5):
        assert srv.post_json(NIM, body).body == a


def test_access_log_has_one_line_per_request(srv):
    srv.post_json(NIM, {"piles": [1]}, headers={"X-Request-Id": "log-check-1"})
    srv.get("/healthz", headers={"X-Request-Id": "log-check-2"})
    # lines are buffered and written within --log-flush-ms (100 ms)
    deadline = time.time() + 5
    log = srv.log_text()
    while "id=log-check-2" not in log and time.time() < deadline:
        time.sleep(0.05)
        log = srv.log_text()
    assert "id=log-check-2" in log
    assert sum("id=log-check-1" in l for l in log.splitlines()) == 1
    assert any('"POST /v1/nim" 200' in l and "id=log-check-1" in l for l in log.splitlines())
