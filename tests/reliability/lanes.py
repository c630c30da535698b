"""The light lane and the event streams (issue 39, items 2 and 3).

- Beside eight heavy clients (four sending long searches with large
  bodies, four sending heavy questions in small bodies, which try the
  light lane, overrun its budget and are benched from it), another
  client's small cgt, octal, domineering and nim requests are every one
  answered 200.  Latencies are printed as figures (bench/RESULTS.md);
  the only assertion is "answered, not 503".
- 64 parked event streams (32 addresses x 2) hold no analysis slot:
  another client's requests, and a plain sequence GET, are answered 200
  while they stay open; the 33rd stream of one client is 429.

Clients are told apart by source address (127.0.0.x are all loopback)."""
import json
import threading
import time

from common import connect, figure, read_response, request_bytes
from common import start as start_daemon
from fairness import hang_up
import harness  # noqa: E402

LIGHT = "127.0.0.50"


def start(args):
    return start_daemon(harness.LONG_WORK_ARGS + list(args))


def big_search(i):
    body = dict(harness.long_search(i + 1))
    del body["game"]
    return json.dumps(body).encode()


def small_heavy(i):
    # a full 8x8 Domineering value: far past any time limit, in 100 bytes
    rows = ["........"] * 8
    rows[i % 8] = "#......."
    return json.dumps({"board": rows}).encode()


LIGHT_REQUESTS = [
    ("/v1/cgt", {"expression": "{2|-1}"}),
    ("/v1/octal", {"code": "0.07", "heaps": [5, 9]}),
    ("/v1/domineering", {"board": ["..#", "...", ".#."]}),
    ("/v1/nim", {"piles": [3, 4, 5]}),
]


def heavy_client(port, source, body, path, stop):
    while not stop.is_set():
        try:
            s = connect(port, source=source, timeout=120)
            s.sendall(request_bytes("POST", path, body))
            read_response(s, deadline=120)
            s.close()
        except OSError:
            time.sleep(0.1)


def test_light_requests_beside_eight_heavy_clients():
    srv = start(["--threads", "2", "--max-analysis-seconds", "4"])
    stop = threading.Event()
    heavy = []
    try:
        for k in range(8):
            src = f"127.0.0.{10 + k}"
            if k < 4:
                args = (srv.port, src, big_search(k), "/v1/node-kayles", stop)
            else:
                args = (srv.port, src, small_heavy(k), "/v1/domineering", stop)
            for _ in range(2):
                t = threading.Thread(target=heavy_client, args=args, daemon=True)
                t.start()
                heavy.append(t)
        time.sleep(2)  # every worker busy, the heavy small ones benched
        lat = {p: [] for p, _ in LIGHT_REQUESTS}
        statuses = []
        for rnd in range(25):
            for path, body in LIGHT_REQUESTS:
                s = connect(srv.port, source=LIGHT, timeout=120)
                t0 = time.monotonic()
                s.sendall(request_bytes("POST", path, json.dumps(body)))
                st, _, data = read_response(s, deadline=120)
                lat[path].append(time.monotonic() - t0)
                s.close()
                statuses.append((path, st, data[:200]))
        bad = [x for x in statuses if x[1] != 200]
        every = sorted(x for v in lat.values() for x in v)
        p50 = every[len(every) // 2] * 1000
        p99 = every[min(len(every) - 1, int(len(every) * 0.99))] * 1000
        per = ", ".join(f"{p} max {max(v) * 1000:.0f} ms" for p, v in lat.items())
        figure(f"light lane beside 8 heavy clients (16 connections): {len(statuses)} small "
               f"requests, p50 {p50:.1f} ms, p99 {p99:.1f} ms ({per})")
        assert not bad, bad[:5]
    finally:
        stop.set()
        srv.stop()
        for t in heavy:
            t.join(timeout=30)


def open_stream(port, source, query):
    s = connect(port, source=source, timeout=60)
    s.sendall(f"GET {query} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
    return s


def test_parked_streams_hold_no_analysis_slot():
    # --max-inflight 16: 64 streams counted as analyses would lock
    # everyone out four times over
    # 64 streams computing long tables on the 2 main workers: another
    # client's small sequence GET goes by the light lane (sequence_light.c)
    srv = start(["--threads", "2", "--max-inflight", "16"])
    streams = []
    try:
        for a in range(32):
            for b in range(2):
                code = "0.77777777%02d%d" % (a, b)
                streams.append(open_stream(srv.port, f"127.0.1.{a + 1}",
                                           f"/v1/octal/sequence?code={code}&from=30000000&count=10"))
        for s in streams:  # every stream has its 200 head: all are open
            s.settimeout(60)
            assert s.recv(65536).startswith(b"HTTP/1.1 200"), "a stream was refused"
        answered, refusals = [], []
        for i in range(20):
            path, body = LIGHT_REQUESTS[i % len(LIGHT_REQUESTS)]
            s = connect(srv.port, source=LIGHT, timeout=120)
            s.sendall(request_bytes("POST", path, json.dumps(body)))
            st, _, body = read_response(s, deadline=120)
            answered.append(st)
            if st != 200:
                refusals.append((path, body[:300]))
            s.close()
        s = connect(srv.port, source=LIGHT, timeout=120)
        s.sendall(b"GET /v1/octal/sequence?code=0.07&count=50 HTTP/1.1\r\nHost: x\r\n\r\n")
        st, _, body = read_response(s, deadline=120)
        answered.append(st)
        if st != 200:
            refusals.append(("/v1/octal/sequence?code=0.07", body[:300]))
        s.close()
        figure(f"64 event streams open (32 addresses x 2, --max-inflight 16): another "
               f"client's {len(answered)} requests answered {sorted(set(answered))}")
        assert set(answered) == {200}, refusals
        # a client's own cap: --max-streams-per-client 32
        own = [open_stream(srv.port, "127.0.2.1",
                           f"/v1/octal/sequence?code=0.66666666{i:02d}&from=30000000&count=10")
               for i in range(33)]
        heads = []
        for s in own:
            s.settimeout(60)
            heads.append(s.recv(65536).split(b"\r\n", 1)[0])
        streams += own
        assert sum(h.startswith(b"HTTP/1.1 429") for h in heads) == 1, heads
    finally:
        hang_up(streams)
        assert srv.stop() == 0
