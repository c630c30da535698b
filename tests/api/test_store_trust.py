"""The store trusts only what it can check (issue 39, item 6): files with
valid checksums and wrong values, written here byte by byte as
docs/octal.md "Table store" lays them out, are set aside (renamed
NAME.bad-<time>) and logged on load, never grown, promoted or answered
from; the daemon answers from the rules instead, and the answers are
checked against brute force written here."""
import json
import os
import struct

import harness
from harness import in_store_dir

NO_SERVER = True

MAGIC = bytes([0x89, ord("G"), ord("R"), ord("T"), 0x0D, 0x0A, 0x1A, 0x0A])
FNV_OFFSET, FNV_PRIME = 0xCBF29CE484222325, 0x100000001B3
OCTAL, SUBTRACTION = 1, 2


def fnv(data, h=FNV_OFFSET):
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return h


def table_file(kind, key, values, width, period=None):
    """A table file with valid checksums, whatever its values."""
    payload = b"".join(v.to_bytes(width, "little") for v in values)
    kb = key.encode()
    header_len = (88 + len(kb) + 15) & ~15
    pre, per = period if period else (0, 0)
    fixed = MAGIC + struct.pack("<IIIIQQQQQQII", 1, kind, width, 1 if period else 0, len(values),
                                pre, per, max(values), len(payload), fnv(payload), len(kb),
                                header_len)
    assert len(fixed) == 80
    header = bytearray(fixed + b"\0" * 8 + kb + b"\0" * (header_len - 88 - len(kb)))
    header[80:88] = struct.pack("<Q", fnv(bytes(header)))
    return bytes(header) + payload


def name(kind, key):
    return ("sub-" if kind == SUBTRACTION else "octal-") + key + ".grt"


def mex(opts):
    m = 0
    while m in opts:
        m += 1
    return m


def octal_ref(code, n):
    """Brute-force Grundy values of an octal game (digits 0-7 after '0.')."""
    digits = [int(c) for c in code.split(".")[1]]
    g = []
    for h in range(n):
        opts = set()
        for k, d in enumerate(digits, start=1):
            if k > h:
                break
            rest = h - k
            if d & 1 and rest == 0:
                opts.add(0)
            if d & 2 and rest > 0:
                opts.add(g[rest])
            if d & 4 and rest >= 2:
                for a in range(1, rest // 2 + 1):
                    opts.add(g[a] ^ g[rest - a])
        g.append(mex(opts))
    return g


def sub_ref(s, n):
    g = []
    for h in range(n):
        g.append(mex({g[h - x] for x in s if x <= h}))
    return g


def set_aside(d, fname):
    return [f for f in os.listdir(d) if f.startswith(fname + ".bad-")]


CASES = [
    # (what, kind, key, values, width, period, request, the heap asked)
    ("0.73 with g(0) = 300", OCTAL, "0.73", [300] + octal_ref("0.73", 64)[1:], 2, (0, 4)),
    ("0.73 with g(0) = 300, unconfirmed", OCTAL, "0.73", [300] + octal_ref("0.73", 64)[1:], 2,
     None),
    ("all-zero 'period 1' 0.15", OCTAL, "0.15", [0] * 64, 1, (0, 1)),
    ("all-zero 'period 1' subtraction {1,2}", SUBTRACTION, "1,2", [0] * 64, 2, (0, 1)),
    ("width-1 subtraction {1,3,4}", SUBTRACTION, "1,3,4", sub_ref([1, 3, 4], 64), 1, None),
]


@in_store_dir
def test_crafted_files_are_set_aside_and_answers_come_from_the_rules(d):
    for what, kind, key, values, width, period in CASES:
        fname = name(kind, key)
        with open(os.path.join(d, fname), "wb") as f:
            f.write(table_file(kind, key, values, width, period))
        srv = harness.Server(args=["--table-dir", d, "--background-threads", "0"]).start()
        try:
            if kind == OCTAL:
                ref = octal_ref(key, 12)
                for h in (0, 1, 5, 11):
                    r = srv.post_json("/v1/octal", {"code": key, "heaps": [h]}).json()
                    assert r["grundy"] == ref[h], (what, h, r)
                seq = srv.get(f"/v1/octal/sequence?code={key}&count=12").json()
                assert seq["sequence"] == ref, (what, seq)
            else:
                s = [int(x) for x in key.split(",")]
                ref = sub_ref(s, 40)
                for h in (0, 1, 2, 7, 39):
                    r = srv.post_json("/v1/subtraction",
                                      {"subtraction_set": s, "piles": [h]}).json()
                    assert r["grundy"] == ref[h], (what, h, r)
            aside = set_aside(d, fname)
            assert len(aside) == 1, (what, os.listdir(d))
            log = srv.log_text()
            assert fname in log and "set aside" in log, (what, log[-2000:])
        finally:
            assert srv.stop() == 0
        # what replaced it (if anything) is a true table
        path = os.path.join(d, fname)
        if os.path.exists(path):
            with open(path, "rb") as f:
                data = f.read()
            w = struct.unpack_from("<I", data, 16)[0]
            hl = struct.unpack_from("<I", data, 76)[0]
            n = min(struct.unpack_from("<Q", data, 24)[0], 200)
            got = [int.from_bytes(data[hl + i * w:hl + (i + 1) * w], "little") for i in range(n)]
            want = octal_ref(key, n) if kind == OCTAL else sub_ref(
                [int(x) for x in key.split(",")], n)
            assert got == want, (what, got[:20])
        for f in set_aside(d, fname):
            os.remove(os.path.join(d, f))


def test_a_true_file_is_still_trusted(_):
    # 1 byte a value, and 2 (what a grower widened early writes: the
    # daemon's own checkpoints of 0.56 are, now and then)
    for width in (1, 2):
        in_store_dir(lambda d: true_file_trusted(d, width))(None)


def true_file_trusted(d, width):
    key = "0.137"
    vals = octal_ref(key, 300)
    with open(os.path.join(d, name(OCTAL, key)), "wb") as f:
        f.write(table_file(OCTAL, key, vals, width))
    srv = harness.Server(args=["--table-dir", d, "--background-threads", "0"]).start()
    try:
        r = srv.post_json("/v1/octal", {"code": key, "heaps": [7, 250]}).json()
        assert r["grundy"] == vals[7] ^ vals[250], r
        text = srv.get("/metrics").body.decode()
        assert "grundyd_table_store_loads_total 1" in text, json.dumps(text[-500:])
        assert not set_aside(d, name(OCTAL, key))
    finally:
        assert srv.stop() == 0
