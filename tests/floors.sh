#!/bin/sh
# The floors of src/ (docs/architecture.md, "Floors"), checked on the
# #include lines: a file may include headers of its own floor and of the
# floors below it, never one above.
#
#   core (src/core, include/grundy)  < store < tables
#   core                             < json  < games < http, cli
#   store, tables                             < games
#
# http and cli stand side by side on top: neither includes the other.
# The JSON toolkit knows no tables and no store; only src/http sees
# libmicrohttpd, and the core sees no JSON library.
# Exit status 1 (with one line per offending include) when any file
# breaks a rule; `make test` runs this first.
cd "$(dirname "$0")/.." || exit 2

allowed() { # floor -> the header folders it may include
    case $1 in
    core) echo "grundy core" ;;
    store) echo "grundy core store" ;;
    tables) echo "grundy core store tables" ;;
    json) echo "grundy core json" ;;
    games) echo "grundy core store tables json games" ;;
    http) echo "grundy core store tables json games http" ;;
    cli) echo "grundy core store tables json games cli" ;;
    *) return 1 ;;
    esac
}

bad=0
for f in $(find include/grundy src -name '*.[chS]' | sort); do
    case $f in
    include/grundy/*) floor=core ;;
    src/*/*) floor=${f#src/}; floor=${floor%%/*} ;;
    *) continue ;;
    esac
    ok=$(allowed "$floor") || { echo "floors: $f: src/$floor is no floor (add it to tests/floors.sh)"; bad=1; continue; }
    for h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^/"]*\)\/.*".*/\1/p' "$f"); do
        case " $ok " in
        *" $h "*) ;;
        *) echo "floors: $f ($floor) includes a header of $h: $(grep -n "#[[:space:]]*include[[:space:]]*\"$h/" "$f" | head -1)"; bad=1 ;;
        esac
    done
    case $floor in
    http) ;;
    *) if grep -q '#[[:space:]]*include[[:space:]]*<microhttpd.h>' "$f"; then
           echo "floors: $f ($floor) includes <microhttpd.h>, which only src/http may"; bad=1
       fi ;;
    esac
    case $floor in
    core|store|tables) if grep -q '#[[:space:]]*include[[:space:]]*<cjson/' "$f"; then
           echo "floors: $f ($floor) includes cJSON, which only the JSON floors and above may"; bad=1
       fi ;;
    esac
done
[ $bad -eq 0 ] && echo "floors: every include points down"
exit $bad
