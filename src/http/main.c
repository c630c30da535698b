/*
 * grundyd: parse the configuration, start the daemon, wait for SIGTERM or
 * SIGINT, drain, exit 0.
 *
 * The signals are blocked before libmicrohttpd starts its threads, so every
 * thread inherits the mask and only sigwait() here ever sees them: no
 * async-signal-safety puzzles in a handler.
 */
#include <signal.h>
#include <stdio.h>

#include "http/config.h"
#include "http/server.h"

int main(int argc, char **argv)
{
    gr_config cfg;
    int rc = gr_config_load(&cfg, argc, argv);
    if (rc != 0) {
        return rc > 0 ? 0 : 2;
    }
    signal(SIGPIPE, SIG_IGN);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, NULL);

    gr_server *srv = gr_server_start(&cfg);
    if (srv == NULL) {
        return 1;
    }
    const gr_config *in = gr_server_config(srv);
    fprintf(stderr,
            "grundyd %s listening on %s:%u (%u threads, %u connections at most%s, "
            "%zu descriptors, %llu MiB for requests)\n",
            GR_VERSION, cfg.bind != NULL ? cfg.bind : "0.0.0.0", gr_server_port(srv), cfg.threads,
            in->max_connections,
            in->max_connections_fitted ? " (lowered to fit the descriptor limit)" : "",
            in->descriptors, (unsigned long long)(in->max_memory >> 20));
    fflush(stderr);

    int sig = 0;
    sigwait(&set, &sig);
    fprintf(stderr, "grundyd: %s received, draining\n", sig == SIGTERM ? "SIGTERM" : "SIGINT");
    gr_server_drain_and_stop(srv);
    fprintf(stderr, "grundyd: stopped\n");
    return 0;
}
