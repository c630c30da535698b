#!/usr/bin/env bash
# Container test (`make container-test`): build the real Dockerfile with podman,
# run the image the way the Kubernetes Deployment does (non-root, read-only
# root filesystem, no capabilities), talk to it over HTTP on loopback, and
# check that SIGTERM stops it with exit status 0.
#
# There is no Docker engine and no registry on these machines (see
# ../shared/CONTAINERS.md), so the test:
#   1. installs podman, runc, debootstrap and curl with apt-get if missing;
#   2. adds the engine settings podman needs here to
#      /etc/containers/containers.conf, only those not already set;
#   3. makes the base image localhost/debian:bookworm-slim with debootstrap
#      from this machine's own apt mirror, only if it does not exist yet
#      (about a minute; later runs skip it);
#   4. builds the Dockerfile with --pull=never --format docker (which keeps
#      HEALTHCHECK), runs it, probes it, stops it.
# It removes the container it started and the images its previous run left
# untagged; it keeps the base image and the test images (tags
# localhost/grundyd:container-test and ...-build) so that a rerun is quick
# (layer cache).
#
# Environment: CONTAINER_NETWORK=bridge|host (default: bridge, falling back
# to host networking when port publishing does not work), IMAGE to override
# the tag.  Exit status 0 when every check passed.
set -u

cd "$(dirname "$0")/../.." || exit 2
IMAGE=${IMAGE:-localhost/grundyd:container-test}
BASE=localhost/debian:bookworm-slim
NAME=grundyd-ctest-$$
pass=0
fail=0
started_container=
tmp=$(mktemp -d /tmp/grundyd-ctest.XXXXXX)

ok() { pass=$((pass + 1)); printf 'ok   %s\n' "$*"; }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; }
say() { printf '==> %s\n' "$*"; }
finish() {
    printf '%d passed, %d failed\n' "$pass" "$fail"
    [ "$fail" -eq 0 ] && exit 0
    exit 1
}
cleanup() {
    if [ -n "$started_container" ]; then
        podman "${PODMAN_GLOBAL[@]}" rm -f -v -t 2 "$started_container" >/dev/null 2>&1
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'bad "interrupted"; finish' INT TERM

if [ "$(id -u)" -ne 0 ]; then
    echo "container-test: needs root (installs packages, runs rootful podman)" >&2
    bad "running as root"
    finish
fi

# ---- 1. packages --------------------------------------------------------
need=()
for cmd_pkg in podman:podman runc:runc debootstrap:debootstrap curl:curl python3:python3; do
    command -v "${cmd_pkg%%:*}" >/dev/null 2>&1 || need+=("${cmd_pkg#*:}")
done
if [ "${#need[@]}" -gt 0 ]; then
    say "installing ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=600 update -qq &&
        apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${need[@]}" >"$tmp/apt.log" 2>&1 ||
        { tail -20 "$tmp/apt.log"; bad "apt-get install ${need[*]}"; finish; }
fi

# ---- 2. engine settings -------------------------------------------------
# crun refuses this kernel's hybrid cgroup v1/v2 setup, there is no systemd,
# and the sandbox cannot raise rlimits above its hard limits (podman's
# default nofile/nproc would make every `podman run` fail in setrlimit).
nofile=$(ulimit -Hn)
[ "$nofile" = unlimited ] && nofile=1048576
[ "$nofile" -gt 1048576 ] && nofile=1048576
nproc=$(ulimit -Hu)
{ [ "$nproc" = unlimited ] || [ "$nproc" -gt 32768 ]; } && nproc=32768
mkdir -p /etc/containers
python3 - /etc/containers/containers.conf "$nofile" "$nproc" <<'EOF' || bad "containers.conf"
# Adds each setting only when its key is absent from its table; never
# rewrites a line that is already there.
import os, re, sys, tomllib
path, nofile, nproc = sys.argv[1], sys.argv[2], sys.argv[3]
want = [("engine", "runtime", '"runc"'),
        ("engine", "cgroup_manager", '"cgroupfs"'),
        ("engine", "events_logger", '"file"'),
        ("containers", "default_ulimits",
         '["nofile=%s:%s", "nproc=%s:%s"]' % (nofile, nofile, nproc, nproc))]
text = open(path).read() if os.path.exists(path) else ""
have = tomllib.loads(text)
lines = text.splitlines()
added = []
for table, key, value in want:
    if key in have.get(table, {}):
        continue
    line = "%s = %s" % (key, value)
    header = [i for i, l in enumerate(lines)
              if re.fullmatch(r"\s*\[\s*%s\s*\]\s*(#.*)?" % table, l)]
    if header:
        lines.insert(header[0] + 1, line)
    else:
        lines += ["", "[%s]" % table, line]
    added.append("[%s] %s" % (table, line))
if added:
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(path + ".tmp", path)
    print("containers.conf: added " + "; ".join(added))
EOF
# The same settings as flags, so that a containers.conf that already sets
# them differently (e.g. runtime = "crun") cannot break the test.
PODMAN_GLOBAL=(--runtime runc --cgroup-manager cgroupfs --events-backend file)
ULIMITS=(--ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc")
pm() { podman "${PODMAN_GLOBAL[@]}" "$@"; }

# ---- 3. base image ------------------------------------------------------
# The mirror is the machine's own: the first deb822 stanza (or one-line
# `deb` entry) for the plain bookworm suite.  Never a hard-coded host.
apt_mirror() {
    python3 - <<'EOF'
import glob, re
for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
    for stanza in re.split(r"\n\s*\n", open(path).read()):
        fields = {}
        for line in stanza.splitlines():
            m = re.match(r"([A-Za-z-]+):\s*(.*)", line)
            if m and not line.startswith("#"):
                fields[m.group(1).lower()] = m.group(2).split()
        if ("deb" in fields.get("types", []) and "bookworm" in fields.get("suites", [])
                and fields.get("enabled", ["yes"])[0] != "no"):
            print(fields["uris"][0], path)
            raise SystemExit(0)
for path in ["/etc/apt/sources.list"] + sorted(glob.glob("/etc/apt/sources.list.d/*.list")):
    try:
        lines = open(path).read().splitlines()
    except OSError:
        continue
    for line in lines:
        m = re.match(r"\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+bookworm\s", line + " ")
        if m:
            print(m.group(1), path)
            raise SystemExit(0)
raise SystemExit(1)
EOF
}

if pm image exists "$BASE"; then
    ok "base image $BASE present (not rebuilt)"
else
    read -r mirror sources_file < <(apt_mirror) ||
        { bad "no bookworm mirror in /etc/apt sources"; finish; }
    say "debootstrap bookworm from $mirror (about a minute)"
    rootfs=$tmp/rootfs
    t0=$(date +%s)
    if debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$tmp/debootstrap.log" 2>&1; then
        # Trim like the official slim image, also for packages installed later.
        cat >"$rootfs/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/locale/*
EOF
        find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null
        rm -rf "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/* \
            "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
            "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/*
        # The image's apt uses the same sources as the host.
        rm -f "$rootfs/etc/apt/sources.list"
        cp "$sources_file" "$rootfs/etc/apt/sources.list.d/"
        if tar --numeric-owner -C "$rootfs" -c . |
            pm import --change 'CMD ["bash"]' - "$BASE" >/dev/null &&
            pm tag "$BASE" docker.io/library/debian:bookworm-slim; then
            ok "base image $BASE built in $(($(date +%s) - t0)) s"
        else
            bad "podman import of the base image"
            finish
        fi
    else
        tail -20 "$tmp/debootstrap.log"
        bad "debootstrap"
        finish
    fi
    rm -rf "$rootfs"
fi
# FROM debian:bookworm-slim resolves to docker.io/library/... first.
pm image exists docker.io/library/debian:bookworm-slim || pm tag "$BASE" docker.io/library/debian:bookworm-slim

# ---- 4. build -----------------------------------------------------------
# The build stage is tagged too (IMAGE-build) so that it is not left as an
# anonymous image: each run replaces both tags and removes the images its
# previous run tagged, keeping the layer cache (apt-get layers) for speed.
BUILD_IMAGE=$IMAGE-build
old_ids=$(for t in "$BUILD_IMAGE" "$IMAGE"; do pm image inspect --format '{{.Id}}' "$t" 2>/dev/null; done)
say "podman build $IMAGE"
t0=$(date +%s)
# Layers this build committed ("--> ID" lines) that end up with no tag and
# no child -- a failed build leaves such -- are ours to remove.
drop_our_dangling() {
    local dangling
    dangling=" $(pm images -q --no-trunc -f dangling=true 2>/dev/null | sed 's/^sha256://' | tr '\n' ' ')"
    for id in $(sed -n 's/^--> \([0-9a-f]\{6,\}\)$/\1/p' "$tmp/build.log"); do
        case $dangling in *" $id"*) pm rmi "$id" >/dev/null 2>&1 ;; esac
    done
}
if pm build --pull=never --format docker --target build -t "$BUILD_IMAGE" -f Dockerfile . >"$tmp/build.log" 2>&1 &&
    pm build --pull=never --format docker -t "$IMAGE" -f Dockerfile . >>"$tmp/build.log" 2>&1; then
    ok "image built in $(($(date +%s) - t0)) s"
else
    tail -30 "$tmp/build.log"
    bad "podman build"
    drop_our_dangling
    finish
fi
new_ids=$(for t in "$BUILD_IMAGE" "$IMAGE"; do pm image inspect --format '{{.Id}}' "$t" 2>/dev/null; done)
for id in $old_ids; do
    # shellcheck disable=SC2086 # one id per word
    case " $(printf '%s ' $new_ids)" in
        *" $id "*) ;;
        *) pm rmi "$id" >/dev/null 2>&1 ;; # our previous run's, now untagged
    esac
done
size=$(pm image inspect --format '{{.Size}}' "$IMAGE")
echo "image size: $((size / 1000000)) MB"

cfg() { pm image inspect --format "$1" "$IMAGE" 2>/dev/null; }
user=$(cfg '{{.Config.User}}')
case ${user%%:*} in
    "" | 0 | root) bad "image runs as root (USER '$user')" ;;
    *) ok "non-root USER $user" ;;
esac
case $(cfg '{{json .Config.Healthcheck}}') in
    *healthz*) ok "HEALTHCHECK probes /healthz" ;;
    *) bad "HEALTHCHECK missing (built without --format docker?)" ;;
esac
case $(cfg '{{json .Config.ExposedPorts}}') in
    *8080*) ok "EXPOSE 8080" ;;
    *) bad "EXPOSE 8080 missing" ;;
esac
case $(cfg '{{.Config.StopSignal}}') in
    SIGTERM | 15 | TERM) ok "STOPSIGNAL SIGTERM" ;;
    *) bad "STOPSIGNAL is '$(cfg '{{.Config.StopSignal}}')'" ;;
esac
case $(cfg '{{json .Config.Volumes}}') in
    */var/lib/grundyd/tables*) ok "VOLUME /var/lib/grundyd/tables (the table store)" ;;
    *) bad "no VOLUME for the table store" ;;
esac

# ---- 5. run -------------------------------------------------------------
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
port=$(free_port)
# As the Deployment's securityContext: read-only root, no capabilities,
# no privilege escalation.
hardening=(--read-only --cap-drop ALL --security-opt no-new-privileges)
# Configuration by environment: JSON access log lines, checked below.
config_env=(-e GRUNDYD_LOG_FORMAT=json)
network=${CONTAINER_NETWORK:-bridge}
if [ "$network" = bridge ]; then
    if pm run -d --name "$NAME" "${ULIMITS[@]}" "${hardening[@]}" "${config_env[@]}" \
        -p "127.0.0.1:$port:8080" "$IMAGE" >"$tmp/run.log" 2>&1; then
        started_container=$NAME
    else
        cat "$tmp/run.log"
        pm rm -f -v "$NAME" >/dev/null 2>&1
        say "port publishing failed; retrying with --network=host"
        network=host
    fi
fi
if [ "$network" = host ]; then
    if pm run -d --name "$NAME" "${ULIMITS[@]}" "${hardening[@]}" "${config_env[@]}" \
        --network=host -e PORT="$port" -e GRUNDYD_BIND=127.0.0.1 "$IMAGE" >"$tmp/run.log" 2>&1; then
        started_container=$NAME
    else
        cat "$tmp/run.log"
    fi
fi
if [ -z "$started_container" ]; then
    bad "podman run"
    finish
fi
ok "container started ($network network, 127.0.0.1:$port)"

url=http://127.0.0.1:$port
up=0
for _ in $(seq 1 100); do
    if curl -fsS -o /dev/null --max-time 1 "$url/healthz" 2>/dev/null; then
        up=1
        break
    fi
    if [ "$(pm inspect --format '{{.State.Running}}' "$NAME" 2>/dev/null)" != true ]; then
        break
    fi
    sleep 0.2
done
if [ "$up" -eq 1 ]; then
    ok "GET /healthz 200"
else
    bad "GET /healthz never answered"
    pm logs "$NAME" 2>&1 | tail -20
    finish
fi

# status_of PATH [BODY] -> prints the status code, body to $tmp/body
request() {
    if [ $# -ge 2 ]; then
        curl -sS -o "$tmp/body" -w '%{http_code}' --max-time 10 \
            -H 'Content-Type: application/json' --data-binary "$2" "$url$1"
    else
        curl -sS -o "$tmp/body" -w '%{http_code}' --max-time 10 "$url$1"
    fi
}
# json_field FIELD -> the field of $tmp/body, as JSON
json_field() {
    python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1])).get(sys.argv[2])))' \
        "$tmp/body" "$1" 2>/dev/null
}

code=$(request /readyz)
if [ "$code" = 200 ]; then ok "GET /readyz 200"; else bad "GET /readyz: $code"; fi

code=$(request /v1/nim '{"piles":[3,4,5]}')
g=$(json_field grundy)
if [ "$code" = 200 ] && [ "$g" = 2 ]; then
    ok "POST /v1/nim [3,4,5] -> grundy 2"
else
    bad "POST /v1/nim: status $code, grundy $g: $(head -c 300 "$tmp/body")"
fi

# A triangle on the ground: by the fusion principle the odd cycle is worth
# one loop, a stick of length 1, so grundy 1.
if grep -q '"/v1/hackenbush/graph"' src/games/registry.c; then
    code=$(request /v1/hackenbush/graph '{"edges":[[0,1],[1,2],[2,0]],"ground":[0]}')
    g=$(json_field grundy)
    if [ "$code" = 200 ] && [ "$g" = 1 ]; then
        ok "POST /v1/hackenbush/graph triangle -> grundy 1"
    else
        bad "POST /v1/hackenbush/graph: status $code, grundy $g: $(head -c 300 "$tmp/body")"
    fi
else
    echo "skip /v1/hackenbush/graph (no row in src/games/registry.c yet)"
fi

code=$(request /v1/nim '{"piles":[3,4,5]')
if [ "$code" = 400 ]; then ok "malformed JSON -> 400"; else bad "malformed JSON: $code"; fi

# access-log lines are written within --log-flush-ms (100 ms): poll briefly
logged=no
for _ in 1 2 3 4 5 6 7 8 9 10; do
    if pm logs "$NAME" 2>&1 | grep -q '^{.*"path":"/v1/nim","status":200'; then
        logged=yes
        break
    fi
    sleep 0.2
done
if [ "$logged" = yes ]; then
    ok "GRUNDYD_LOG_FORMAT=json from the environment: JSON access log"
else
    bad "no JSON access log line for /v1/nim (environment configuration)"
    pm logs "$NAME" 2>&1 | tail -5
fi
# the table store's volume is writable by the image's user under --read-only:
# the daemon says nothing about it
if pm logs "$NAME" 2>&1 | grep -q 'table store'; then
    bad "the table store complained: $(pm logs "$NAME" 2>&1 | grep 'table store' | head -1)"
else
    ok "table store volume usable"
fi

uid=$(pm exec "$NAME" id -u 2>/dev/null)
if [ -n "$uid" ] && [ "$uid" != 0 ]; then ok "process runs as uid $uid"; else bad "process uid '$uid'"; fi

if pm healthcheck run "$NAME" >/dev/null 2>&1; then
    ok "podman healthcheck run: healthy"
else
    bad "podman healthcheck run failed"
fi

# ---- 6. SIGTERM ---------------------------------------------------------
t0=$(date +%s)
pm stop -t 10 "$NAME" >/dev/null 2>&1
rc=$(pm inspect --format '{{.State.ExitCode}}' "$NAME" 2>/dev/null)
if [ "$rc" = 0 ]; then
    ok "SIGTERM: exit status 0 after $(($(date +%s) - t0)) s"
else
    bad "SIGTERM: exit status '$rc'"
    pm logs "$NAME" 2>&1 | tail -10
fi
if pm rm -v "$NAME" >/dev/null 2>&1; then
    started_container=
    ok "container removed"
else
    bad "podman rm"
fi

finish
