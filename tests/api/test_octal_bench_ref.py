"""The bench's independent sparse-space reference (bench/octal_reference.c)
against a naive mex over explicit moves, and against the published periods:
the bench compares grundyd with it, so it must be right itself."""
import os
import random
import subprocess
import tempfile

import harness

NO_SERVER = True


def test_reference_against_naive_mex(_srv):
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "octal_reference")
        subprocess.run(["cc", "-O2", "-std=c11", "-o", exe,
                        os.path.join(harness.ROOT, "bench", "octal_reference.c")], check=True)

        def run(code, cap, dump=0):
            out = subprocess.run([exe, code, str(cap), str(dump)], check=True,
                                 capture_output=True, text=True).stdout.split("\n")
            f = out[0].split()
            vals = [int(x) for x in out[1].split(",")] if dump else []
            return (int(f[f.index("periodic") + 1]), int(f[f.index("preperiod") + 1]),
                    int(f[f.index("period") + 1])), vals

        rng = random.Random(2024)
        codes = ["grundy", "0.6", "0.16", "0.56", "0.14"] + [
            "0." + "".join(str(rng.randrange(8)) for _ in range(rng.randrange(1, 4)))
            for _ in range(25)]
        for code in codes:
            # 2500 values: past the sparse-space switch at 1024 and 2048
            (periodic, _, _), vals = run(code, 2500, 2500)
            assert len(vals) == 2500 or periodic, code  # a period stops the table
            assert vals == harness.octal_values(code, len(vals)), code
        for code, e, p in [("0.77", 71, 12), ("0.137", 52, 34), ("0.127", 46578, 4),
                           ("0.16", 105351, 149459), ("0.56", 326640, 144)]:
            assert run(code, 1 << 21)[0] == (1, e, p), code
