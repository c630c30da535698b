"""Leaks: LeakSanitizer runs when the ASan daemon exits after SIGTERM, and
a leak makes the exit status non-zero (which tests/api/run.py and this
suite treat as a failure).

First the check is shown to bite: a deliberate leak, from a tiny library
preloaded into the ASan daemon, must be reported and must fail the exit
status -- this also proves that SIGTERM -> drain -> MHD_stop_daemon ->
return from main really reaches exit(), where LSan runs.  Then the same
daemon without the leak serves a mix of requests, including every early
answer (413, 415, 404, 405, 503, the mid-body 413, dropped connections),
and must exit 0 with no report.

The ASan daemon is $GRUNDYD_ASAN, or build-asan/grundyd (tests/reliability/
run.sh builds it when missing).
"""
import http.client
import json
import os
import signal
import subprocess
import tempfile
import time

from common import ROOT, connect, figure, read_response, request_bytes, start

LEAK_C = r"""
#include <stdlib.h>
#include <string.h>
/* Allocated at load time and dropped: unreachable, so LSan must report it. */
__attribute__((noinline)) static void gr_test_deliberate_leak(void)
{
    for (int i = 0; i < 8; i++) {
        char *volatile p = malloc(4096);
        memset(p, i, 4096);
        p = NULL;
    }
}
__attribute__((constructor)) static void gr_test_leak_at_load(void)
{
    gr_test_deliberate_leak();
}
"""


def asan_daemon():
    path = os.environ.get("GRUNDYD_ASAN") or os.path.join(ROOT, "build-asan", "grundyd")
    assert os.path.exists(path), (f"no ASan daemon at {path}: build it with make BUILD=build-asan "
                                  "SAN='-fsanitize=address,undefined ...' all (run.sh does)")
    return path


def exercise(srv):
    """A mix of requests touching every path that allocates."""
    n = 0
    for body in ({"piles": [3, 4, 5]}, {"piles": list(range(1000)), "all_winning_moves": True}):
        assert srv.post_json("/v1/nim", body).status == 200
        n += 1
    for path, body in (("/v1/nim", b"{"), ("/v1/nim", b'{"piles":[-1]}'), ("/v1/nope", b"{}"),
                       ("/v1/hackenbush/tree", b'{"parent":[-1,0,0,1]}'),
                       ("/v1/hackenbush/graph", b"3 2\n0\n0 1\n1 2\n")):
        ctype = "text/plain" if path.endswith("graph") else "application/json"
        srv.post_raw(path, body, content_type=ctype, check=False)
        n += 1
    srv.post_raw("/v1/nim", b"{}", content_type="text/html", check=False)          # 415
    srv.request("DELETE", "/v1/nim", check=False)                                 # 405
    srv.get("/metrics"); srv.get("/v1"); srv.get("/openapi.yaml"); srv.get("/")   # GETs
    n += 6
    # Declared too large (413 before the body), chunked too large (mid-body 413).
    s = connect(srv.port)
    s.sendall(b"POST /v1/nim HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Content-Length: 99999999999\r\n\r\n")
    read_response(s)
    s.close()
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    conn.request("POST", "/v1/nim", body=iter([b"[" * 5000, b"1" * 5000]), encode_chunked=True,
                 headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
    conn.getresponse().read()
    conn.close()
    # Over the memory budget, and a client that vanishes mid-body.
    srv.post_raw("/v1/nim", json.dumps({"piles": [1] * 100000}), check=False)
    s = connect(srv.port)
    s.sendall(request_bytes("POST", "/v1/nim", b'{"piles":[1,2,3]}')[:-5])
    # (Closed at once, libmicrohttpd 0.9.75 may miss the end of the stream
    # that arrives with the data, and keep the request until --timeout.)
    time.sleep(0.2)
    s.close()
    n += 4
    return n


def test_lsan_reports_a_deliberate_leak_at_exit():
    with tempfile.TemporaryDirectory() as d:
        src, lib = os.path.join(d, "leak.c"), os.path.join(d, "libleak.so")
        with open(src, "w") as f:
            f.write(LEAK_C)
        subprocess.run(["cc", "-shared", "-fPIC", "-O0", "-g", "-o", lib, src], check=True)
        env = {"LD_PRELOAD": lib,
               "ASAN_OPTIONS": "detect_leaks=1:verify_asan_link_order=0"}
        srv = start([], env=env, binary=asan_daemon())
        exercise(srv)
        rc = srv.stop(timeout=60)
        log = srv.log_text()
        reported = "LeakSanitizer: detected memory leaks" in log
        figure(f"deliberate leak (8 x 4 KB) in the ASan daemon: exit code {rc}, "
               f"LeakSanitizer report: {'yes' if reported else 'no'}, "
               f"names the leaking function: {'yes' if 'gr_test_deliberate_leak' in log else 'no'}")
        assert rc != 0 and reported, f"LSan did not catch the deliberate leak (exit {rc}):\n{log[-2000:]}"
        assert "SIGTERM received, draining" in log and "grundyd: stopped" in log, log[-2000:]


def test_no_leak_across_requests_under_asan():
    srv = start(["--max-request-memory", "1M", "--max-body", "8K"],
                env={"ASAN_OPTIONS": "detect_leaks=1"}, binary=asan_daemon())
    t0 = time.time()
    n = 0
    for _ in range(5):
        n += exercise(srv)
    rc = srv.stop(timeout=60)
    log = srv.log_text()
    figure(f"ASan+LSan daemon: {n} requests of every kind in {time.time() - t0:.1f} s, "
           f"exit code {rc} after SIGTERM, leak reports: {log.count('LeakSanitizer')}")
    assert rc == 0 and "LeakSanitizer" not in log and "ERROR: AddressSanitizer" not in log, log[-3000:]
