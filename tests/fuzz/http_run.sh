#!/bin/sh
# Fuzzes the HTTP layer where the bytes enter it:
#   1. libFuzzer on the request-head check (tests/fuzz/fuzz_head.c), from
#      the raw requests in tests/fuzz/http/corpus/, for HTTP_HEAD_SECONDS;
#   2. mutated raw requests sent over loopback to the ASan+UBSan daemon
#      (tests/fuzz/http_fuzz.py) for HTTP_NET_SECONDS.
# Exits non-zero on a crash, a malformed answer, or a daemon that dies or
# exits non-zero.
set -eu
# shellcheck source=SCRIPTDIR/common.sh
. "$(dirname "$0")/common.sh"
HEAD_SECS=${HTTP_HEAD_SECONDS:-20}
NET_SECS=${HTTP_NET_SECONDS:-40}
mkdir -p "$B/http-crashes" "$B/http-corpus"
$CC_FUZZ -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -Wall -Wextra -Werror -Isrc -Iinclude -D_DEFAULT_SOURCE \
    -o "$B/fuzz_head" tests/fuzz/fuzz_head.c src/http/head.c
rm -f "$B"/http-crashes/*
set +e
# libFuzzer stops at a corpus directory that does not exist (git keeps no
# empty directory), so only existing ones are passed.
dirs="$B/http-corpus"
for d in tests/fuzz/http/corpus tests/fuzz/http/regressions; do
    [ -d "$d" ] && dirs="$dirs $d"
done
# shellcheck disable=SC2086 # the list of directories, split on purpose
"$B/fuzz_head" -max_total_time="$HEAD_SECS" -max_len=16384 -artifact_prefix="$B/http-crashes/" \
    $dirs > "$B/fuzz_head.log" 2>&1
rc=$?
set -e
grep -E "^#[0-9]+: (cov|DONE)" "$B/fuzz_head.log" | tail -1
if [ $rc -ne 0 ] || ls "$B"/http-crashes/crash-* >/dev/null 2>&1; then
    grep -E "ERROR|runtime error|Test unit written" "$B/fuzz_head.log" | head
    echo "http-fuzz: the head check crashed (inputs in $B/http-crashes/)"
    exit 1
fi
echo "http-fuzz: head check ${HEAD_SECS}s without a crash"
PY=python3
for p in python3 /usr/bin/python3; do
    if $p -c 'import yaml, jsonschema' 2>/dev/null; then PY=$p; break; fi
done
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    $PY tests/fuzz/http_fuzz.py "$NET_SECS"
