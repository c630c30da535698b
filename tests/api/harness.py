"""Test harness: a real grundyd on a free loopback port, and HTTP helpers.

Every JSON response is validated against api/openapi.yaml: the schema of
its path, method and status.  A response whose status the document does not
list is a test failure too, so the contract cannot drift from the code.
"""
import http.client
import json
import os
import signal
import socket
import subprocess
import tempfile
import time

import yaml

try:
    import jsonschema
except ImportError:  # pragma: no cover - deps.sh installs it
    jsonschema = None

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
with open(os.path.join(ROOT, "api", "openapi.yaml"), encoding="utf-8") as f:
    OPENAPI = yaml.safe_load(f)


class ContractError(AssertionError):
    pass


def _resolve(node):
    while isinstance(node, dict) and "$ref" in node and len(node) == 1:
        ref = node["$ref"]
        assert ref.startswith("#/"), ref
        cur = OPENAPI
        for part in ref[2:].split("/"):
            cur = cur[part]
        node = cur
    return node


def check_contract(method, path, status, content_type, body):
    path = path.split("?", 1)[0]  # the query is not part of the OpenAPI path
    op = OPENAPI.get("paths", {}).get(path, {}).get(method.lower())
    if op is None:
        return  # unknown paths/methods: 404/405 problems checked below
    responses = op.get("responses", {})
    resp = responses.get(str(status)) or responses.get("default")
    if resp is None:
        raise ContractError(f"{method} {path}: status {status} not documented in openapi.yaml")
    resp = _resolve(resp)
    media = (content_type or "").split(";")[0].strip()
    content = resp.get("content", {})
    if media not in content:
        if content:
            raise ContractError(f"{method} {path} {status}: content type {media!r} not documented")
        return
    schema = content[media].get("schema")
    if schema is None or jsonschema is None or not media.endswith("json"):
        return
    doc = json.loads(body)
    root = dict(_resolve(schema))
    root["components"] = OPENAPI.get("components", {})
    try:
        jsonschema.Draft202012Validator(root).validate(doc)
    except jsonschema.ValidationError as e:
        raise ContractError(f"{method} {path} {status}: response does not match openapi.yaml: "
                            f"{e.message} at {list(e.absolute_path)}") from None


class Response:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers  # lower-case names
        self.body = body

    def json(self):
        return json.loads(self.body)

    def header(self, name):
        return self.headers.get(name.lower())

    def __repr__(self):
        return f"<Response {self.status} {self.body[:300]!r}>"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A grundyd process on 127.0.0.1 with its log in a temporary file."""

    def __init__(self, binary=None, args=(), env=None, popen_kw=None):
        self.popen_kw = dict(popen_kw or {})
        self.binary = binary or os.environ.get("GRUNDYD", os.path.join(ROOT, "build", "grundyd"))
        self.args = list(args)
        # One test process is one client sending as fast as it can: the
        # per-client limits are off unless a test turns them on (their own
        # tests, tests/api/test_fairness.py, do).
        self.env = dict({"GRUNDYD_RATE_PER_CLIENT": "0", "GRUNDYD_MAX_INFLIGHT_PER_CLIENT": "0"},
                        **os.environ)
        self.env.update(env or {})
        self.proc = None
        self.port = None
        self.log = tempfile.NamedTemporaryFile(prefix="grundyd-", suffix=".log", delete=False)

    def start(self, timeout=15):
        self.port = free_port()
        cmd = [self.binary, "--bind", "127.0.0.1", "--port", str(self.port)] + self.args
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=self.log,
                                     env=self.env, **self.popen_kw)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"grundyd exited early ({self.proc.returncode}): {self.log_text()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("grundyd did not start listening")

    def log_text(self):
        with open(self.log.name, encoding="utf-8", errors="replace") as f:
            return f.read()

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout=30):
        """SIGTERM; returns the exit code."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                return -9
        return self.proc.returncode

    # ---- HTTP ---------------------------------------------------------------
    def request(self, method, path, body=None, headers=None, timeout=120, check=True):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            r = conn.getresponse()
            data = r.read()
            hdrs = {k.lower(): v for k, v in r.getheaders()}
        finally:
            conn.close()
        resp = Response(r.status, hdrs, data)
        if check:
            self._check(method, path, resp)
        return resp

    def _check(self, method, path, resp):
        ct = resp.header("content-type") or ""
        if resp.status >= 400:
            if method != "HEAD" and not ct.startswith("application/problem+json"):
                raise ContractError(f"{method} {path} {resp.status}: error without problem+json: {ct}")
            if method != "HEAD":
                p = json.loads(resp.body)
                for k in ("type", "title", "status", "detail"):
                    if k not in p:
                        raise ContractError(f"problem lacks {k}: {p}")
                if p["status"] != resp.status:
                    raise ContractError(f"problem status {p['status']} != {resp.status}")
        if method != "HEAD" and resp.body:
            check_contract(method, path, resp.status, ct, resp.body)

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post_raw(self, path, body, content_type="application/json", headers=None, **kw):
        h = {"Content-Type": content_type} if content_type is not None else {}
        h.update(headers or {})
        if isinstance(body, str):
            body = body.encode("utf-8")
        return self.request("POST", path, body=body, headers=h, **kw)

    def post_json(self, path, obj, headers=None, **kw):
        return self.post_raw(path, json.dumps(obj, separators=(",", ":")), headers=headers, **kw)


def expect_problem(resp, status, pointer=None):
    """Asserts resp is a problem with this status (and pointer, if given)."""
    assert resp.status == status, f"expected {status}, got {resp!r}"
    assert resp.header("content-type").startswith("application/problem+json"), resp.headers
    p = resp.json()
    if pointer is not None:
        assert p.get("pointer") == pointer, f"expected pointer {pointer!r}, got {p!r}"
    return p


def in_store_dir(test):
    """The test, run on a fresh table-store directory (its one argument,
    in place of the server) removed after it."""
    import functools
    import shutil

    @functools.wraps(test)
    def run(_):
        d = tempfile.mkdtemp(prefix="grundy-store-")
        try:
            test(d)
        finally:
            shutil.rmtree(d)
    return run


# ---- work longer than any limit ---------------------------------------------
# Tests of time limits, cancellation and shutdown need work that outlasts
# the limit on any machine, fast or slow, so that they assert what the
# limit guarantees and never how long something took.  Node Kayles on a
# random graph of 64 vertices (the search's largest component) runs past
# 30 s on the reference machine for every seed used here; with the node
# budget lifted (LONG_WORK_ARGS) only the clock, a hang-up or a shutdown
# stops it.
LONG_WORK_ARGS = ["--max-search-nodes", "1000000000000"]


def long_search(seed, n=64, p=0.1):
    """A /v1/sum component (drop "game" for /v1/node-kayles) whose search
    takes far longer than any time limit a test sets."""
    import random
    rng = random.Random(seed)
    edges = [[u, v] for u in range(n) for v in range(u + 1, n) if rng.random() < p]
    return {"game": "node_kayles", "vertices": n, "edges": edges}


# ---- brute-force references -------------------------------------------------
# Computed in the tests, from the rules alone, to check the daemon against.

def mex(values):
    """The least natural number not among values."""
    seen = set(values)
    v = 0
    while v in seen:
        v += 1
    return v


def pile_cases(rng, min_len, top, max_len, extra):
    """Positions of a heap game: every one of min_len..3 heaps below 4,
    then `extra` random ones of 1..max_len-1 heaps below top."""
    import itertools
    cases = [list(p) for n in range(min_len, 4) for p in itertools.product(range(4), repeat=n)]
    cases += [[rng.randrange(0, top) for _ in range(rng.randrange(1, max_len))]
              for _ in range(extra)]
    return cases


def octal_digits(code):
    """[d0, d1, ...] of a code "d0.d1d2..." (octal or hexadecimal digits;
    d0, the move that takes nothing, is 0 in "0." codes)."""
    d0, _, rest = code.partition(".")
    return [int(d0, 16)] + [int(ch, 16) for ch in rest]


def random_split0_code(rng, max_digits):
    """A random code with a digit before the point (d0: 4, 8 or C; the
    digits after it hexadecimal when d0 splits in three, and now and then
    otherwise), of 1..max_digits digits after the point."""
    d0 = rng.choice([4, 4, 8, 12])
    hexa = d0 != 4 or rng.random() < 0.25
    ds = [rng.randrange(16 if hexa else 8) for _ in range(rng.randrange(1, max_digits + 1))]
    return "%X." % d0 + "".join("%X" % d for d in ds)


def digit_options(digits, h):
    """Every move from a heap of h by the digits (digits[j] for taking j,
    j = 0 included; bits 1/2/4/8 leave 0/1/2/3 heaps), as (take, heaps
    left), by take and then by the heaps left."""
    out = []
    for j, d in enumerate(digits[:h + 1]):
        r = h - j
        if d & 1 and r == 0:
            out.append((j, ()))
        if d & 2 and r >= 1:
            out.append((j, (r,)))
        if d & 4:
            out.extend((j, (a, r - a)) for a in range(1, r // 2 + 1))
        if d & 8:
            out.extend((j, (a, b, r - a - b)) for a in range(1, r // 3 + 1)
                       for b in range(a, (r - a) // 2 + 1))
    return out


def octal_options(code, h):
    """Every move from a heap of h in the take-and-break game `code` ("d0.d1d2...",
    or "grundy" for Grundy's game), as digit_options lists them."""
    if code == "grundy":  # split into two unequal heaps, nothing taken
        return [(0, (a, h - a)) for a in range(1, (h + 1) // 2) if 2 * a != h]
    return digit_options(octal_digits(code), h)


def digit_values(digits, n):
    """g(0), ..., g(n-1) of the game of these digits (as digit_options
    reads them), by mex over every move, XORed as it is made."""
    g = []
    for h in range(n):
        opts = set()
        for j, d in enumerate(digits[:h + 1]):
            r = h - j
            if d & 1 and r == 0:
                opts.add(0)
            if d & 2 and r >= 1:
                opts.add(g[r])
            if d & 4:
                opts.update(g[a] ^ g[r - a] for a in range(1, r // 2 + 1))
            if d & 8:
                opts.update(g[a] ^ g[b] ^ g[r - a - b] for a in range(1, r // 3 + 1)
                            for b in range(a, (r - a) // 2 + 1))
        g.append(mex(opts))
    return g


def octal_values(code, n):
    """g(0), ..., g(n-1) of the take-and-break game `code` (or Grundy's)."""
    if code != "grundy":
        return digit_values(octal_digits(code), n)
    g = []
    for h in range(n):
        g.append(mex({g[a] ^ g[h - a] for a in range(1, (h + 1) // 2) if 2 * a != h}))
    return g
