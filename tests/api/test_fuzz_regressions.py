"""Inputs the fuzzer (tests/fuzz/run.sh) once crashed on, sent to the real
daemon: tests/fuzz/regressions/<game>/<file> goes to the endpoint whose
path after /v1/ is <game> with '-' for '/' (*.txt as text/plain).  Each
must get a complete answer below 500, and the daemon must live on.  Under
`make asan` this runs against the ASan+UBSan daemon; tests/fuzz/run.sh
replays the same files under clang's sanitizers."""
import glob
import os

HERE = os.path.dirname(os.path.abspath(__file__))
REG = os.path.join(os.path.dirname(HERE), "fuzz", "regressions")


def test_fuzz_regressions_answered(srv):
    paths = {e["path"][len("/v1/"):].replace("/", "-"): e["path"]
             for e in srv.get("/v1").json()["endpoints"] if e["method"] == "POST"}
    n = 0
    for f in sorted(glob.glob(os.path.join(REG, "*", "*"))):
        game = os.path.basename(os.path.dirname(f))
        assert game in paths, f"{f}: no endpoint named {game}"
        with open(f, "rb") as fh:
            body = fh.read()
        ctype = "text/plain" if f.endswith(".txt") else "application/json"
        r = srv.post_raw(paths[game], body, content_type=ctype, timeout=120)
        assert r.status < 500, (f, r)
        assert srv.get("/healthz").status == 200
        n += 1
    print(f"    fuzz regressions replayed: {n}")
