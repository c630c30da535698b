#!/bin/sh
# Domineering's larger rectangles against Obsequi, one run: 8 x 8 (for the
# ratio beside the others), 9 x 9, 8 x 10 and 10 x 8, each solve capped at
# $CAP CPU seconds (default 1200).  The table and its columns are
# bench/domineering_obsequi.sh's (Obsequi is built as its top says).
#
#   CAP=600 bench/domineering_big.sh [R1xC1 ...]
set -eu
CAP=${CAP:-1200} exec sh "$(dirname "$0")/domineering_obsequi.sh" ${*:-8x8 9x9 8x10 10x8}
