"""Runs the API tests: tests/api/test_*.py, each against its own fresh
grundyd (a module may set SERVER_ARGS).  Usage: run.py [name-filter...]

Prints one line per failure and closes with "api: N passed, N failed".
A daemon that dies during a module, or exits non-zero on SIGTERM (a
sanitizer report, a leak), fails that module.
"""
import importlib.util
import glob
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import harness  # noqa: E402


def main(argv):
    files = sorted(glob.glob(os.path.join(HERE, "test_*.py")))
    if argv:
        files = [f for f in files if any(a in os.path.basename(f) for a in argv)]
    passed = failed = 0
    for path in files:
        name = os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(mod)
        except Exception:
            print(f"FAIL {name}: import error\n{traceback.format_exc()}")
            failed += 1
            continue
        tests = [(n, getattr(mod, n)) for n in sorted(vars(mod)) if n.startswith("test_")
                 and callable(getattr(mod, n))]
        if getattr(mod, "NO_SERVER", False):
            srv = None
        else:
            srv = harness.Server(args=getattr(mod, "SERVER_ARGS", ())).start()
        t0 = time.time()
        mp = mf = 0
        for tname, fn in tests:
            try:
                fn(srv)
                mp += 1
            except Exception:
                mf += 1
                print(f"FAIL {name}.{tname}\n{traceback.format_exc()}")
            if srv is not None and not srv.alive():
                print(f"FAIL {name}.{tname}: grundyd died\n{srv.log_text()[-3000:]}")
                mf += 1
                srv = harness.Server(args=getattr(mod, "SERVER_ARGS", ())).start()
        if srv is not None:
            rc = srv.stop()
            if rc != 0:
                mf += 1
                print(f"FAIL {name}: grundyd exited {rc} on SIGTERM\n{srv.log_text()[-5000:]}")
        print(f"  {name}: {mp} passed, {mf} failed ({time.time() - t0:.1f}s)")
        passed += mp
        failed += mf
    print(f"api: {passed} passed, {failed} failed")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
