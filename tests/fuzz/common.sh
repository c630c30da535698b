# Sourced by the fuzz scripts (run.sh, http_run.sh), with set -eu on:
# moves to the repository root and sets B, the build directory
# ($FUZZ_BUILD, default build-fuzz/), and CC_FUZZ, the compiler ($CC_FUZZ,
# default clang).
cd "$(dirname "$0")/../.."
B=${FUZZ_BUILD:-build-fuzz}
CC_FUZZ=${CC_FUZZ:-clang}
