"""The access log: one whole line per request, buffered per thread and
written within --log-flush-ms, nothing lost at SIGTERM, both formats."""
import http.client
import json
import re
import threading

from harness import Server

TEXT_LINE = re.compile(r'^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \S+ "POST /v1/nim" 200 \d+ '
                       r'\d+\.\d{3}ms id=(\S+)$')


def hammer(port, tag, n, out):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for i in range(n):
        rid = f"{tag}-{i}"
        c.request("POST", "/v1/nim", body='{"piles":[3,4,5]}',
                  headers={"Content-Type": "application/json", "X-Request-Id": rid})
        r = c.getresponse()
        r.read()
        if r.status == 200:
            out.append(rid)
    c.close()


def run_load(port, threads=4, each=300):
    sent = []
    ts = [threading.Thread(target=hammer, args=(port, f"t{k}", each, sent))
          for k in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return sent


def test_every_line_whole_and_none_lost_at_sigterm(srv):
    # srv is unused: this test needs its own daemon to stop it
    for args in ([], ["--log-flush-ms", "0"], ["--log-flush-ms", "5000"]):
        s = Server(args=args).start()
        try:
            sent = run_load(s.port)
        finally:
            rc = s.stop()
        assert rc == 0, rc
        ids = []
        for line in s.log_text().splitlines():
            if '"POST /v1/nim"' in line:
                m = TEXT_LINE.match(line)
                assert m, (args, line)
                ids.append(m.group(1))
        assert sorted(ids) == sorted(sent), (args, len(ids), len(sent))


def test_json_lines(srv):
    s = Server(args=["--log-format", "json"]).start()
    try:
        sent = run_load(s.port, threads=2, each=100)
    finally:
        assert s.stop() == 0
    seen = []
    for line in s.log_text().splitlines():
        if line.startswith("{"):
            d = json.loads(line)
            assert d["path"] == "/v1/nim" and d["status"] == 200, d
            seen.append(d["request_id"])
    assert sorted(seen) == sorted(sent)


def test_log_off_writes_no_lines(srv):
    s = Server(args=["--log-format", "off"]).start()
    try:
        run_load(s.port, threads=1, each=20)
    finally:
        assert s.stop() == 0
    assert '"POST /v1/nim"' not in s.log_text()
