"""The table store (--table-dir) with real daemons: a restarted daemon and
a second daemon on the same directory answer from the file without
computing; a corrupted or truncated file is set aside and the table
computed again; kill -9 in the middle of writes leaves nothing that reads
as a wrong table (grundy tables verify recomputes every file); a
read-only directory is logged and the daemon serves on without it."""
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

import harness
from harness import in_store_dir

NO_SERVER = True
HUGE = 2**63 - 1
CLI = os.environ.get("GRUNDY_CLI", os.path.join(harness.ROOT, "build", "grundy"))


def post(srv, body, status=200):
    r = srv.post_json("/v1/octal", body)
    assert r.status == status, r
    return r.json()


def metric(srv, name):
    text = srv.get("/metrics").body.decode()
    return float(re.search(rf"^grundyd_{name} ([0-9.]+)$", text, re.M).group(1))


def daemon(d, *extra):
    return harness.Server(args=["--table-dir", d] + list(extra)).start()


def stopped(srv):
    assert srv.stop() == 0, srv.log_text()[-3000:]


def wait_for(pred, what, seconds=600):
    """A liveness bound, not a timing: the condition must come true."""
    deadline = time.monotonic() + seconds
    while not pred():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


# 0.56: preperiod 326,640, period 144 -- a table of some 330,000 values
CODE, E, P = "0.56", 326640, 144
ASK = {"code": CODE, "heaps": [str(HUGE), "1000000000007", "5"], "all_winning_moves": True,
       "max_moves": 3}


def first_table(d, *extra):
    a = daemon(d, *extra)
    r = post(a, ASK)
    assert r["period"] == {"preperiod": E, "period": P} and r["period_status"] == "confirmed"
    # written by the background worker, or by the request without one
    wait_for(lambda: metric(a, "table_store_saves_total") >= 1, "the table was not saved")
    stopped(a)
    assert "octal-0.56.grt" in os.listdir(d), os.listdir(d)
    return r


@in_store_dir
def test_restart_and_second_daemon_read_the_store(d):
    b = daemon(d)  # running before the table exists: a second replica
    r = first_table(d)
    # the restarted daemon, and the replica, answer from the file
    for srv in (daemon(d), b):
        assert post(srv, ASK) == r
        assert metric(srv, "table_store_loads_total") == 1
        assert metric(srv, "background_values_total") == 0
        stopped(srv)


@in_store_dir
def test_no_background_the_request_writes(d):
    r = first_table(d, "--background-threads", "0")
    c = daemon(d, "--background-threads", "0")
    assert post(c, ASK) == r
    stopped(c)


def damaged(d, damage):
    r = first_table(d)
    path = os.path.join(d, "octal-0.56.grt")
    damage(path)
    c = daemon(d)
    assert post(c, ASK) == r  # computed again, the same answer
    assert metric(c, "table_store_loads_total") == 0
    wait_for(lambda: metric(c, "table_store_saves_total") >= 1, "not rewritten")
    stopped(c)
    assert "set aside" in c.log_text() or "bad" in c.log_text(), c.log_text()[-2000:]
    assert any(".bad-" in f for f in os.listdir(d)), os.listdir(d)
    # and the rewritten file serves the next daemon
    e = daemon(d)
    got = post(e, ASK)
    assert got == r and metric(e, "table_store_loads_total") == 1, (
        got == r, metric(e, "table_store_loads_total"), os.listdir(d), e.log_text()[-1500:])
    stopped(e)


@in_store_dir
def test_corrupted_file_is_set_aside(d):
    def flip(path):
        with open(path, "r+b") as f:
            f.seek(os.path.getsize(path) - 1000)
            b = f.read(1)
            f.seek(-1, 1)
            f.write(bytes([b[0] ^ 0x01]))
    damaged(d, flip)


@in_store_dir
def test_truncated_file_is_set_aside(d):
    def cut(path):
        os.truncate(path, os.path.getsize(path) // 2)
    damaged(d, cut)


@in_store_dir
def test_kill9_during_writes(d):
    # Grundy's game has no period: the background grows it to the bound and
    # checkpoints it each time it doubles past 65,536 values -- writes of
    # up to 2 MiB, killed wherever they are
    for delay in (0.3, 0.9, 1.7):
        srv = daemon(d, "--max-octal-values", "1048576")
        post(srv, {"code": "grundy", "heaps": [5]})
        time.sleep(delay)
        srv.proc.send_signal(signal.SIGKILL)
        srv.proc.wait()
    # every file there reads as the game's values, or is refused
    out = subprocess.run([CLI, "tables", "verify", "--table-dir", d], capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, (out.stdout, out.stderr)
    # and a daemon opening it answers right
    srv = daemon(d, "--background-threads", "0")
    assert post(srv, {"code": "grundy", "heaps": [5, 6]})["heap_grundy"] == [2, 1]
    stopped(srv)
    assert not [f for f in os.listdir(d) if f.startswith(".tmp")], os.listdir(d)


@in_store_dir
def test_dead_replicas_leases_are_swept(d):
    # a lease is ".lease-NAME" holding "expires_ms owner"; one that expired
    # long ago was left by a replica that died (nobody renews or drops it),
    # one that has not expired is a live replica's and must stay
    now_ms = int(time.time() * 1000)
    leases = {".lease-octal-0.77.grt": f"{now_ms - 3_600_000} deadhost-1-1\n",
              ".lease-octal-0.07.grt": "torn",
              ".lease-octal-0.137.grt": f"{now_ms + 3_600_000} livehost-2-2\n"}
    for name, text in leases.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    srv = daemon(d, "--background-threads", "0")
    left = sorted(f for f in os.listdir(d) if f.startswith(".lease-"))
    assert post(srv, {"code": "0.77", "heaps": [4, 5]})["heap_grundy"] == [1, 4]
    stopped(srv)
    assert left == [".lease-octal-0.137.grt"], left


@in_store_dir
def test_read_only_directory(d):
    """The directory bind-mounted read-only in a private mount namespace
    (root may write where the mode says no): logged once, answers go on."""
    if shutil.which("unshare") is None:
        return
    first_table(d)
    wrap = tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False)
    binary = os.environ.get("GRUNDYD", os.path.join(harness.ROOT, "build", "grundyd"))
    wrap.write(f"#!/bin/sh\nexec unshare -m --propagation private sh -c "
               f"'mount --bind {d} {d} && mount -o remount,bind,ro {d} && "
               f"exec {binary} \"$@\"' sh \"$@\"\n")
    wrap.close()
    os.chmod(wrap.name, 0o755)
    probe = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c",
                            f"mount --bind {d} {d} && mount -o remount,bind,ro {d}"],
                           capture_output=True)
    try:
        if probe.returncode != 0:
            return  # no mount namespaces here
        srv = harness.Server(binary=wrap.name, args=["--table-dir", d]).start()
        # the stored table is read; a new one is computed and not written
        assert post(srv, ASK)["period_status"] == "confirmed"
        assert metric(srv, "table_store_loads_total") == 1
        r = post(srv, {"code": "0.16", "heaps": [str(HUGE)]})
        assert r["period"] == {"preperiod": 105351, "period": 149459}
        for _ in range(3):
            post(srv, {"code": "0.35", "heaps": [str(HUGE)]})
        stopped(srv)
        log = srv.log_text()
        assert log.count("no longer saved") == 1, log[-3000:]
        assert sorted(f for f in os.listdir(d) if f.endswith(".grt")) == ["octal-0.56.grt"]
    finally:
        os.unlink(wrap.name)
