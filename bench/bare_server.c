/*
 * The floor for small requests: a bare libmicrohttpd server with the same
 * threading as grundyd (internal thread pool on epoll, one thread per core
 * by default) that reads the POST body correctly and answers a fixed JSON
 * document.  bench/small_requests.sh runs wrk against it and grundyd in
 * alternation; grundyd's requests/s over this server's is the figure.
 *
 *   bare_server PORT [THREADS [CONNECTION_MEMORY_LIMIT]]
 *
 * CONNECTION_MEMORY_LIMIT (bytes, default libmicrohttpd's 32 KiB) is there
 * to measure what a daemon's choice of that option costs: libmicrohttpd
 * 0.9.75 zeroes the whole per-connection pool between keep-alive requests.
 */
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char answer[] =
    "{\"grundy\":2,\"winner\":\"first\",\"winning_move\":{\"pile\":0,\"from\":3,\"to\":1}}";

typedef struct body {
    char buf[4096];
    size_t len;
} body;

static enum MHD_Result handler(void *cls, struct MHD_Connection *conn, const char *url,
                               const char *method, const char *version,
                               const char *upload, size_t *upload_size, void **con_cls)
{
    (void)cls, (void)url, (void)method, (void)version;
    body *b = *con_cls;
    if (b == NULL) {
        b = calloc(1, sizeof(*b));
        if (b == NULL) {
            return MHD_NO;
        }
        *con_cls = b;
        return MHD_YES;
    }
    if (*upload_size != 0) {
        size_t n = *upload_size;
        if (b->len + n <= sizeof(b->buf)) {
            memcpy(b->buf + b->len, upload, n);
            b->len += n;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    struct MHD_Response *r = MHD_create_response_from_buffer(
        sizeof(answer) - 1, (void *)answer, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(r, "Content-Type", "application/json");
    enum MHD_Result ret = MHD_queue_response(conn, 200, r);
    MHD_destroy_response(r);
    return ret;
}

static void completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                      enum MHD_RequestTerminationCode toe)
{
    (void)cls, (void)conn, (void)toe;
    free(*con_cls);
    *con_cls = NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bare_server PORT [THREADS]\n");
        return 2;
    }
    unsigned port = (unsigned)atoi(argv[1]);
    long threads = argc > 2 ? atol(argv[2]) : sysconf(_SC_NPROCESSORS_ONLN);
    long memlimit = argc > 3 ? atol(argv[3]) : 32 * 1024;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC, (uint16_t)port, NULL,
        NULL, handler, NULL, MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_CONNECTION_TIMEOUT, 30u, MHD_OPTION_CONNECTION_LIMIT, 1024u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)memlimit,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)(threads > 1 ? threads : 1), MHD_OPTION_END);
    if (d == NULL) {
        fprintf(stderr, "bare_server: cannot listen on %u\n", port);
        return 1;
    }
    int sig;
    sigwait(&set, &sig);
    MHD_stop_daemon(d);
    return 0;
}
