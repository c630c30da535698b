#!/bin/sh
# The OpenAPI contract as a client sees it (make client-test):
#   1. redocly lint of api/openapi.yaml, the recommended rules but
#      security-defined (redocly.yaml);
#   2. TypeScript types generated from it by openapi-typescript, and
#      sum.test.ts -- an openapi-fetch client typed by them -- compiled by tsc
#      (strict);
#   3. that client sending sums to a grundyd started here on a free loopback
#      port (GRUNDYD, default build/grundyd), with node's test runner.
# The npm packages come from package-lock.json (`npm ci`), installed when
# node_modules is missing or older than the lock.
set -eu

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/tests/client"
GRUNDYD=${GRUNDYD:-build/grundyd}
case "$GRUNDYD" in
/*) ;;
*) GRUNDYD="$ROOT/$GRUNDYD" ;;
esac

for tool in node npm; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "run.sh: $tool is needed (apt-get install nodejs npm)" >&2
        exit 1
    fi
done
if [ ! -f "$HERE/node_modules/.package-lock.json" ] ||
   [ "$HERE/package-lock.json" -nt "$HERE/node_modules/.package-lock.json" ]; then
    (cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error)
fi
if [ ! -x "$GRUNDYD" ]; then
    echo "run.sh: $GRUNDYD is not built (run make all first)" >&2
    exit 1
fi

cd "$HERE"
# Redocly prints a banner about Node 20's end of life; only the verdict matters.
if ! npx --no-install redocly lint --config redocly.yaml --format=summary \
        "$ROOT/api/openapi.yaml" >lint.log 2>&1; then
    cat lint.log >&2
    echo "run.sh: redocly lint failed" >&2
    exit 1
fi
# The summary lists one line per rule that fired ("warning  rule: n").
grep -q "Your API description is valid" lint.log && ! grep -Eq '^(warning|error) ' lint.log || {
    cat lint.log >&2
    echo "run.sh: redocly lint is not clean" >&2
    exit 1
}
rm -f lint.log
echo "client: redocly lint clean (recommended rules, security-defined off)"

# --default-non-nullable false: a field with a default is optional in a
# request.  Declarations (.d.ts) with skipLibCheck: openapi-typescript
# writes a recursive array schema (a nested tree) as a type that refers to
# itself, which tsc rejects in checked code (openapi-typescript issue #1603)
# and reads as `any` in a declaration file.
rm -rf gen out
npx --no-install openapi-typescript "$ROOT/api/openapi.yaml" --default-non-nullable false \
    -o gen/grundyd.d.ts >/dev/null 2>&1
npx --no-install tsc -p tsconfig.json
echo "client: generated types and sum.test.ts compile (tsc --strict)"

PORT=$(node -e 'const s = require("net").createServer();
s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')
LOG=$(mktemp "${TMPDIR:-/tmp}/grundyd-client.XXXXXX")
"$GRUNDYD" --bind 127.0.0.1 --port "$PORT" >"$LOG" 2>&1 &
PID=$!
cleanup() {
    kill "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
    rm -f "$LOG"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

URL="http://127.0.0.1:$PORT"
if ! node -e '
const url = process.argv[1] + "/healthz", end = Date.now() + 10000;
(async () => {
  for (;;) {
    try { if ((await fetch(url)).ok) process.exit(0); } catch (e) { /* not up yet */ }
    if (Date.now() > end) process.exit(1);
    await new Promise((r) => setTimeout(r, 100));
  }
})();' "$URL" || ! kill -0 "$PID" 2>/dev/null; then
    echo "run.sh: grundyd did not come up on $URL; its log:" >&2
    cat "$LOG" >&2
    exit 1
fi
GRUNDYD_URL="$URL" node --test out/sum.test.js
