"""Replicas share the work (issue 39, item 5; docs/octal.md "Replicas"):
three daemons on one --table-dir asked the same long question grow the table
once: the one holding its lease grows it and writes its checkpoints, the
others answer from them.  What is compared is CPU time (from /proc/PID/stat)
of the three against one daemon asked the same question, a ratio of work
measured in one run, never a duration; the question is bounded (2^18 values
of 0.376, about a second of CPU here) and so is each test (< 60 s here).
A replica killed with SIGKILL while it holds a lease is taken over once the
lease expires (10 s)."""
import json
import os
import shutil
import signal
import socket
import tempfile
import threading
import time

from common import figure, start

TICK = os.sysconf("SC_CLK_TCK")
# no background search: the work measured is the question's alone
ARGS = ["--background-threads", "0", "--max-analysis-seconds", "300"]
QUESTION = {"code": "0.376", "heaps": [2**18 - 1]}


def cpu_s(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def metric(srv, name):
    for line in srv.get("/metrics").body.decode().splitlines():
        if line.startswith(name + " "):
            return int(line.split()[1])
    raise AssertionError(name)


def ask_all(daemons, body):
    out = [None] * len(daemons)

    def one(i):
        out[i] = daemons[i].post_json("/v1/octal", body, timeout=300)

    ts = [threading.Thread(target=one, args=(i,)) for i in range(len(daemons))]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return out


def on_one_dir(n):
    d = tempfile.mkdtemp(prefix="grundy-replicas-")
    return d, [start(ARGS + ["--table-dir", d]) for _ in range(n)]


def stop_all(d, daemons):
    for srv in daemons:
        assert srv.stop() == 0
    shutil.rmtree(d)


def test_three_replicas_grow_one_table_once():
    # one daemon alone on its own directory and three on a shared one, all
    # asked at once, so that the one and the three run under the same load
    d1, one = on_one_dir(1)
    d3, three = on_one_dir(3)
    try:
        daemons = one + three
        base = [cpu_s(s.proc.pid) for s in daemons]
        answers = ask_all(daemons, QUESTION)
        used = [cpu_s(s.proc.pid) - b for s, b in zip(daemons, base)]
        assert [a.status for a in answers] == [200] * 4, answers
        assert all(a.body == answers[0].body for a in answers)
        alone, shared = used[0], used[1:]
        adopted = sum(metric(s, "grundyd_table_store_replica_loads_total") for s in three)
        figure(f"0.376 to 2^18 values: one daemon {alone:.2f} CPU s; three replicas on one "
               f"directory {sum(shared):.2f} CPU s ({', '.join(f'{u:.2f}' for u in shared)}), "
               f"ratio {sum(shared) / alone:.2f}; checkpoints adopted {adopted}")
        assert sum(shared) <= 1.5 * alone, (shared, alone)
        assert adopted >= 2
    finally:
        stop_all(d1, one)
        stop_all(d3, three)


def test_a_dead_owners_lease_is_taken_over():
    d = tempfile.mkdtemp(prefix="grundy-replicas-")
    a = start(ARGS + ["--table-dir", d])
    try:
        # a long growth holding the lease, killed after its second checkpoint
        sock = socket.create_connection(("127.0.0.1", a.port))
        body = json.dumps({"code": "0.376", "heaps": [2**20 - 1]}).encode()
        sock.sendall(b"POST /v1/octal HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        for _ in range(12000):  # until then (no time asserted)
            if metric(a, "grundyd_table_store_saves_total") >= 2:
                break
            time.sleep(0.02)
        assert any(n.startswith(".lease-") for n in os.listdir(d)), os.listdir(d)
        a.proc.send_signal(signal.SIGKILL)
        a.proc.wait()
        sock.close()
        # the next replica waits out the dead owner's lease, then grows on
        # from its checkpoint
        b = start(ARGS + ["--table-dir", d])
        try:
            r = b.post_json("/v1/octal", QUESTION | {"heaps": [2**19 - 1]}, timeout=300)
            assert r.status == 200, r
            assert r.json()["values_computed"] >= 2**19
            assert metric(b, "grundyd_table_store_loads_total") >= 1
            figure("a replica killed holding a lease: the next one took the table over "
                   "from its checkpoint")
        finally:
            assert b.stop() == 0
    finally:
        if a.proc.poll() is None:
            a.stop()
        shutil.rmtree(d)
