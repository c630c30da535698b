"""`grundy tables build | list | verify` and the table store's files.

The files are read here by an independent reader of the layout that
docs/octal.md documents (header fields, FNV-1a 64 checksums), and their
values compared with a naive mex over explicitly listed moves; a file this
test writes itself in that layout, with valid checksums but one wrong
value, must fail `verify`; a damaged file must fail it and be set aside.
The daemon's --table-dir is checked too: a missing directory is created, a
read-only place is logged and served without, a file is refused.
Everything lives in temporary directories.
"""
import os
import struct
import subprocess
import tempfile

import harness

NO_SERVER = True

MAGIC = b"\x89GRT\r\n\x1a\n"
FIXED = 88


def _cli_path():
    cli = os.environ.get("GRUNDY_CLI")
    if not cli:
        daemon = os.environ.get("GRUNDYD", os.path.join(harness.ROOT, "build", "grundyd"))
        cli = os.path.join(os.path.dirname(daemon), "grundy")
    return cli


CLI = _cli_path()


def run(*args, env=None):
    e = dict(os.environ)
    e.pop("GRUNDYD_TABLE_DIR", None)
    e.update(env or {})
    return subprocess.run([CLI, "tables"] + list(args), capture_output=True, text=True,
                          timeout=300, env=e)


def fnv1a64(data, h=0xCBF29CE484222325):
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def read_table(path):
    """The documented layout, read and checked independently of the C code."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == MAGIC, path
    (version, kind, width, flags, count, e, p, max_value, plen, psum, klen, hlen,
     hsum) = struct.unpack_from("<IIIIQQQQQQIIQ", data, 8)
    assert version == 1 and width in (1, 2) and flags in (0, 1)
    assert hlen == (FIXED + klen + 15) // 16 * 16 and plen == count * width
    assert len(data) == hlen + plen
    header = bytearray(data[:hlen])
    header[80:88] = bytes(8)
    assert fnv1a64(header) == hsum, "header checksum"
    payload = data[hlen:]
    assert fnv1a64(payload) == psum, "payload checksum"
    fmt = "<%d%s" % (count, "B" if width == 1 else "H")
    values = list(struct.unpack(fmt, payload))
    assert max(values) == max_value
    return {"kind": kind, "key": data[FIXED:FIXED + klen].decode(), "count": count,
            "periodic": bool(flags & 1), "preperiod": e, "period": p, "values": values}


def write_table(path, kind, key, values, width, periodic=False, e=0, p=0):
    """A file in the documented layout, with valid checksums."""
    k = key.encode()
    hlen = (FIXED + len(k) + 15) // 16 * 16
    payload = struct.pack("<%d%s" % (len(values), "B" if width == 1 else "H"), *values)
    fixed = MAGIC + struct.pack("<IIIIQQQQQQII", 1, kind, width, 1 if periodic else 0,
                                len(values), e, p, max(values), len(payload),
                                fnv1a64(payload), len(k), hlen)
    header = bytearray(fixed + bytes(8) + k + bytes(hlen - FIXED - len(k)))
    header[80:88] = struct.pack("<Q", fnv1a64(header))
    with open(path, "wb") as f:
        f.write(bytes(header) + payload)


def naive_octal(code, n):
    g = []
    for h in range(n):
        opts = set()
        if code == "grundy":
            opts = {g[a] ^ g[h - a] for a in range(1, (h + 1) // 2) if 2 * a != h}
        else:
            d_ = [0] + [int(c, 16) for c in code[2:]]
            for j in range(1, min(len(d_) - 1, h) + 1):
                d, r = d_[j], h - j
                if d & 1 and r == 0:
                    opts.add(0)
                if d & 2 and r >= 1:
                    opts.add(g[r])
                if d & 4:
                    opts |= {g[a] ^ g[r - a] for a in range(1, r // 2 + 1)}
        g.append(harness.mex(opts))
    return g


def naive_sub(s, n):
    g = []
    for h in range(n):
        g.append(harness.mex(g[h - x] for x in s if x <= h))
    return g


def listing(d):
    r = run("list", "--table-dir", d)
    assert r.returncode == 0, r
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["KEY", "KIND", "VALUES", "PREPERIOD", "PERIOD", "BYTES"], lines
    return {f[0]: f[1:] for f in (line.split() for line in lines[1:])}


def test_build_list_verify(_srv):
    with tempfile.TemporaryDirectory() as tmp:
        d = os.path.join(tmp, "tables")  # made by build
        r = run("build", "kayles", "0.07", "grundy", "0.6", "sub:1,3,4", "--subtraction",
                "5,2,5", "--table-dir", d, "--max-values", "3000")
        assert r.returncode == 0, r
        assert "octal 0.77: " in r.stdout and "preperiod 71, period 12" in r.stdout, r.stdout
        rows = listing(d)
        assert set(rows) == {"0.77", "0.07", "grundy", "0.6", "1,3,4", "2,5"}, rows
        assert rows["0.77"][:4] == ["octal", rows["0.77"][1], "71", "12"], rows
        assert rows["grundy"][1:4] == ["3000", "-", "-"], rows
        assert rows["1,3,4"][0] == "subtraction" and rows["1,3,4"][2:4] == ["0", "7"], rows
        # the files, read independently, hold the values a naive mex gives
        files = sorted(os.listdir(d))
        for name, code in [("octal-0.77.grt", "0.77"), ("octal-0.07.grt", "0.07"),
                           ("octal-grundy.grt", "grundy"), ("octal-0.6.grt", "0.6")]:
            t = read_table(os.path.join(d, name))
            assert t["kind"] == 1 and t["key"] == code, (name, t["key"])
            assert t["values"] == naive_octal(code, t["count"]), name
            assert int(rows[code][1]) == t["count"]
            assert int(rows[code][4]) == os.path.getsize(os.path.join(d, name))
        t = read_table(os.path.join(d, "octal-0.77.grt"))
        assert (t["periodic"], t["preperiod"], t["period"]) == (True, 71, 12)
        # the period holds in a longer naive table
        ref = naive_octal("0.77", 400)
        assert all(ref[h] == ref[h - 12] for h in range(71 + 12, 400))
        for name, s in [("sub-1,3,4.grt", [1, 3, 4]), ("sub-2,5.grt", [2, 5])]:
            t = read_table(os.path.join(d, name))
            assert t["kind"] == 2 and t["values"] == naive_sub(s, t["count"]), name
            assert t["periodic"] and t["period"] >= 1
        assert not any(f.startswith(".tmp-") for f in files), files
        r = run("verify", "--table-dir", d)
        assert r.returncode == 0, r
        assert r.stdout.count("\nok ") + r.stdout.startswith("ok ") == 6, r.stdout
        # aliases and orders are one key
        r = run("verify", "--table-dir", d, "dawsons-kayles", "sub:4,3,1,3")
        assert r.returncode == 0 and r.stdout.count("ok ") == 2, r
        # the environment names the directory too
        r = run("list", env={"GRUNDYD_TABLE_DIR": d})
        assert r.returncode == 0 and "grundy" in r.stdout, r


def test_build_never_shrinks_and_aliases_share_a_file(_srv):
    with tempfile.TemporaryDirectory() as d:
        assert run("build", "grundy", "--table-dir", d, "--max-values", "2000").returncode == 0
        r = run("build", "grundy", "--table-dir", d, "--max-values", "500")
        assert r.returncode == 0 and "keeps its table of 2000 values" in r.stdout, r
        assert listing(d)["grundy"][1] == "2000"
        assert run("build", "0.0700", "--table-dir", d).returncode == 0
        assert run("build", "dawsons-kayles", "--table-dir", d).returncode == 0
        assert sorted(f for f in os.listdir(d) if f.endswith(".grt")) == [
            "octal-0.07.grt", "octal-grundy.grt"]


def test_damaged_file_fails_verify_and_is_set_aside(_srv):
    with tempfile.TemporaryDirectory() as d:
        assert run("build", "0.137", "0.07", "--table-dir", d).returncode == 0
        path = os.path.join(d, "octal-0.137.grt")
        with open(path, "r+b") as f:
            f.seek(os.path.getsize(path) - 3)
            b = f.read(1)
            f.seek(-1, 1)
            f.write(bytes([b[0] ^ 0x04]))
        r = run("verify", "--table-dir", d, "0.137", "0.07")
        assert r.returncode == 1, r
        assert "FAILED octal 0.137" in r.stdout and "ok octal 0.07" in r.stdout, r.stdout
        assert "payload checksum" in r.stderr and "set aside" in r.stderr, r.stderr
        assert not os.path.exists(path)
        assert any(f.startswith("octal-0.137.grt.bad-") for f in os.listdir(d))
        # built again, it verifies
        assert run("build", "0.137", "--table-dir", d).returncode == 0
        assert run("verify", "--table-dir", d).returncode == 0
        # a truncated file: the same
        with open(path, "r+b") as f:
            f.truncate(100)
        r = run("verify", "--table-dir", d)
        assert r.returncode == 1 and "FAILED: 1 damaged file" in r.stdout, r
        assert "truncated" in r.stderr, r.stderr
        r = run("verify", "--table-dir", d, "0.137")  # loaded: set aside
        assert r.returncode == 1 and "FAILED octal 0.137" in r.stdout, r
        assert not os.path.exists(path)


def test_wrong_values_with_valid_checksums_fail_verify(_srv):
    with tempfile.TemporaryDirectory() as d:
        values = naive_octal("0.6", 300)
        values[217] ^= 1
        write_table(os.path.join(d, "octal-0.6.grt"), 1, "0.6", values, 1)
        write_table(os.path.join(d, "sub-1,2.grt"), 2, "1,2", naive_sub([1, 2], 50), 2,
                    periodic=True, e=0, p=3)
        rows = listing(d)  # the layout is valid: it is listed
        assert rows["0.6"][1] == "300" and rows["1,2"][2:4] == ["0", "3"], rows
        r = run("verify", "--table-dir", d)
        assert r.returncode == 1, r
        assert "FAILED octal 0.6: heap 217:" in r.stdout, r.stdout
        assert "ok subtraction 1,2" in r.stdout, r.stdout
        # a wrong period is a difference too
        write_table(os.path.join(d, "sub-1,2.grt"), 2, "1,2", naive_sub([1, 2], 50), 2,
                    periodic=True, e=0, p=6)
        r = run("verify", "--table-dir", d, "sub:1,2")
        assert r.returncode == 1 and "period" in r.stdout, r
        # a period the values do not show: refused before any recomputation
        write_table(os.path.join(d, "octal-0.6.grt"), 1, "0.6", naive_octal("0.6", 300), 1,
                    periodic=True, e=10, p=7)
        r = run("verify", "--table-dir", d, "0.6")
        assert r.returncode == 1 and "Guy-Smith" in r.stdout, r


def test_usage_and_input_errors(_srv):
    with tempfile.TemporaryDirectory() as d:
        assert run("list").returncode == 2  # no directory
        assert run("frobnicate", "--table-dir", d).returncode == 2
        assert run("build", "--table-dir", d).returncode == 2  # nothing to build
        assert run("build", "0.7", "--table-dir", d, "--max-values", "x").returncode == 2
        r = run("build", "0.77", "0.9z", "--table-dir", d)
        assert r.returncode == 1 and "0.9z" in r.stderr, r
        assert os.listdir(d) == [] or not any(f.endswith(".grt") for f in os.listdir(d))
        assert run("build", "sub:1,x", "--table-dir", d).returncode == 1
        assert run("build", "sub:0,1", "--table-dir", d).returncode == 1
        assert run("verify", "--table-dir", d, "0.77").returncode == 1  # missing
        f = os.path.join(d, "file")
        open(f, "w").close()
        assert run("list", "--table-dir", f).returncode == 2
        assert run("--help").returncode == 0


def test_daemon_table_dir(_srv):
    with tempfile.TemporaryDirectory() as tmp:
        d = os.path.join(tmp, "a", "tables")
        srv = harness.Server(args=["--table-dir", d]).start()
        try:
            assert srv.get("/healthz").status == 200
        finally:
            assert srv.stop() == 0
        assert os.path.isdir(d)
        # through the environment, on a place no directory can be made
        srv = harness.Server(env={"GRUNDYD_TABLE_DIR": "/proc/grundyd-tables"}).start()
        try:
            assert srv.get("/healthz").status == 200
        finally:
            assert srv.stop() == 0
        assert "tables are not kept" in srv.log_text(), srv.log_text()
        # a file where the directory should be is a configuration error
        f = os.path.join(tmp, "file")
        open(f, "w").close()
        srv = harness.Server(args=["--table-dir", f])
        try:
            srv.start()
            assert False, "started with a file as --table-dir"
        except RuntimeError as e:
            assert "not a directory" in str(e), e
        help_text = subprocess.run([srv.binary, "--help"], capture_output=True, text=True).stdout
        assert "--table-dir" in help_text and "GRUNDYD_TABLE_DIR" in help_text
