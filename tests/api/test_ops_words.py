"""The words of issue 39 (item 9): each message says what happened, in the
terms of the request that got it, and the docs agree with the daemon."""
import json
import re
import socket
import time

import harness
from harness import expect_problem

NO_SERVER = True

BOARD8 = ["........"] * 8


def start(args=()):
    return harness.Server(args=["--log-format", "off"] + harness.LONG_WORK_ARGS
                          + list(args)).start()


def metric(srv, name):
    text = srv.get("/metrics").body.decode()
    return int(re.search(r"^" + re.escape(name) + r" (\d+)", text, re.M).group(1))


def test_messages_in_the_requests_terms(_):
    srv = start()
    try:
        p = expect_problem(srv.get("/v1/octal/misere-quotient?code=0.07&max_heap=10&foo=1",
                                   check=False), 400, "/query/foo")
        assert p["detail"] == "is not a parameter of this endpoint (it takes code and max_heap)"
        for q in ("subtraction_set=1,2&max_heap=9&bar=", "max_take=3&max_heap=9&from=2"):
            p = expect_problem(srv.get("/v1/subtraction/misere-quotient?" + q, check=False), 400)
            assert "subtraction_set or max_take and max_heap" in p["detail"], p
            assert "count" not in p["detail"], p
        # the nimber limit: *1000 is made, *1001 says the limit
        assert srv.post_json("/v1/cgt", {"expression": "*1000"}).json()["value"] == "*1000"
        p = expect_problem(srv.post_json("/v1/cgt", {"expression": "*1001"}, check=False), 422,
                           "/expression")
        assert "at most *1000" in p["detail"], p
        p = expect_problem(srv.post_json("/v1/cgt", {"expression": "±{}"}, check=False), 400,
                           "/expression")
        assert "±{} lists no game" in p["detail"] and "represented" not in p["detail"], p
        assert srv.post_json("/v1/cgt", {"expression": "±{1}"}).json()["value"] == "±1"
        # a non-ASCII cell is echoed as itself, counted in characters
        p = expect_problem(srv.post_json("/v1/domineering", {"board": ["ü.é"]}, check=False), 400,
                           "/board/0")
        assert p["detail"].startswith("cell 0 is 'ü'"), p
        p = expect_problem(srv.post_json("/v1/domineering", {"board": ["..\u0007"]}, check=False),
                           400, "/board/0")
        assert "control character U+0007" in p["detail"], p
    finally:
        assert srv.stop() == 0


def test_time_limit_problem_names_no_pointer(_):
    srv = start(["--max-analysis-seconds", "1"])
    try:
        r = srv.post_json("/v1/domineering", {"board": BOARD8}, check=False)
        p = expect_problem(r, 422)
        assert "time limit" in p["detail"], p
        assert "pointer" not in p, p
        # a sum's component keeps its pointer
        r = srv.post_json("/v1/sum", {"components": [{"game": "cgt", "expression": "1"},
                                                     {"game": "domineering", "board": BOARD8}]},
                          check=False)
        assert expect_problem(r, 422)["pointer"] == "/components/1"
    finally:
        assert srv.stop() == 0


def hold(port, body, path):
    s = socket.create_connection(("127.0.0.1", port), timeout=120)
    s.sendall((f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               f"Content-Length: {len(body)}\r\n\r\n").encode() + body)
    return s


def test_queued_gets_say_what_waited_and_retry_after_5(_):
    srv = start(["--threads", "1", "--max-queue-seconds", "1"])
    held = []
    try:
        body = dict(harness.long_search(3))
        del body["game"]
        held.append(hold(srv.port, json.dumps(body).encode(), "/v1/node-kayles"))
        deadline = time.time() + 60
        while metric(srv, "grundyd_queue_running_jobs") < 1:
            assert time.time() < deadline
            time.sleep(0.05)
        for path, what in (("/v1/octal/sequence?code=0.5555555577&from=1000000&count=5",
                            "the sequence waited"),
                           ("/v1/octal/misere-quotient?code=0.55555577&max_heap=40",
                            "the misère quotient waited")):
            r = srv.get(path, check=False)
            p = expect_problem(r, 503)
            assert p["type"].endswith("/queue-timeout") and p["detail"].startswith(what), p
            assert r.header("retry-after") == "5", r.headers
    finally:
        for s in held:
            s.close()
        assert srv.stop() == 0


def test_cancelled_stream_is_counted(_):
    srv = start(["--threads", "1"])
    try:
        before = metric(srv, "grundyd_requests_cancelled_total")
        s = socket.create_connection(("127.0.0.1", srv.port), timeout=60)
        s.sendall(b"GET /v1/octal/sequence?code=0.7777777731&from=30000000&count=5 HTTP/1.1\r\n"
                  b"Host: x\r\nAccept: text/event-stream\r\n\r\n")
        assert s.recv(65536).startswith(b"HTTP/1.1 200")
        s.close()
        deadline = time.time() + 60
        while metric(srv, "grundyd_requests_cancelled_total") <= before:
            assert time.time() < deadline, "the stream's cancellation was not counted"
            time.sleep(0.05)
    finally:
        assert srv.stop() == 0
