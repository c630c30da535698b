"""0.644, which Plambeck and Siegel's supplement lists as solved
(arXiv:0705.2404, appendix B): its misère quotient is proven complete
through GET .../misere-quotient within the default limits once max_heap
reaches the heap the periodicity theorem needs (docs/misere.md,
"Completeness": 2e + 2p + 3 = 7399 for preperiod e = 3256 and period
p = 442).  The document's algebra is checked as for every quotient, its
periodicity against its own heap images, and its predictions against the
brute force of test_misere.py."""
import random

from misere_check import check_quotient_algebra
from test_misere import Brute, octal_options
from test_misere_learn import predicts

# The build takes about 5 s of CPU in the ordinary build, well within the
# default 30 s; the sanitizer builds run it several times slower (about
# 30 s under ASan), so the time limit, and only it, is raised.
SERVER_ARGS = ["--max-analysis-seconds", "600"]

def test_0644_complete(srv):
    r = srv.get("/v1/octal/misere-quotient?code=0.644&max_heap=7500")
    assert r.status == 200, r.body
    doc = r.json()
    assert doc["complete"], {k: doc[k] for k in ("order", "max_heap", "complete")}
    assert doc["order"] == 172 and len(doc["p_positions"]) == 7
    e, p = doc["pretending_period"]["preperiod"], doc["pretending_period"]["period"]
    assert (e, p) == (3256, 442)
    check_quotient_algebra(doc)
    img = doc["heap_images"]
    assert len(img) == 7501
    assert all(img[n] == img[n - p] for n in range(e + p, len(img)))
    assert img[e + p - 1] != img[e - 1]  # the preperiod is the least one
    br = Brute([lambda h: octal_options([0, 6, 4, 4], h)])
    for h in range(0, 30):
        assert predicts(doc, br, [h]), h
    rng = random.Random(644)
    for _ in range(150):
        heaps = [rng.randrange(0, 14) for _ in range(rng.randrange(2, 4))]
        assert predicts(doc, br, heaps), heaps


def test_0644_below_the_proof_is_not_complete(srv):
    # at heap 7398 the images repeat but the theorem's window is not
    # reached: the same quotient, not yet proven for every heap
    doc = srv.get("/v1/octal/misere-quotient?code=0.644&max_heap=7398").json()
    assert not doc["complete"] and doc["order"] == 172 and doc["pretending_period"] is None
