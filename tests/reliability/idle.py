"""Idle is idle (issue 39, item 7): after two small questions a default
daemon's background search spends its per-code budget (--background-seconds,
10 by default) and stops: a minute later it uses less than 0.3 CPU seconds
in 30 s.  The window is bounded and what is asserted is CPU time, which a
slower machine does not raise."""
import os
import time

from common import figure, running

TICK = os.sysconf("SC_CLK_TCK")


def cpu_s(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def test_two_small_questions_then_idle():
    with running([]) as srv:  # the defaults: one background thread, 10 s a code
        assert srv.post_json("/v1/octal", {"code": "grundy", "heaps": [5]}).status == 200
        assert srv.post_json("/v1/octal", {"code": "0.376", "heaps": [9]}).status == 200
        time.sleep(60)
        c0 = cpu_s(srv.proc.pid)
        time.sleep(30)
        used = cpu_s(srv.proc.pid) - c0
        figure(f"two small questions, then a 30 s window a minute later: {used:.2f} CPU s "
               f"(total since start {cpu_s(srv.proc.pid):.1f} CPU s)")
        assert used < 0.3, used
