#!/bin/sh
# Issue 37 item 5: tiny partizan requests that used to cost a worker its
# whole time limit, timed with the CLI (CPU seconds, user + sys), for one
# or two builds in one run: bench/amplification.sh build/grundy [old/grundy]
set -eu
NEW=${1:-build/grundy}
OLD=${2:-}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
py() { python3 -c "$1" > "$TMP/$2.json"; }
py 'print("{\"expression\": \"*200+{0|-1}\"}")' chain200
py 'print("{\"expression\": \"*400+{0|-1}\"}")' chain400
py 'import json; print(json.dumps({"edges": [[i, i + 1, "blue"] for i in range(16384)], "ground": [0]}))' path16384
py 'import json; print(json.dumps({"edges": [[0, 1, "blue"]] * 10 + [[0, 1, "red"]] * 10, "ground": [0]}))' par10
py 'import json; print(json.dumps({"edges": [[i, j, "green"] for i in range(8) for j in range(i + 1, 8)], "ground": [0]}))' k8
py 'import json; print(json.dumps({"edges": [[0, 1, "green"]] * 64, "ground": [0]}))' green64
py 'import json; print(json.dumps({"components": [{"game": "nim", "piles": [300]}, {"game": "cgt", "expression": "Tiny(1)"}]}))' sum300
cpu() { # CPU seconds of one run (+ "(422)" when it answered a problem), ">40" when stopped
    rc=0
    timeout 40 /usr/bin/time -f "%U %S" -o "$TMP/t" "$1" "$2" < "$3" > /dev/null 2>&1 || rc=$?
    if [ "$rc" -eq 124 ]; then echo ">40"; return; fi
    tail -n 1 "$TMP/t" | awk -v rc="$rc" '{printf "%.2f%s", $1 + $2, rc ? " (problem)" : ""}'
}
printf '| case | new | old |\n|---|---|---|\n'
for c in chain200:cgt chain400:cgt path16384:hackenbush-colored par10:hackenbush-colored k8:hackenbush-colored green64:hackenbush-colored sum300:sum; do
    name=${c%%:*} game=${c#*:}
    n=$(cpu "$NEW" "$game" "$TMP/$name.json")
    o=$([ -n "$OLD" ] && cpu "$OLD" "$game" "$TMP/$name.json" || echo -)
    printf '| %s | %s | %s |\n' "$name" "$n" "$o"
done
