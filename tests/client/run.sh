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
. "$ROOT/tests/node_env.sh"

node_tools
npm_install

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

start_grundyd client
GRUNDYD_URL="$URL" node --test out/sum.test.js
