/* Daemon configuration: flags with environment fallbacks. */
#ifndef GR_CONFIG_H
#define GR_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum gr_log_format { GR_LOG_TEXT, GR_LOG_JSON, GR_LOG_OFF } gr_log_format;

typedef struct gr_config {
    const char *bind; /* address to listen on; NULL = all */
    unsigned port;
    unsigned threads;            /* MHD thread pool size */
    uint64_t max_body;           /* bytes */
    uint64_t max_request_memory; /* per-request arena budget, bytes */
    unsigned timeout;            /* request head deadline and idle timeout, seconds */
    unsigned max_connections;
    unsigned max_conn_per_ip; /* 0 = unlimited */
    unsigned backlog;
    unsigned max_inflight; /* solving requests at once; past it 503 */
    /* fairness between clients (pool.c, client.c) */
    unsigned max_inflight_client; /* jobs queued or running per client; 0: unlimited */
    unsigned rate_per_client;     /* requests a second per client; 0: unlimited */
    unsigned rate_burst;          /* the token bucket's depth */
    unsigned max_queue;           /* seconds a job may wait for a worker; 0: unlimited */
    unsigned max_streams;         /* event streams open at once */
    unsigned max_streams_client;  /* event streams one client may have open; 0: unlimited */
    const char *trusted_proxies;  /* CIDR list; NULL: none */
    const char *forwarded_header; /* "x-forwarded-for" or "forwarded" */
    unsigned shutdown_timeout;    /* seconds to wait for in-flight requests */
    unsigned max_analysis;        /* seconds any analysis may run */
    unsigned log_flush_ms;        /* access log lines are written within this; 0: at once */
    uint64_t max_memory;          /* every request arena together, bytes */
    uint64_t max_search_nodes;    /* games solved by search: node budget per request */
    unsigned max_quotient_order;  /* misère quotients: the most elements */
    const char *cors_origin;
    gr_log_format log_format;
    uint64_t cache_memory;     /* bytes of the shared table cache */
    uint64_t max_octal_values; /* octal table bound (values) */
    const char *table_dir;     /* the table store's directory; NULL: none */
    unsigned background_threads; /* period searches of octal tables */
    unsigned background_seconds; /* per code, until asked beyond it again; 0: no bound */
    /* Set at start, not by flags: */
    size_t descriptors;          /* the soft RLIMIT_NOFILE in force */
    bool max_connections_fitted; /* --max-connections was lowered to fit it */
} gr_config;

/* --max-memory's default: 3/4 of the cgroup's memory limit when one is
 * set, else 1 GiB. */
uint64_t gr_config_default_memory(void);

/* Parses argv (and the environment).  Returns 0 to run, 1 when --help or
 * --version printed and the process should exit 0, -1 on a usage error
 * (message already printed; exit 2). */
int gr_config_load(gr_config *cfg, int argc, char **argv);

#endif
