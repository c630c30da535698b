"""The background search's queue is bounded per client and in all (issue
39, item 4; README "Background search"): a client that asks about a
thousand random 64-digit codes queues at most 64 of them for the period
search (the rest are answered as far as their requests grew them,
period_status "not found"), and another client's code still gets a place.
Clients are told apart by source address (127.0.0.2, 127.0.0.3).  Counts,
no times."""
import http.client
import json
import random
import re

import harness

PER_CLIENT = 64
FLOOD = 1000


def metric(srv, name):
    text = srv.get("/metrics").body.decode()
    return int(re.search(rf"^{name} (\d+)$", text, re.M).group(1))


def post_from(srv, source, body):
    c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=120,
                                   source_address=(source, 0))
    try:
        c.request("POST", "/v1/octal", json.dumps(body), {"Content-Type": "application/json"})
        r = c.getresponse()
        return r.status, json.loads(r.read())
    finally:
        c.close()


def random_code(rng):
    # 64 digits, each with a removal and a split, no period to be found soon
    return "0." + "".join(rng.choice("4567") for _ in range(64))


def test_a_flood_of_codes_queues_only_its_share(srv):
    rng = random.Random(39)
    refused0 = metric(srv, "grundyd_background_refused_total")
    queued = []
    c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=120,
                                   source_address=("127.0.0.2", 0))
    try:
        for i in range(FLOOD):
            c.request("POST", "/v1/octal", json.dumps({"code": random_code(rng), "heaps": [300]}),
                      {"Content-Type": "application/json"})
            r = c.getresponse()
            body = json.loads(r.read())
            assert r.status == 200, body
            if i % 50 == 49:
                queued.append(metric(srv, "grundyd_background_queued"))
    finally:
        c.close()
    # at every look, at most its share queued (a table whose budget is
    # spent leaves the queue, and then another may join)
    assert max(queued) <= PER_CLIENT, queued
    assert metric(srv, "grundyd_background_refused_total") - refused0 >= FLOOD // 2
    # another client's code still joins the queue
    status, body = post_from(srv, "127.0.0.3", {"code": random_code(rng), "heaps": [300]})
    assert status == 200 and body["period_status"] == "searching", body
