"""Keep-alive: one connection serves many requests of every kind.

libmicrohttpd 0.9.75 closes a connection after a response queued on the
first call of the access handler, so grundyd answers bodyless requests on
the second call; without that every GET, OPTIONS, 404 and 405 closed its
connection ("Connection: close"), costing load balancers and browsers a
new TCP connection per probe or preflight."""
import http.client


def test_one_connection_serves_every_kind_of_request(srv):
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    sock = None
    seen = []
    for method, path, body, headers in [
        ("GET", "/healthz", None, {}),
        ("GET", "/readyz", None, {}),
        ("HEAD", "/healthz", None, {}),
        ("GET", "/v1", None, {}),
        ("GET", "/metrics", None, {}),
        ("OPTIONS", "/v1/nim", None, {"Origin": "https://example.org",
                                      "Access-Control-Request-Method": "POST"}),
        ("GET", "/no/such/path", None, {}),
        ("GET", "/v1/nim", None, {}),
        ("POST", "/v1/nim", b'{"piles":[3,4,5]}', {"Content-Type": "application/json"}),
        ("POST", "/v1/nim", b'{"piles":', {"Content-Type": "application/json"}),
        ("GET", "/healthz", None, {}),
    ]:
        conn.request(method, path, body=body, headers=headers)
        r = conn.getresponse()
        r.read()
        seen.append((method, path, r.status))
        assert (r.getheader("Connection") or "").lower() != "close", (method, path, r.getheaders())
        if sock is None:
            sock = conn.sock
        assert conn.sock is sock, f"{method} {path} needed a new connection"
    conn.close()
    assert [s for _, _, s in seen] == [200, 200, 200, 200, 200, 204, 404, 405, 200, 400, 200], seen
