/*
 * Flags with environment fallbacks.  Every option has a flag and an
 * environment variable (PORT, GRUNDYD_THREADS, ...); a flag wins over the
 * environment, the environment over the default.  Sizes accept K/M/G
 * suffixes (powers of 1024).
 */
#include "http/config.h"

#include "http/client.h"
#include "games/registry.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

typedef enum { GR_OPT_UINT, GR_OPT_SIZE, GR_OPT_STR, GR_OPT_LOG } gr_opt_kind;

typedef struct gr_opt {
    const char *flag;
    const char *env;
    gr_opt_kind kind;
    size_t offset;
    uint64_t min, max;
    const char *help;
} gr_opt;

#define GR_OFF(f) offsetof(gr_config, f)

/* --max-inflight-per-client not given: --threads, known after parsing. */
#define GR_CONFIG_UNSET UINT32_MAX

static const gr_opt gr_opts[] = {
    {"--port", "PORT", GR_OPT_UINT, GR_OFF(port), 0, 65535,
     "TCP port to listen on (default 8080; 0 picks a free port)"},
    {"--bind", "GRUNDYD_BIND", GR_OPT_STR, GR_OFF(bind), 0, 0,
     "address to listen on, IPv4 or IPv6 (default: all IPv4 addresses)"},
    {"--threads", "GRUNDYD_THREADS", GR_OPT_UINT, GR_OFF(threads), 1, 1024,
     "threads of the I/O pool and of the worker pool, each (default: number of cores)"},
    {"--max-body", "GRUNDYD_MAX_BODY", GR_OPT_SIZE, GR_OFF(max_body), 1, UINT64_C(1) << 40,
     "largest request body, bytes (default 64M)"},
    {"--max-request-memory", "GRUNDYD_MAX_REQUEST_MEMORY", GR_OPT_SIZE, GR_OFF(max_request_memory),
     1 << 16, UINT64_C(1) << 42, "memory budget of one request, bytes (default 512M)"},
    {"--timeout", "GRUNDYD_TIMEOUT", GR_OPT_UINT, GR_OFF(timeout), 1, 86400,
     "seconds a request head may take from its first byte, and an idle connection may "
     "stay open (default 30)"},
    {"--max-connections", "GRUNDYD_MAX_CONNECTIONS", GR_OPT_UINT, GR_OFF(max_connections), 1,
     1000000,
     "open connections at most, fitted to the descriptor limit; the longest-idle one is "
     "closed for a new one (default 1024)"},
    {"--max-connections-per-ip", "GRUNDYD_MAX_CONNECTIONS_PER_IP", GR_OPT_UINT,
     GR_OFF(max_conn_per_ip), 0, 1000000,
     "open connections per client address, 0 = unlimited; the address's longest-idle one "
     "is closed for a new one (default 0)"},
    {"--backlog", "GRUNDYD_BACKLOG", GR_OPT_UINT, GR_OFF(backlog), 1, 65535,
     "listen backlog (default 511)"},
    {"--max-inflight", "GRUNDYD_MAX_INFLIGHT", GR_OPT_UINT, GR_OFF(max_inflight), 1, 1000000,
     "analyses and sequences queued or running at most, counted once the body is in; "
     "beyond it 503 (default 64)"},
    {"--max-inflight-per-client", "GRUNDYD_MAX_INFLIGHT_PER_CLIENT", GR_OPT_UINT,
     GR_OFF(max_inflight_client), 0, 1000000,
     "analyses and sequences one client may have queued or running; beyond it 429, "
     "0 = unlimited (default: --threads)"},
    {"--rate-per-client", "GRUNDYD_RATE_PER_CLIENT", GR_OPT_UINT, GR_OFF(rate_per_client), 0,
     1000000,
     "requests a second one client may send on average (a token bucket; probes and "
     "/metrics are not counted); beyond it 429, 0 = unlimited (default 50)"},
    {"--rate-burst", "GRUNDYD_RATE_BURST", GR_OPT_UINT, GR_OFF(rate_burst), 1, 1000000,
     "requests one client may send at once above --rate-per-client (default 100)"},
    {"--max-queue-seconds", "GRUNDYD_MAX_QUEUE_SECONDS", GR_OPT_UINT, GR_OFF(max_queue), 0, 86400,
     "seconds an analysis or sequence may wait for a worker; past them 503 with "
     "Retry-After instead of a late start, 0 = unlimited (default 30)"},
    {"--trusted-proxies", "GRUNDYD_TRUSTED_PROXIES", GR_OPT_STR, GR_OFF(trusted_proxies), 0, 0,
     "CIDRs of the proxies in front (e.g. 10.0.0.0/8,fd00::/8): for a connection from one, "
     "the client is the first untrusted address of the forwarding header, from the right "
     "(default: none; the client is the peer address)"},
    {"--forwarded-header", "GRUNDYD_FORWARDED_HEADER", GR_OPT_STR, GR_OFF(forwarded_header), 0, 0,
     "the header the trusted proxies write: x-forwarded-for or forwarded "
     "(default x-forwarded-for)"},
    {"--shutdown-timeout", "GRUNDYD_SHUTDOWN_TIMEOUT", GR_OPT_UINT, GR_OFF(shutdown_timeout), 0,
     86400, "seconds to let in-flight requests finish on SIGTERM (default 30)"},
    {"--max-analysis-seconds", "GRUNDYD_MAX_ANALYSIS_SECONDS", GR_OPT_UINT, GR_OFF(max_analysis), 1,
     86400, "seconds any analysis may run; past them it stops (422) (default 30)"},
    {"--max-memory", "GRUNDYD_MAX_MEMORY", GR_OPT_SIZE, GR_OFF(max_memory), 1 << 20,
     UINT64_C(1) << 44,
     "memory of all requests together, bytes; past it 503 with Retry-After (default 3/4 of "
     "the cgroup memory limit, else 1G)"},
    {"--max-search-nodes", "GRUNDYD_MAX_SEARCH_NODES", GR_OPT_SIZE, GR_OFF(max_search_nodes), 1,
     UINT64_C(1) << 50,
     "positions the games solved by search ({search}) may expand per "
     "request; past it 422 (default 8000000, about 16 s)"},
    {"--max-quotient-order", "GRUNDYD_MAX_QUOTIENT_ORDER", GR_OPT_UINT, GR_OFF(max_quotient_order),
     2, 65536,
     "elements a misère quotient may have; past it POST answers by exhaustive search and the "
     "quotient GET is a 422 (default 4096)"},
    {"--cors-origin", "GRUNDYD_CORS_ORIGIN", GR_OPT_STR, GR_OFF(cors_origin), 0, 0,
     "Access-Control-Allow-Origin value (default *)"},
    {"--log-format", "GRUNDYD_LOG_FORMAT", GR_OPT_LOG, GR_OFF(log_format), 0, 0,
     "access log format: text, json or off (default text)"},
    {"--log-flush-ms", "GRUNDYD_LOG_FLUSH_MS", GR_OPT_UINT, GR_OFF(log_flush_ms), 0, 60000,
     "access log lines are buffered and written within this many milliseconds; 0 writes "
     "each at once (default 100)"},
    {"--cache-memory", "GRUNDYD_CACHE_MEMORY", GR_OPT_SIZE, GR_OFF(cache_memory), 1 << 20,
     UINT64_C(1) << 42,
     "bytes of the table cache shared by all requests ({tables}), least recently "
     "used dropped first (default 256M)"},
    {"--max-octal-values", "GRUNDYD_MAX_OCTAL_VALUES", GR_OPT_SIZE, GR_OFF(max_octal_values), 64,
     UINT64_C(1) << 30,
     "values an octal table may reach without a confirmed period; past it 422 "
     "(default 33554432 = 2^25)"},
    {"--background-threads", "GRUNDYD_BACKGROUND_THREADS", GR_OPT_UINT,
     GR_OFF(background_threads), 0, 64,
     "threads that search the periods of octal tables left unconfirmed, at the lowest "
     "scheduling priority; 0 turns the search off (default 1)"},
    {"--table-dir", "GRUNDYD_TABLE_DIR", GR_OPT_STR, GR_OFF(table_dir), 0, 0,
     "directory of the table store: solved tables kept as files for restarts and for "
     "replicas sharing it, created if missing; read-only serves from it (default: none)"},
};

#define GR_NOPTS (sizeof(gr_opts) / sizeof(gr_opts[0]))

/* The games an option concerns, from the game table: "{search}" in a
 * help text is the games solved by search, "{tables}" those whose tables
 * the shared cache keeps (their `grundy` names, in table order). */
static void gr_config_help(FILE *f, const char *help)
{
    static const struct {
        const char *mark;
        unsigned offer;
    } marks[] = {{"{search}", GR_OFFER_SEARCH}, {"{tables}", GR_OFFER_TABLES}};
    for (const char *p = help; *p != '\0';) {
        size_t m = 0;
        while (m < sizeof(marks) / sizeof(marks[0]) &&
               strncmp(p, marks[m].mark, strlen(marks[m].mark)) != 0) {
            m++;
        }
        if (m == sizeof(marks) / sizeof(marks[0])) {
            fputc(*p++, f);
            continue;
        }
        const char *sep = "";
        for (size_t i = 0; i < gr_registry_count(); i++) {
            if (gr_registry_at(i)->offers & marks[m].offer) {
                fprintf(f, "%s%s", sep, gr_registry_at(i)->cli);
                sep = ", ";
            }
        }
        p += strlen(marks[m].mark);
    }
}

static void gr_config_usage(FILE *f)
{
    fprintf(f, "usage: grundyd [options]\n\n"
               "An HTTP/JSON service for impartial combinatorial games.\n\n"
               "options (environment variable in brackets):\n");
    for (size_t i = 0; i < GR_NOPTS; i++) {
        fprintf(f, "  %-26s ", gr_opts[i].flag);
        gr_config_help(f, gr_opts[i].help);
        fprintf(f, " [%s]\n", gr_opts[i].env);
    }
    fprintf(f, "  %-26s %s\n  %-26s %s\n", "--help", "show this text", "--version",
            "show the version");
}

static int gr_config_number(const char *s, int sized, uint64_t *out)
{
    errno = 0;
    char *end;
    if (*s == '-' || *s == '\0') {
        return -1;
    }
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0 || end == s) {
        return -1;
    }
    uint64_t mul = 1;
    if (sized && *end != '\0') {
        switch (*end) {
        case 'k':
        case 'K':
            mul = 1024;
            break;
        case 'm':
        case 'M':
            mul = 1024 * 1024;
            break;
        case 'g':
        case 'G':
            mul = 1024 * 1024 * 1024;
            break;
        default:
            return -1;
        }
        end++;
        if (*end == 'i' || *end == 'I') {
            end++;
        }
        if (*end == 'b' || *end == 'B') {
            end++;
        }
    }
    if (*end != '\0' || v > UINT64_MAX / mul) {
        return -1;
    }
    *out = (uint64_t)v * mul;
    return 0;
}

static int gr_config_set(gr_config *cfg, const gr_opt *o, const char *val, const char *from)
{
    char *field = (char *)cfg + o->offset;
    if (o->kind == GR_OPT_STR) {
        *(const char **)field = val;
        return 0;
    }
    if (o->kind == GR_OPT_LOG) {
        gr_log_format f;
        if (strcasecmp(val, "text") == 0) {
            f = GR_LOG_TEXT;
        } else if (strcasecmp(val, "json") == 0) {
            f = GR_LOG_JSON;
        } else if (strcasecmp(val, "off") == 0) {
            f = GR_LOG_OFF;
        } else {
            fprintf(stderr, "grundyd: %s: log format must be text, json or off\n", from);
            return -1;
        }
        *(gr_log_format *)field = f;
        return 0;
    }
    uint64_t v;
    if (gr_config_number(val, o->kind == GR_OPT_SIZE, &v) != 0 || v < o->min || v > o->max) {
        fprintf(stderr, "grundyd: %s: \"%s\" is not a %s between %llu and %llu\n", from, val,
                o->kind == GR_OPT_SIZE ? "size" : "number", (unsigned long long)o->min,
                (unsigned long long)o->max);
        return -1;
    }
    if (o->kind == GR_OPT_SIZE) {
        *(uint64_t *)field = v;
    } else {
        *(unsigned *)field = (unsigned)v;
    }
    return 0;
}

/* The first number in path, or 0 ("max" and unreadable files say no
 * limit). */
static uint64_t gr_config_read_limit(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return 0;
    }
    char buf[64] = {0};
    size_t n = fread(buf, 1, sizeof(buf) - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *end;
    unsigned long long v = strtoull(buf, &end, 10);
    return end == buf ? 0 : (uint64_t)v;
}

uint64_t gr_config_default_memory(void)
{
    /* cgroup v2, then v1 (whose "no limit" is a huge page-rounded number) */
    uint64_t lim = gr_config_read_limit("/sys/fs/cgroup/memory.max");
    if (lim == 0) {
        lim = gr_config_read_limit("/sys/fs/cgroup/memory/memory.limit_in_bytes");
    }
    if (lim == 0 || lim >= (UINT64_C(1) << 50)) {
        return UINT64_C(1) << 30;
    }
    return lim / 4 * 3;
}

/* The fairness options that depend on others or need more than a
 * number's check. */
static int gr_config_fairness(gr_config *cfg)
{
    if (cfg->max_inflight_client == GR_CONFIG_UNSET) {
        cfg->max_inflight_client = cfg->threads;
    }
    if (strcasecmp(cfg->forwarded_header, "x-forwarded-for") != 0 &&
        strcasecmp(cfg->forwarded_header, "forwarded") != 0) {
        fprintf(stderr, "grundyd: --forwarded-header: \"%s\" is not x-forwarded-for or forwarded\n",
                cfg->forwarded_header);
        return -1;
    }
    gr_proxies p;
    const char *bad = NULL;
    if (cfg->trusted_proxies != NULL && gr_proxies_parse(cfg->trusted_proxies, &p, &bad) != 0) {
        fprintf(stderr, "grundyd: --trusted-proxies: \"%s\" is not a list of at most %d CIDRs\n",
                bad, GR_CLIENT_MAX_PROXIES);
        return -1;
    }
    return 0;
}

int gr_config_load(gr_config *cfg, int argc, char **argv)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    *cfg = (gr_config){
        .bind = NULL,
        .port = 8080,
        .threads = cores > 0 ? (unsigned)cores : 1,
        .max_body = UINT64_C(64) << 20,
        .max_request_memory = UINT64_C(512) << 20,
        .timeout = 30,
        .max_connections = 1024,
        .max_conn_per_ip = 0,
        .backlog = 511,
        .max_inflight = 64,
        .max_inflight_client = GR_CONFIG_UNSET,
        .rate_per_client = 50,
        .rate_burst = 100,
        .max_queue = 30,
        .trusted_proxies = NULL,
        .forwarded_header = "x-forwarded-for",
        .shutdown_timeout = 30,
        .max_analysis = 30,
        .max_search_nodes = 8000000,
        .max_quotient_order = 4096,
        .cache_memory = (uint64_t)256 << 20,
        .background_threads = 1,
        .max_octal_values = (uint64_t)1 << 25,
        .log_flush_ms = 100,
        .cors_origin = "*",
        .log_format = GR_LOG_TEXT,
        .max_memory = gr_config_default_memory(),
    };
    for (size_t i = 0; i < GR_NOPTS; i++) {
        const char *v = getenv(gr_opts[i].env);
        if (v != NULL && *v != '\0' && gr_config_set(cfg, &gr_opts[i], v, gr_opts[i].env) != 0) {
            return -1;
        }
    }
    for (int a = 1; a < argc; a++) {
        const char *arg = argv[a];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            gr_config_usage(stdout);
            return 1;
        }
        if (strcmp(arg, "--version") == 0) {
            printf("grundyd %s\n", GR_VERSION);
            return 1;
        }
        const gr_opt *o = NULL;
        const char *val = NULL;
        for (size_t i = 0; i < GR_NOPTS && o == NULL; i++) {
            size_t fl = strlen(gr_opts[i].flag);
            if (strncmp(arg, gr_opts[i].flag, fl) == 0) {
                if (arg[fl] == '=') {
                    o = &gr_opts[i];
                    val = arg + fl + 1;
                } else if (arg[fl] == '\0') {
                    o = &gr_opts[i];
                    if (a + 1 >= argc) {
                        fprintf(stderr, "grundyd: %s needs a value\n", arg);
                        return -1;
                    }
                    val = argv[++a];
                }
            }
        }
        if (o == NULL) {
            fprintf(stderr, "grundyd: unknown option %s\n\n", arg);
            gr_config_usage(stderr);
            return -1;
        }
        if (gr_config_set(cfg, o, val, o->flag) != 0) {
            return -1;
        }
    }
    return gr_config_fairness(cfg);
}
