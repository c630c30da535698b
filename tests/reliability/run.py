"""Runs the reliability suite: tests/reliability/{inputs,hostile,overload,
memory,shutdown,leaks}.py (or those named on the command line), each test_*
function once.  Prints each figure measured and closes with
"reliability: N passed, N failed"; exit status 1 on any failure."""
import importlib
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

MODULES = ["inputs", "hostile", "frontdoor", "cancel", "overload", "fairness", "lanes", "idle", "replicas",
           "memory", "shutdown", "leaks"]


def main(argv):
    mods = [m for m in MODULES if not argv or m in argv]
    passed = failed = 0
    t_all = time.time()
    for name in mods:
        mod = importlib.import_module(name)
        for tname in sorted(n for n in vars(mod) if n.startswith("test_")):
            t0 = time.time()
            print(f"  {name}.{tname}", flush=True)
            try:
                getattr(mod, tname)()
                passed += 1
                print(f"    ok ({time.time() - t0:.1f}s)", flush=True)
            except Exception:
                failed += 1
                print(f"FAIL {name}.{tname} ({time.time() - t0:.1f}s)\n{traceback.format_exc()}",
                      flush=True)
    print(f"reliability: {passed} passed, {failed} failed ({time.time() - t_all:.0f}s)")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
