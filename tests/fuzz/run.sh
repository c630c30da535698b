#!/bin/sh
# Builds the libFuzzer harness (tests/fuzz/fuzz_endpoints.c) with clang's
# ASan+UBSan into $FUZZ_BUILD (default build-fuzz/), replays every file in
# tests/fuzz/regressions/, then fuzzes all endpoints in one run for
# $FUZZ_SECONDS (default 60) seconds starting from tests/fuzz/corpus/.
# Exits non-zero on a build failure, a regression that still crashes, or a
# new crash (its input is left in $FUZZ_BUILD/crashes/); slow inputs are
# reported as warnings.
#
# Seed layout: tests/fuzz/corpus/<cli-game-name>/*.json (and *.txt for the
# text/plain reader); the endpoint byte is prefixed here, from the
# harness's own table, so seeds survive reordering of the registry.
# Seeds for games the table does not have (yet) are skipped.
set -eu
# shellcheck source=SCRIPTDIR/common.sh
. "$(dirname "$0")/common.sh"
SECS=${FUZZ_SECONDS:-60}
# Per-input limit.  Generous: ASan+UBSan at -O1 is 5-10x slower than the
# daemon, and some documented limits (octal's 32768-value Guy-Smith search)
# legitimately take seconds even at -O2.
TIMEOUT=${FUZZ_TIMEOUT:-60}
mkdir -p "$B/obj" "$B/crashes" "$B/corpus-work"
FLAGS="-std=c11 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
 -Wall -Wextra -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE"  # GR_VERSION: the sources default it (a quoted -D does not survive xargs sh -c)

# Incremental build: an object is rebuilt when its source or any header is newer.
newest_header=$(ls -t include/grundy/*.h src/*/*.h | head -1)
SRCS="$(ls src/core/*.c src/store/*.c src/tables/*.c src/json/*.c src/games/*.c) src/cli/games.c tests/fuzz/fuzz_endpoints.c"
todo=""
for s in $SRCS; do
    o="$B/obj/$(echo "$s" | tr / _).o"
    if [ ! -f "$o" ] || [ "$s" -nt "$o" ] || [ "$newest_header" -nt "$o" ]; then
        todo="$todo $s"
    fi
done
if [ -n "$todo" ]; then
    echo "fuzz: compiling$(echo "$todo" | wc -w | sed 's/^/ /') files"
    # -fsanitize=fuzzer-no-link instruments for coverage; only the link
    # adds libFuzzer's main.
    echo "$todo" | tr ' ' '\n' | grep . | xargs -P "$(nproc)" -I{} sh -c \
        "o=$B/obj/\$(echo {} | tr / _).o; $CC_FUZZ $FLAGS -fsanitize=fuzzer-no-link -c {} -o \$o" 
fi
objs=""
for s in $SRCS; do objs="$objs $B/obj/$(echo "$s" | tr / _).o"; done
# Objects of sources that no longer exist must not be linked.
$CC_FUZZ -fsanitize=fuzzer,address,undefined -o "$B/fuzz_endpoints" $objs -lcjson -lm -lpthread

# Seeds and regressions, each prefixed with its endpoint byte.
rm -rf "$B/corpus-seed" "$B/regressions"
mkdir -p "$B/corpus-seed" "$B/regressions"
FUZZ_LIST=1 "$B/fuzz_endpoints" > "$B/table.txt"
prefix_dir() { # src-dir dst-dir
    n=0
    for d in "$1"/*/; do
        [ -d "$d" ] || continue
        name=$(basename "$d")
        line=$(awk -v n="$name" '$2 == n' "$B/table.txt")
        if [ -z "$line" ]; then
            echo "fuzz: no endpoint \"$name\" in the table yet; skipping $d" >&2
            continue
        fi
        idx=$(echo "$line" | cut -d' ' -f1)
        hastext=$(echo "$line" | cut -d' ' -f3)
        for f in "$d"*; do
            [ -f "$f" ] || continue
            b=$idx
            case "$f" in *.txt)
                [ "$hastext" = text ] || continue
                b=$((idx | 128));;
            esac
            { printf "\\$(printf '%03o' "$b")"; cat "$f"; } > "$2/$name-$(basename "$f")"
            n=$((n + 1))
        done
    done
    echo "$n"
}
nseed=$(prefix_dir tests/fuzz/corpus "$B/corpus-seed")
nreg=$(prefix_dir tests/fuzz/regressions "$B/regressions")
echo "fuzz: $(wc -l < "$B/table.txt") endpoints, $nseed seeds, $nreg regression inputs"

export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1"
export UBSAN_OPTIONS="print_stacktrace=1"
failed=0
if [ "$nreg" -gt 0 ]; then
    if "$B/fuzz_endpoints" -runs=1 "$B"/regressions/* > "$B/regressions.log" 2>&1; then
        echo "fuzz: $nreg regression inputs pass"
    else
        grep -E "Running:|runtime error|ERROR|fuzz: " "$B/regressions.log" | head -20
        echo "fuzz: a regression input crashes again (log: $B/regressions.log)"
        failed=1
    fi
fi
# Fork mode with crashes ignored: one crash does not end the run, every
# distinct one found in the time is kept in $B/crashes/.  Crashes fail the
# run; timeouts (an input slower than $TIMEOUT s under the sanitizers) are
# listed as warnings -- worth a look, but documented limits can be slow.
rm -f "$B"/crashes/*
set +e
"$B/fuzz_endpoints" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$SECS" -timeout="$TIMEOUT" -rss_limit_mb=2560 -max_len=16384 \
    -dict=tests/fuzz/json.dict -artifact_prefix="$B/crashes/" \
    "$B/corpus-work" "$B/corpus-seed" > "$B/fuzz.log" 2>&1
set -e
grep -E "^#[0-9]+: cov" "$B/fuzz.log" | tail -1
for f in "$B"/crashes/timeout-* "$B"/crashes/slow-unit-*; do
    [ -f "$f" ] && echo "fuzz: warning: slow input $f: $(tail -c +2 "$f" | head -c 200)"
done
for f in "$B"/crashes/crash-* "$B"/crashes/leak-* "$B"/crashes/oom-*; do
    if [ -f "$f" ]; then
        echo "fuzz: CRASH $f (endpoint byte $(head -c 1 "$f" | od -An -tu1 | tr -d ' ')): $(tail -c +2 "$f" | head -c 200)"
        failed=1
    fi
done
if [ $failed -ne 0 ]; then
    grep -E "runtime error|ERROR: |fuzz: " "$B/fuzz.log" | sort | uniq -c | head -20
    echo "fuzz: FAILED; inputs in $B/crashes/ (add each as tests/fuzz/regressions/<game>/<name>)"
    exit 1
fi
echo "fuzz: ${SECS}s without a crash"
