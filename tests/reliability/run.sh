#!/bin/sh
# The reliability suite: hostile clients, overload, memory,
# shutdown and leaks, against real daemons on loopback.  Prints each figure
# it measures and closes with "reliability: N passed, N failed".
#
#   GRUNDYD       the daemon under test (default build/grundyd)
#   GRUNDYD_ASAN  an ASan+UBSan build for the leak checks (default
#                 build-asan/grundyd, built here when missing)
# Arguments name modules to run (inputs hostile overload memory shutdown leaks).
set -eu
cd "$(dirname "$0")/../.."
: "${GRUNDYD:=$PWD/build/grundyd}"
: "${GRUNDYD_ASAN:=$PWD/build-asan/grundyd}"
export GRUNDYD GRUNDYD_ASAN
[ -x "$GRUNDYD" ] || { echo "reliability: no daemon at $GRUNDYD (make all)"; exit 1; }
if [ ! -x "$GRUNDYD_ASAN" ]; then
    echo "reliability: building the ASan daemon for the leak checks"
    make BUILD=build-asan OPT=-O1 \
        SAN='-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all' \
        all >/dev/null
    GRUNDYD_ASAN=$PWD/build-asan/grundyd
fi
PY=python3
for p in python3 /usr/bin/python3; do
    if $p -c 'import yaml, jsonschema' 2>/dev/null; then PY=$p; break; fi
done
exec $PY tests/reliability/run.py "$@"
