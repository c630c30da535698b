"""Checkpoints at each doubling (issue 39, item 5; docs/octal.md "When the
daemon reads and writes"): a growing octal table is written to the store at
65,536 values and at each doubling after, within one request's growth too,
so a daemon killed with SIGKILL in the middle of a long growth leaves the
last checkpoint, which the next daemon loads.  Counts and files, no times."""
import os
import re
import signal
import socket
import subprocess
import time

import harness

NO_SERVER = True
CLI = os.environ.get("GRUNDY_CLI", os.path.join(harness.ROOT, "build", "grundy"))


in_store_dir = harness.in_store_dir


def metric(srv, name):
    text = srv.get("/metrics").body.decode()
    return int(re.search(rf"^{name} (\d+)$", text, re.M).group(1))


def stored_count(d, key):
    out = subprocess.run([CLI, "tables", "list", "--table-dir", d], capture_output=True,
                         text=True, check=True).stdout
    for line in out.splitlines()[1:]:  # KEY KIND VALUES ...
        cols = line.split()
        if cols and cols[0] == key:
            return int(cols[2])
    return 0


@in_store_dir
def test_one_growth_to_2_18_writes_each_doubling(d):
    # Grundy's game never confirms a period: one request grows it to 2^18
    # and the store is written at 65,536, 131,072 and 262,144 values
    srv = harness.Server(args=["--table-dir", d, "--background-threads", "0"]).start()
    try:
        r = srv.post_json("/v1/octal", {"code": "grundy", "heaps": [2**18 - 1]})
        assert r.status == 200 and r.json()["values_computed"] == 2**18, r
        assert metric(srv, "grundyd_table_store_saves_total") == 3
        assert stored_count(d, "grundy") == 2**18
    finally:
        assert srv.stop() == 0


@in_store_dir
def test_kill_9_mid_growth_keeps_the_last_checkpoint(d):
    srv = harness.Server(args=["--table-dir", d, "--background-threads", "0",
                               "--max-analysis-seconds", "600"]).start()
    try:
        sock = socket.create_connection(("127.0.0.1", srv.port))
        body = b'{"code": "grundy", "heaps": [1048575]}'
        sock.sendall(b"POST /v1/octal HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        for _ in range(6000):  # until two checkpoints are written (no time asserted)
            if metric(srv, "grundyd_table_store_saves_total") >= 2:
                break
            time.sleep(0.05)
        saved = stored_count(d, "grundy")
        assert saved >= 131072
        srv.proc.send_signal(signal.SIGKILL)
        srv.proc.wait()
        sock.close()
    finally:
        if srv.proc.poll() is None:
            srv.stop()
    again = harness.Server(args=["--table-dir", d, "--background-threads", "0"]).start()
    try:
        r = again.post_json("/v1/octal", {"code": "grundy", "heaps": [5]})
        assert r.status == 200 and r.json()["values_computed"] >= saved, r
        assert metric(again, "grundyd_table_store_loads_total") == 1
    finally:
        assert again.stop() == 0
