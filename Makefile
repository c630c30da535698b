# grundyd build.  `make` builds the daemon, the CLI and the core library;
# `make run` starts the daemon on :8080 (tables kept in ./var/tables);
# `make test` runs every test.
# Both call `make deps` first, which installs what is missing with apt-get.
#
# BUILD selects the output directory, so parallel builds (sanitizers, a
# developer's scratch build) never share objects:  make BUILD=build-asan ...

BUILD    ?= build
CC       ?= cc
PKGS     := libmicrohttpd libcjson
OPT      ?= -O2
CFLAGS   ?= $(OPT) -g
SAN      ?=
WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CPPFLAGS := -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
ALL_CFLAGS = -std=c11 $(WARN) $(CFLAGS) $(SAN) $(CPPFLAGS) $(PKG_CFLAGS) -MMD -MP
LDLIBS     = $(PKG_LIBS) -lpthread -lm

# The floors, lowest first (docs/architecture.md): core < store < tables,
# json < games < http, cli.  Each is one library; a floor links only what
# is below it, so the link order is the layering.
CORE_SRC := $(sort $(wildcard src/core/*.c))
STORE_SRC := $(sort $(wildcard src/store/*.c))
TABLES_SRC := $(sort $(wildcard src/tables/*.c))
JSON_SRC := $(sort $(wildcard src/json/*.c))
GAMES_SRC := $(sort $(wildcard src/games/*.c))
HTTP_SRC := $(sort $(wildcard src/http/*.c))
CLI_SRC  := $(sort $(wildcard src/cli/*.c))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
# The tests' shared headers: a change to one rebuilds every test.
UNIT_HDR := $(wildcard tests/unit/*.h)

CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/obj/%.o)
STORE_OBJ := $(STORE_SRC:%.c=$(BUILD)/obj/%.o)
TABLES_OBJ := $(TABLES_SRC:%.c=$(BUILD)/obj/%.o)
JSON_OBJ := $(JSON_SRC:%.c=$(BUILD)/obj/%.o)
GAMES_OBJ := $(GAMES_SRC:%.c=$(BUILD)/obj/%.o)
HTTP_OBJ := $(HTTP_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/embed.o
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
# The HTTP layer's pure parts (no libmicrohttpd), unit-tested directly.
HTTP_PURE_OBJ := $(BUILD)/obj/src/http/head.o $(BUILD)/obj/src/http/body.o $(BUILD)/obj/src/http/client.o

CORE_LIB := $(BUILD)/libgrundy.a
STORE_LIB := $(BUILD)/libgrundystore.a
TABLES_LIB := $(BUILD)/libgrundytables.a
JSON_LIB := $(BUILD)/libgrundyjson.a
GAMES_LIB := $(BUILD)/libgrundygames.a
# Everything the daemon, the CLI and the unit tests link above the core,
# highest floor first (a static library resolves only what comes before it).
UPPER_LIBS := $(GAMES_LIB) $(JSON_LIB) $(TABLES_LIB) $(STORE_LIB)
DAEMON   := $(BUILD)/grundyd
CLI      := $(BUILD)/grundy
VERSION  := $(shell cat VERSION 2>/dev/null || echo 0.0.0)
# Served by the daemon as they are (src/http/embed.S, src/http/static.c):
# the OpenAPI document, the playground (every file under web/) and docs/*.md.
EMBEDDED := api/openapi.yaml $(sort $(shell find web -type f)) $(sort $(wildcard docs/*.md))

PORT ?= 8080
# A Python 3 with PyYAML and jsonschema (the system one after `make deps`).
PYTHON := $(shell for p in python3 /usr/bin/python3; do $$p -c 'import yaml, jsonschema' 2>/dev/null && { echo $$p; break; }; done)
ifeq ($(PYTHON),)
PYTHON := python3
endif
# V=1 shows full compiler command lines.
Q := $(if $(V),,@)

.PHONY: all run deps test floors unit api openapi sanitize asan tsan fuzz bench \
        container-test deploy-test reliability browser-test client-test format clean

all: $(DAEMON) $(CLI) $(CORE_LIB)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(if $(V),,@echo '  CC    $<')
	$(Q)$(CC) $(ALL_CFLAGS) -DGR_VERSION='"$(VERSION)"' -c $< -o $@

# Static files are linked in with .incbin: no generated C, no xxd needed.
# embed_files.inc lists them, one GR_EMBED "URL path", "file" line each; it
# is rewritten only when the list changes (a file added or removed).
$(BUILD)/embed_files.inc: FORCE
	@mkdir -p $(dir $@)
	@for f in $(EMBEDDED); do \
	    case $$f in \
	    web/index.html) u=/ ;; \
	    api/openapi.yaml) u=/openapi.yaml ;; \
	    docs/*) u=/docs/$$(basename $$f .md) ;; \
	    *) u=/$$f ;; \
	    esac; \
	    printf 'GR_EMBED "%s", "%s"\n' "$$u" "$$f"; \
	done >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(BUILD)/obj/embed.o: src/http/embed.S $(EMBEDDED) $(BUILD)/embed_files.inc
	@mkdir -p $(dir $@)
	$(CC) $(SAN) -I$(BUILD) -c $< -o $@

.PHONY: FORCE
FORCE:

$(CORE_LIB): $(CORE_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(STORE_LIB): $(STORE_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(TABLES_LIB): $(TABLES_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(JSON_LIB): $(JSON_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(GAMES_LIB): $(GAMES_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(DAEMON): $(HTTP_OBJ) $(UPPER_LIBS) $(CORE_LIB)
	$(CC) $(SAN) $(CFLAGS) -o $@ $(HTTP_OBJ) $(UPPER_LIBS) $(CORE_LIB) $(LDLIBS)

$(CLI): $(CLI_OBJ) $(UPPER_LIBS) $(CORE_LIB)
	$(CC) $(SAN) $(CFLAGS) -o $@ $(CLI_OBJ) $(UPPER_LIBS) $(CORE_LIB) $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c $(UPPER_LIBS) $(CORE_LIB) $(HTTP_PURE_OBJ) $(UNIT_HDR)
	@mkdir -p $(dir $@)
	$(if $(V),,@echo '  TEST  $<')
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $< $(HTTP_PURE_OBJ) $(UPPER_LIBS) $(CORE_LIB) $(LDLIBS) -lcmocka

# The value-algebra test links the core library alone: a sum analysed
# with no JSON layer and no cJSON.
$(BUILD)/tests/test_value: tests/unit/test_value.c $(CORE_LIB) $(UNIT_HDR)
	@mkdir -p $(dir $@)
	$(if $(V),,@echo '  TEST  $<')
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $< $(CORE_LIB) -lm -lcmocka

# The worker pool's test links the pool alone and brings its own clock
# (gr_now_ns, defined in the test; the daemon's is in server.c).
$(BUILD)/tests/test_pool: tests/unit/test_pool.c $(BUILD)/obj/src/http/pool.o \
		$(BUILD)/obj/src/http/cond.o $(HTTP_PURE_OBJ) $(CORE_LIB) $(UNIT_HDR)
	@mkdir -p $(dir $@)
	$(if $(V),,@echo '  TEST  $<')
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $< $(BUILD)/obj/src/http/pool.o \
		$(BUILD)/obj/src/http/cond.o $(HTTP_PURE_OBJ) $(CORE_LIB) -lpthread -lcmocka

deps:
	@sh tests/deps.sh

# Tables computed by `make run` are kept in ./var/tables (ignored by git)
# for the next start.  It listens on loopback only, as Redis and
# PostgreSQL do until told otherwise: `BIND=0.0.0.0 make run` shares it
# (the image and the Kubernetes manifests listen on every interface).
BIND ?= 127.0.0.1
run: deps
	$(MAKE) all
	./$(DAEMON) --bind $(BIND) --port $(PORT) --table-dir var/tables

unit: $(UNIT_BIN)
	@sh tests/run_unit.sh $(UNIT_BIN)

api: all
	@GRUNDYD=$(abspath $(DAEMON)) GRUNDY_CLI=$(abspath $(CLI)) $(PYTHON) tests/api/run.py

openapi:
	@$(PYTHON) tests/api/validate_openapi.py api/openapi.yaml

# ASan+UBSan and TSan builds in their own directories; the same unit tests
# and API tests run against each daemon.
# Their directories follow BUILD (build -> build-asan), so that two
# checkouts' worth of work on one machine never share sanitizer objects.
ASAN_BUILD = $(BUILD)-asan
TSAN_BUILD = $(BUILD)-tsan

asan:
	$(MAKE) BUILD=$(ASAN_BUILD) SAN='-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all' OPT=-O1 all unit
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	GRUNDYD=$(abspath $(ASAN_BUILD)/grundyd) GRUNDY_CLI=$(abspath $(ASAN_BUILD)/grundy) $(PYTHON) tests/api/run.py

tsan:
	$(MAKE) BUILD=$(TSAN_BUILD) SAN='-fsanitize=thread' OPT=-O1 all $(TSAN_BUILD)/tests/test_table_cache $(TSAN_BUILD)/tests/test_pool
	TSAN_OPTIONS="halt_on_error=1 suppressions=$(abspath tests/tsan.supp)" $(TSAN_BUILD)/tests/test_table_cache
	TSAN_OPTIONS="halt_on_error=1 suppressions=$(abspath tests/tsan.supp)" $(TSAN_BUILD)/tests/test_pool
	TSAN_OPTIONS="halt_on_error=1 suppressions=$(abspath tests/tsan.supp)" \
	GRUNDYD=$(abspath $(TSAN_BUILD)/grundyd) $(PYTHON) tests/api/concurrency.py

sanitize: asan tsan

# Suites with real external components; each script installs what it needs
# and cleans up what it started.
reliability: all
	$(MAKE) BUILD=$(ASAN_BUILD) SAN='-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all' OPT=-O1 all
	GRUNDYD=$(abspath $(DAEMON)) GRUNDYD_ASAN=$(abspath $(ASAN_BUILD)/grundyd) sh tests/reliability/run.sh

# libFuzzer (clang) on every endpoint's parse -> solve -> print path, then
# the HTTP layer: libFuzzer on the request-head check and mutated raw
# requests against the ASan+UBSan daemon over loopback.
fuzz:
	FUZZ_SECONDS=$${FUZZ_SECONDS:-60} FUZZ_BUILD=$${FUZZ_BUILD:-$(BUILD)-fuzz} sh tests/fuzz/run.sh
	$(MAKE) BUILD=$(ASAN_BUILD) SAN='-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all' OPT=-O1 all
	GRUNDYD=$(abspath $(ASAN_BUILD)/grundyd) FUZZ_BUILD=$${FUZZ_BUILD:-$(BUILD)-fuzz} sh tests/fuzz/http_run.sh

deploy-test: all
	GRUNDYD=$(abspath $(DAEMON)) bash tests/deploy/nginx_test.sh

browser-test: all
	GRUNDYD=$(abspath $(DAEMON)) sh tests/browser/run.sh

# The OpenAPI document as a client sees it: redocly lint, a generated
# TypeScript client compiled by tsc, sending sums (tests/client/run.sh).
client-test: all
	GRUNDYD=$(abspath $(DAEMON)) sh tests/client/run.sh

container-test:
	bash tests/container/container_test.sh

bench: all
	sh bench/run.sh

# Which floor may include which (tests/floors.sh): run first, it takes
# a second and names the offending line.
floors:
	@sh tests/floors.sh

test: deps
	$(MAKE) floors
	$(MAKE) all unit
	$(MAKE) openapi
	$(MAKE) api
	$(MAKE) sanitize
	$(MAKE) reliability
	$(MAKE) fuzz
	$(MAKE) deploy-test
	$(MAKE) browser-test
	$(MAKE) client-test
	$(MAKE) container-test
	@echo "make test: all suites passed"

format:
	clang-format -i $(CORE_SRC) $(STORE_SRC) $(TABLES_SRC) $(JSON_SRC) $(GAMES_SRC) $(HTTP_SRC) $(CLI_SRC) include/grundy/*.h src/*/*.h

clean:
	rm -rf build build-asan build-tsan build-*

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
