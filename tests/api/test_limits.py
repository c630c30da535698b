"""Small limits: --max-body and --max-request-memory answered with 413."""
import http.client
import json

from harness import expect_problem

SERVER_ARGS = ["--max-body", "1024", "--max-request-memory", "1M"]


def test_declared_body_too_large(srv):
    body = json.dumps({"piles": list(range(1000))})
    assert len(body) > 1024
    p = expect_problem(srv.post_raw("/v1/nim", body), 413)
    assert "1024" in p["detail"]
    assert srv.get("/healthz").status == 200


def test_declared_huge_body_answered_without_reading_it(srv):
    # Announce 1 GB, send nothing: the 413 must come back at once.
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    conn.putrequest("POST", "/v1/nim")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Content-Length", str(10**9))
    conn.endheaders()
    r = conn.getresponse()
    assert r.status == 413
    assert json.loads(r.read())["status"] == 413
    conn.close()


def test_chunked_body_too_large(srv):
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    chunks = [b'{"piles": [' + b"1," * 400, b"1," * 400, b"1]}"]
    conn.request("POST", "/v1/nim", body=iter(chunks), encode_chunked=True,
                 headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
    r = conn.getresponse()
    assert r.status == 413, r.status
    r.read()
    conn.close()


def test_small_body_still_fine(srv):
    r = srv.post_json("/v1/nim", {"piles": [1, 2, 3]})
    assert r.status == 200 and r.json()["winner"] == "second"
