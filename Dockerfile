# grundyd container image.
#
#   podman build --format docker -t grundyd .      (docker build -t grundyd . works too)
#   podman run --rm -p 127.0.0.1:8080:8080 grundyd
#
# Two stages: the build stage has gcc and the -dev packages; the runtime stage
# is a slim Debian with only the two shared libraries the daemon links
# (libmicrohttpd12, libcjson1).  No curl: the HEALTHCHECK speaks HTTP/1.0
# through bash's /dev/tcp, which the base image already has, so the image
# carries nothing it does not run (curl would add libcurl and a dozen TLS/LDAP
# libraries, about 10 MB, and their CVEs).
#
# Configuration is by environment: the daemon reads PORT, GRUNDYD_THREADS,
# GRUNDYD_MAX_REQUEST_MEMORY, ... as fallbacks for its flags (see
# `podman run --rm IMAGE --help`); flags given after the image name win.  `--format docker` keeps HEALTHCHECK with podman.

FROM debian:bookworm-slim AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        gcc libc6-dev make pkg-config libmicrohttpd-dev libcjson-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Only what `make all` reads (.dockerignore keeps build directories, tests
# and .git out of the context).
COPY . .
RUN make -j"$(nproc)" all BUILD=/out && strip /out/grundyd /out/grundy

FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        libmicrohttpd12 libcjson1 \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log \
 && useradd --system --uid 10001 --user-group --no-create-home \
        --home-dir /nonexistent --shell /usr/sbin/nologin grundyd \
 && install -d -o 10001 -g 10001 -m 0755 /var/lib/grundyd/tables
COPY --from=build /out/grundyd /out/grundy /usr/local/bin/

# grundyd listens on every IPv4 address by default (GRUNDYD_BIND to change);
# publish the port with -p.
ENV PORT=8080
EXPOSE 8080
# The table store: solved tables kept as files, so a restart (and every
# replica mounting the same volume) answers from them instead of computing
# them again.  Mount a volume here to keep them; read-only works too (the
# daemon then serves from what is there and saves nothing).
ENV GRUNDYD_TABLE_DIR=/var/lib/grundyd/tables
VOLUME /var/lib/grundyd/tables
# Numeric ids so Kubernetes' runAsNonRoot can verify them without /etc/passwd.
USER 10001:10001

# The daemon drains in-flight requests on SIGTERM and exits 0 (DESIGN §2).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${PORT:-8080} && printf 'GET /healthz HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && read -r -t 2 proto code rest <&3 && [ \"$code\" = 200 ]"]
ENTRYPOINT ["/usr/local/bin/grundyd"]
