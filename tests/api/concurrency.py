"""Concurrency: mixed requests sent one at a time, then the same requests
from 8 threads at once; every answer must be byte-identical.  Run against
the TSan build by `make tsan` (the daemon exits non-zero if TSan reports a
race, which fails this script)."""
import concurrent.futures
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402


def corpus(rng):
    reqs = []
    for _ in range(150):
        piles = [rng.randrange(0, 2**40) for _ in range(rng.randrange(0, 30))]
        reqs.append(("/v1/nim", {"piles": piles, "all_winning_moves": rng.random() < 0.5}))
    reqs.append(("/v1/nim", {"piles": [1, "x"]}))
    reqs.append(("/v1/nim", {"piles": [str(2**63 - 1)], "misere": True}))
    paths = harness.OPENAPI["paths"]
    if "/v1/hackenbush/tree" in paths:
        for _ in range(40):
            n = rng.randrange(1, 200)
            parent = [-1] + [rng.randrange(0, i) for i in range(1, n)]
            reqs.append(("/v1/hackenbush/tree", {"parent": parent, "all_winning_moves": True}))
    if "/v1/hackenbush/graph" in paths:
        for _ in range(40):
            n = rng.randrange(2, 60)
            edges = [[rng.randrange(n), rng.randrange(n)] for _ in range(rng.randrange(1, 120))]
            reqs.append(("/v1/hackenbush/graph", {"edges": edges, "ground": [0],
                                                  "all_winning_moves": True}))
    if "/v1/ordinal-trees" in paths:
        reqs.append(("/v1/ordinal-trees", {"trees": [[[[]]], [[], []], [[[], []], []]]}))
    if "/v1/subtraction" in paths:
        reqs.append(("/v1/subtraction", {"piles": [10, 2**40], "subtraction_set": [2, 5, 7]}))
    if "/v1/octal" in paths:
        reqs.append(("/v1/octal", {"code": "0.77", "heaps": [5, 70, 1000]}))
        # shared tables: the cache's single flight and views under TSan
        for code in ("0.56", "0.16", "grundy", "0.6", "0.F", "dawsons-chess"):
            for h in (1000, str(2**63 - 1)):
                reqs.append(("/v1/octal", {"code": code, "heaps": [h, 77],
                                           "all_winning_moves": True, "max_moves": 5,
                                           "sequence": {"from": 100, "count": 50}}))
    if "/v1/octal/sequence" in paths:
        # sequence GETs (body None): small ones by the light lane, one cut
        # by its budget or past 2^16 values by the main pool
        for code in ("0.07", "0.56", "0.7777777123"):
            reqs.append((f"/v1/octal/sequence?code={code}&count=300", None))
            reqs.append((f"/v1/octal/sequence?code={code}&from=19000&count=1000", None))
        reqs.append(("/v1/octal/sequence?code=0.137&from=65000&count=1000", None))
    if "/v1/game-graph" in paths:
        reqs.append(("/v1/game-graph", {"positions": 4, "moves": [[0, 1], [1, 0], [1, 2], [3, 3]],
                                        "start": [0, 3]}))
    rng.shuffle(reqs)
    return reqs


# Tables without a period stop at 20,000 values, so every table's last state
# (confirmed, or at its bound) is reached by the first request that asks
# past it, whichever came first; the cache is small, so tables are also
# evicted and computed again under concurrency.
SERVER_ARGS = ["--threads", "4", "--max-octal-values", "20000", "--cache-memory", "1M"]

# An octal table grows with the questions asked of it (and in the
# background), so what an answer says of the table itself -- how far it
# goes, whether its period is known yet -- depends on what came before;
# everything else must be byte for byte the same.
GROWING = ("period", "values_computed", "period_status")


def stable(path, status, body):
    if not path.startswith("/v1/octal") or status != 200:
        return body
    doc = json.loads(body)
    for k in GROWING:
        doc.pop(k, None)
    return json.dumps(doc, sort_keys=True).encode()


def parallel_mismatches(srv, reqs):
    """Sends reqs one by one, then twice over 8-way parallel: the
    sequential answers and how many parallel ones differ from them."""
    def send(item):
        path, body = item
        if body is None:
            r = srv.get(path, check=False)
        else:
            r = srv.post_raw(path, json.dumps(body), check=False)
        return r.status, stable(path, r.status, r.body)

    sequential = [send(x) for x in reqs]
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as ex:
        parallel = list(ex.map(send, reqs * 2))
    return sequential, sum(1 for i, p in enumerate(parallel) if p != sequential[i % len(reqs)])


def main():
    rng = random.Random(99)
    reqs = corpus(rng)
    srv = harness.Server(args=SERVER_ARGS).start(timeout=60)
    try:
        sequential, mismatches = parallel_mismatches(srv, reqs)
        statuses = sorted({s for s, _ in sequential})
    finally:
        rc = srv.stop()
    print(f"concurrency: {len(reqs)} distinct requests, {len(reqs) * 2} sent 8-way parallel, "
          f"{mismatches} mismatches, statuses {statuses}, daemon exit {rc}")
    ok = mismatches == 0 and rc == 0
    if rc != 0:
        print(srv.log_text()[-8000:])
    print(f"concurrency: {1 if ok else 0} passed, {0 if ok else 1} failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
