"""Bad inputs and parallel answers, as figures of the reliability suite.

The checks themselves live with the API tests (tests/api/test_bad_inputs.py
and tests/api/concurrency.py, which `make api` and `make tsan` run); here
they run once more against $GRUNDYD so the suite reports every
reliability figure in one place."""
import concurrent.futures
import importlib.util
import json
import os
import random

from common import ROOT, figure, start


def load(name):
    path = os.path.join(ROOT, "tests", "api", name + ".py")
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_bad_inputs_all_refused():
    srv = start([])
    try:
        load("test_bad_inputs").test_every_endpoint_refuses_bad_input(srv)  # prints the count
    finally:
        assert srv.stop() == 0


def test_parallel_answers_byte_identical_to_sequential():
    reqs = load("concurrency").corpus(random.Random(99))
    srv = start(["--threads", "4"])
    try:
        def send(item):
            path, body = item
            r = srv.post_raw(path, json.dumps(body), check=False)
            return r.status, r.body
        sequential = [send(x) for x in reqs]
        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as ex:
            parallel = list(ex.map(send, reqs * 2))
        bad = sum(1 for i, p in enumerate(parallel) if p != sequential[i % len(reqs)])
        figure(f"parallel requests compared: {len(parallel)} sent 8-way parallel against "
               f"{len(reqs)} sequential answers, {bad} differ")
        assert bad == 0
    finally:
        assert srv.stop() == 0
