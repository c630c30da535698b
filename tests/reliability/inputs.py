"""Bad inputs and parallel answers, as figures of the reliability suite.

The checks themselves live with the API tests (tests/api/test_bad_inputs.py
and tests/api/concurrency.py, which `make api` and `make tsan` run); here
they run once more against $GRUNDYD so the suite reports every
reliability figure in one place."""
import importlib.util
import os
import random

from common import ROOT, figure, running


def load(name):
    path = os.path.join(ROOT, "tests", "api", name + ".py")
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_bad_inputs_all_refused():
    with running([]) as srv:
        load("test_bad_inputs").test_every_endpoint_refuses_bad_input(srv)  # prints the count


def test_parallel_answers_byte_identical_to_sequential():
    concurrency = load("concurrency")
    reqs = concurrency.corpus(random.Random(99))
    with running(concurrency.SERVER_ARGS) as srv:
        _, bad = concurrency.parallel_mismatches(srv, reqs)
        figure(f"parallel requests compared: {2 * len(reqs)} sent 8-way parallel against "
               f"{len(reqs)} sequential answers, {bad} differ")
        assert bad == 0
