"""A body that trickles in gets a 408 once --timeout has passed.

libmicrohttpd's --timeout is an idle timeout that every byte resets, so a
client sending a few bytes a second was never closed.  Now, after --timeout
seconds the body must have averaged 1024 bytes a second; below that the
daemon answers 408 (written mid-body, Connection: close) and serves others.
"""
import json
import socket
import time

SERVER_ARGS = ["--timeout", "1"]


def read_answer(sock, limit_s=10):
    sock.settimeout(limit_s)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (h.partition(":") for h in lines[1:])}
    want = int(headers.get("content-length", "0"))
    while len(body) < want:
        chunk = sock.recv(4096)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1]), headers, body


def test_trickling_body_gets_408(srv):
    s = socket.create_connection(("127.0.0.1", srv.port), timeout=10)
    s.sendall(b"POST /v1/nim HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Content-Length: 100000\r\n\r\n")
    s.sendall(b'{"piles":[')
    start = time.time()
    status = None
    # a few bytes every 0.2 s: never idle for --timeout, far below 1 KiB/s
    while time.time() - start < 8:
        try:
            s.sendall(b"1,")
        except OSError:
            break
        s.settimeout(0.2)
        try:
            peek = s.recv(1, socket.MSG_PEEK)
        except socket.timeout:
            continue
        if peek:
            status, headers, body = read_answer(s)
            break
    s.close()
    assert status == 408, status
    assert headers["content-type"].startswith("application/problem+json")
    assert headers.get("connection", "").lower() == "close"
    p = json.loads(body)
    assert p["status"] == 408 and p["type"].endswith("/body-too-slow"), p
    assert "--timeout" in p["detail"]
    # the daemon keeps serving
    r = srv.post_json("/v1/nim", {"piles": [1, 2]})
    assert r.status == 200 and r.json()["grundy"] == 3


def test_fast_large_body_is_unaffected(srv):
    piles = list(range(200000))  # ~1.3 MB, sent at once
    r = srv.post_json("/v1/nim", {"piles": piles})
    assert r.status == 200, r.status
    x = 0
    for p in piles:
        x ^= p
    assert r.json()["grundy"] == x


def test_slow_but_steady_body_is_unaffected(srv):
    # 4 KiB a second for 2.5 s: past --timeout, but above the minimum rate
    piles = ",".join(["7"] * 5000)
    body = ('{"piles":[' + piles + "]}").encode()
    s = socket.create_connection(("127.0.0.1", srv.port), timeout=10)
    s.sendall(b"POST /v1/nim HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n")
    step = 410
    for i in range(0, len(body), step):
        s.sendall(body[i:i + step])
        time.sleep(0.1)
    status, _, answer = read_answer(s)
    s.close()
    assert status == 200, (status, answer[:200])
    assert json.loads(answer)["grundy"] == 0  # 5000 piles of 7: even count
