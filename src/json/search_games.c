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
    case GR_ECANCELLED:
        /* the request's stop conditions (gr_arena_check): main's wording */
        return gr_json_stopped(c, gr_json_error(c, st, ptr, "the search was stopped"));
    default:
        return gr_json_error(c, GR_EINTERNAL, ptr, "search failed");
    }
}
