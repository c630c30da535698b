/* Shared by the families solved by search; see search_games.h. */
#include "json/search_games.h"

gr_search_opts gr_json_search_opts(const gr_jctx *c)
{
    gr_search_opts o = {.max_nodes = c->max_search_nodes != 0 ? c->max_search_nodes
                                                              : GR_SEARCH_DEFAULT_NODES};
    return o;
}

gr_status gr_json_search_failed(gr_jctx *c, gr_status st, const char *ptr)
{
    gr_search_opts o = gr_json_search_opts(c);
    switch (st) {
    case GR_ENOMEM:
        return gr_json_oom(c);
    case GR_ELIMIT:
        return gr_json_error(c, GR_ELIMIT, ptr,
                             "the position is too large to solve by search: it needs more "
                             "than %llu search nodes (--max-search-nodes)",
                             (unsigned long long)o.max_nodes);
    case GR_ETIME:
        return gr_json_error(c, GR_ETIME, ptr,
                             "the search ran past the request's time limit: the position "
                             "is too large");
    case GR_ECANCELLED:
        return gr_json_error(c, GR_ECANCELLED, ptr, "the search was cancelled");
    default:
        return gr_json_error(c, GR_EINTERNAL, ptr, "search failed");
    }
}
