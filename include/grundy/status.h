/*
 * Status codes shared by every layer of grundyd.
 *
 * The core returns one of these and writes its results through
 * out-parameters; the JSON layer adds a pointer and a sentence; the HTTP
 * layer turns the pair into an RFC 9457 problem response.  Keeping the set
 * small (as nginx does with NGX_OK/NGX_ERROR/NGX_AGAIN) lets every caller
 * check and return early so the happy path reads straight down.
 */
#ifndef GRUNDY_STATUS_H
#define GRUNDY_STATUS_H

typedef enum gr_status {
    GR_OK = 0,
    GR_ENOMEM,   /* the arena's memory budget is exhausted  -> 413 */
    GR_EINVAL,   /* the input is invalid (cycle, bad id...) -> 400 */
    GR_ELIMIT,   /* well-formed but outside a documented limit -> 422 */
    GR_EINTERNAL, /* a bug: should never be seen            -> 500 */
    GR_ETIME,     /* the analysis ran past its deadline      -> 422 */
    GR_ECANCELLED, /* the request was cancelled (client gone,
                    * server stopping): nobody reads an answer -> 503 */
    GR_EUNAVAILABLE, /* the service is going away (stopping before the
                      * work could run); retry elsewhere     -> 503 */
    GR_EDECLINED     /* the service declines the work for now (every
                      * solving slot busy); retry shortly    -> 503 */
} gr_status;

#endif
