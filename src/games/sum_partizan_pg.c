/*
 * A ruleset component of /v1/sum searched as a position
 * (include/grundy/sum_position.h, src/core/sum_position_pg.c) instead of
 * valued: its position read by the ruleset's own reader, its moves
 * written as its endpoint writes them.
 *
 * The ruleset is the adapter's own table (gr_pgame.ruleset, set by
 * GR_RULESET_ADAPTER): one reader and one move writer per game, shared
 * with its endpoint.
 */
#include "games/sum_partizan_pos.h"

gr_status gr_psum_rs_read(gr_jctx *c, const gr_ruleset *rs, const cJSON *obj, const char *ptr,
                          gr_psum_rspos *out)
{
    const cJSON *f[GR_RULESET_FIELDS] = {NULL};
    gr_jfield fields[GR_RULESET_FIELDS];
    size_t n = 0;
    for (; n < GR_RULESET_FIELDS && rs->fields[n].name != NULL; n++) {
        fields[n] = (gr_jfield){rs->fields[n].name, rs->fields[n].required, &f[n]};
    }
    gr_status st = gr_json_pgame_object(c, obj, ptr, fields, n);
    if (st != GR_OK) {
        return st;
    }
    *out = (gr_psum_rspos){rs, NULL, GR_ARENA_ARRAY_UNINIT(c->arena, uint8_t, GR_PG_MAX_POS), 0};
    if (out->pos == NULL) {
        return gr_json_oom(c);
    }
    return rs->read(c, f, ptr, out->pos, &out->len, &out->ctx);
}

gr_status gr_psum_rs_moves(gr_jctx *c, gr_sum_pos *pos, const gr_psum_rspos *rp, int side,
                           cJSON ***moves, gr_cgt **after, size_t **nafter, size_t *n)
{
    gr_pg_move *m;
    gr_status st = gr_sum_pos_ruleset_moves(pos, rp->rs->rules, rp->ctx, rp->pos, rp->len,
                                            side == 0, &m, after, nafter, n);
    if (st != GR_OK) {
        return st; /* the caller says which failure */
    }
    if ((*moves = GR_ARENA_ARRAY(c->arena, cJSON *, *n + 1)) == NULL) {
        return gr_json_oom(c);
    }
    for (size_t k = 0; k < *n; k++) {
        (*moves)[k] = rp->rs->move(c, rp->ctx, &m[k], false);
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

/* A ruleset's component is first valued within this share of the node
 * budget; past it, it is searched as a position (sum_position_pg.c). */
#ifndef GR_PSUM_RS_SHARE
#define GR_PSUM_RS_SHARE 64
#endif

gr_status gr_psum_analyse(gr_jctx *c, gr_cgt_store *s, gr_sum_pos *pos, const cJSON *it,
                          const char *ptr, gr_psum_part *p)
{
    const gr_ruleset *rs = p->pg->ruleset;
    if (rs == NULL) {
        return p->pg->analyse(c, it, ptr, s, &p->state, &p->value);
    }
    uint64_t saved = c->max_search_nodes, budget = gr_json_search_opts(c).max_nodes;
    gr_problem before = c->problem;
    c->max_search_nodes = budget / GR_PSUM_RS_SHARE > 0 ? budget / GR_PSUM_RS_SHARE : 1;
    gr_status st = p->pg->analyse(c, it, ptr, s, &p->state, &p->value);
    c->max_search_nodes = saved;
    if (st != GR_ELIMIT) {
        return st;
    }
    c->problem = before; /* not a failure: the component is searched instead */
    if ((st = gr_psum_rs_read(c, rs, it, ptr, &p->rpos)) != GR_OK) {
        return st;
    }
    p->position = true;
    p->value = gr_cgt_zero(s);
    if ((p->h = GR_ARENA_ARRAY(c->arena, gr_cgt, GR_PSUM_POS_MAX)) == NULL) {
        return gr_json_oom(c);
    }
    st = gr_sum_pos_ruleset(pos, rs->rules, p->rpos.ctx, p->rpos.pos, p->rpos.len, p->h, &p->nh);
    return st != GR_OK ? gr_psum_failed(c, st, ptr) : GR_OK;
}
