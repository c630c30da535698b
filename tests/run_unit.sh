#!/bin/sh
# Runs each cmocka unit-test binary given and prints one closing line.
pass=0; fail=0
for t in "$@"; do
    if "$t"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAILED: $t"; fi
done
echo "unit: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
