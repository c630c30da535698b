#!/bin/sh
# Octal games at research scale: grundyd end to end over HTTP
# against the independent sparse-space reference (bench/octal_reference.c)
# in the same run, on the long published periods and Grundy's game.
#
#   sh bench/octal_bench.sh            (0.56, 0.354, 0.376, Grundy's game to 2^22)
#   QUICK=1 sh bench/octal_bench.sh    (0.56, 0.16, 0.127, Grundy's game to 2^20)
#
# For each code: the reference's seconds, the first POST /v1/octal (the
# table computed), the second (a cache hit), the period found, values per
# second.  Lines "octal: CODE ..." are what bench/RESULTS.md quotes.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${BUILD:-build}
OUT="$HERE/../$BUILD/bench"
mkdir -p "$OUT"
cc -O2 -std=c11 -Wall -Wextra -o "$OUT/octal_reference" "$HERE/octal_reference.c"
. "$HERE/lib.sh"

if [ -n "${QUICK:-}" ]; then
    CODES="0.56 0.16 0.127"; GRUNDY_N=1048576
else
    CODES="0.56 0.354 0.376"; GRUNDY_N=4194304
fi

# POST /v1/octal for code into $TMP/$2.json; its seconds into $TMP/$2.s.
# The heap is the largest there is (or the table's last for Grundy's game):
# the request grows the table until the period is confirmed or the bound,
# as the reference computes it (tables otherwise grow only to the question).
post() {
    heap=${HEAP:-9223372036854775807}
    curl -s -o "$TMP/$2.json" -w '%{time_total}' -X POST -H 'Content-Type: application/json' \
        -d "{\"code\":\"$1\",\"heaps\":[\"$heap\"]}" "$URL/v1/octal" > "$TMP/$2.s"
}

run_codes() {
    for code in "$@"; do
        "$OUT/octal_reference" "$code" "${REF_MAX:-33554432}" > "$TMP/ref.txt"
        post "$code" first
        post "$code" second
        python3 - "$code" "$TMP" <<'PY'
import json, sys
code, tmp = sys.argv[1], sys.argv[2]
ref = open(f"{tmp}/ref.txt").read().split()
ref_s = float(ref[ref.index("seconds") + 1])
ref_p = (ref[ref.index("preperiod") + 1], ref[ref.index("period") + 1])
t1, t2 = float(open(f"{tmp}/first.s").read()), float(open(f"{tmp}/second.s").read())
doc = json.load(open(f"{tmp}/first.json"))
per, n = doc["period"], doc["values_computed"]
pp = f"{per['preperiod']} / {per['period']}" if per else "none"
agree = "agrees" if (per is None and ref_p == ("0", "0")) or \
    (per and ref_p == (str(per["preperiod"]), str(per["period"]))) else "DIFFERS"
print(f"octal: {code}  period {pp} (reference {agree})  values {n}  "
      f"reference {ref_s:.2f} s  grundyd {t1:.2f} s end to end (ratio {t1 / ref_s:.2f}x)  "
      f"second request {t2 * 1000:.1f} ms  {n / t1 / 1e6:.2f} M values/s")
PY
    done
}

# no background search: the one request computes the table, as the
# reference does
gr_bench_start --log-format off --max-analysis-seconds 1200 --background-threads 0
run_codes $CODES
kill "$PID"; wait "$PID" 2>/dev/null || true; PID=; URL=

gr_bench_start --log-format off --max-analysis-seconds 1200 --max-octal-values "$GRUNDY_N" \
    --background-threads 0
HEAP=$((GRUNDY_N - 1)) REF_MAX=$GRUNDY_N run_codes grundy
