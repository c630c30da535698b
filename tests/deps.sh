#!/bin/sh
# Installs what building and testing grundyd needs, through apt-get, and
# only what is missing: on a machine that has everything this is quick and
# silent.  Run by `make deps` (and so by `make run` and `make test`).
set -e
need=""
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for p in gcc make pkg-config libmicrohttpd-dev libcjson-dev libcmocka-dev curl \
         python3 python3-yaml python3-jsonschema clang libclang-rt-dev; do
    have_pkg "$p" || need="$need $p"
done
if [ -n "$need" ]; then
    echo "make deps: installing$need"
    if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086
    $SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null
fi
